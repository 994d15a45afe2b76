/**
 * A repository is hostile input: its config can make git run programs (filters, textconv, diff
 * drivers, fsmonitor, pager, editor, ssh, credential helpers, gpg) or read files elsewhere
 * (include.path). git has no switch to ignore a repository's config, so git tools keep only the
 * keys below, which only describe data. Sandboxed, git reads a copy holding just those keys instead
 * of the real file (run.ts); without the sandbox, a repository with any other key is refused.
 */
import crypto from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { realTmpdir } from '../../../sandbox/index.js'

/** Keys (lower case, `*` = one subsection) that never name a program or another file. */
const INERT = new Set([
  'core.repositoryformatversion',
  'core.bare',
  'core.filemode',
  'core.symlinks',
  'core.ignorecase',
  'core.precomposeunicode',
  'core.logallrefupdates',
  'core.autocrlf',
  'core.eol',
  'core.safecrlf',
  'core.abbrev',
  'core.compression',
  'core.bigfilethreshold',
  'core.quotepath',
  'core.checkstat',
  'extensions.objectformat',
  'init.defaultbranch',
  'user.name',
  'user.email',
  'i18n.commitencoding',
  'remote.*.url',
  'remote.*.fetch',
  'remote.*.pushurl',
  'branch.*.remote',
  'branch.*.merge',
  'branch.*.rebase',
  'pull.rebase',
  'pull.ff',
  'push.default',
  'merge.conflictstyle',
  'merge.ff',
  'diff.renames',
  'diff.algorithm',
  'diff.mnemonicprefix',
  'status.showuntrackedfiles',
  'gc.auto',
  'color.ui',
])

export function isInert(key: string): boolean {
  const parts = key.toLowerCase().split('.')
  const shape = parts.length > 2 ? `${parts[0]}.*.${parts[parts.length - 1]}` : parts.join('.')
  return INERT.has(shape)
}

export interface ConfigEntry {
  key: string
  value: string
}

/** `git config --list --null` output: `key\nvalue\0` records (a key alone when it has no value). */
export function parseConfigList(out: string): ConfigEntry[] {
  return out
    .split('\0')
    .filter(Boolean)
    .map((rec) => {
      const nl = rec.indexOf('\n')
      return nl === -1 ? { key: rec, value: 'true' } : { key: rec.slice(0, nl), value: rec.slice(nl + 1) }
    })
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')

/**
 * Configs parsed by git, by workspace and text: the same text always parses alike
 * (`--no-includes`), and a parse is a sandboxed run. Only small parses are kept (real configs list
 * a few KB; a hostile 1 MiB one can list 60 MB), so the whole stays under 256 × 16 KiB; and by
 * workspace, so that how fast a call answers tells nothing of another workspace's repositories.
 */
const parsed = new Map<string, ConfigEntry[]>()
const PARSED_MAX = 256
export const PARSED_KEPT_CHARS = 16 * 1024

/** The entries of config `text` in `scope`, from `parse` (null when git refuses the text) unless this text was parsed there before. */
export async function parseConfigOnce(
  scope: string,
  text: string,
  parse: () => Promise<{ entries: ConfigEntry[]; listed: number } | null>,
): Promise<ConfigEntry[] | null> {
  const key = sha256(`${scope}\0${text}`)
  const known = parsed.get(key)
  if (known) return known
  const got = await parse()
  if (got === null) return null
  if (got.listed <= PARSED_KEPT_CHARS) {
    if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value as string)
    parsed.set(key, got.entries)
  }
  return got.entries
}

/** Whether the parse of `text` in `scope` is kept (for tests). */
export const parseKept = (scope: string, text: string): boolean => parsed.has(sha256(`${scope}\0${text}`))

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`

/** Config file text for `entries` (already filtered), one section header per key. */
export function configText(entries: ConfigEntry[]): string {
  return entries
    .map(({ key, value }) => {
      const first = key.indexOf('.')
      const last = key.lastIndexOf('.')
      const section = key.slice(0, first)
      const sub = first === last ? '' : ` ${quote(key.slice(first + 1, last))}`
      return `[${section}${sub}]\n\t${key.slice(last + 1)} = ${quote(value)}\n`
    })
    .join('')
}

let folder: Promise<string> | undefined

/** Writes the inert part of a repository's config to a private file (named by its content) and returns its path. */
export async function writeInertConfig(entries: ConfigEntry[]): Promise<string> {
  const text = configText(entries.filter((e) => isInert(e.key)))
  folder ??= realTmpdir().then((tmp) => fs.mkdtemp(path.join(tmp, 'toolgate-git-config-')))
  const file = path.join(await folder, `${sha256(text).slice(0, 32)}.config`)
  // Written aside and linked in, so that a concurrent call never mounts a half-written file; never
  // replaced once there (same name, same text): bwrap checks the file it binds is still the one opened.
  const tmp = `${file}.${crypto.randomUUID()}`
  await fs.writeFile(tmp, text, { mode: 0o600 })
  try {
    await fs.link(tmp, file).catch((err: NodeJS.ErrnoException) => (err.code === 'EEXIST' ? undefined : Promise.reject(err)))
  } finally {
    await fs.rm(tmp, { force: true })
  }
  return file
}
