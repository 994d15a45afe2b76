/**
 * The read policy's blocked names (`.env*`, `secrets/`, `*.key`, `*.pem`) hold inside git output
 * too: a diff or a commit that touches such a file is shown without it, as Read, Grep and Glob
 * leave it out. What is checked is each file's path as the workspace sees it. (A blob named by its
 * bare object id has no path to check: see docs/security.md.)
 */
import { fail } from '../../../errors.js'
import type { ChunkedText } from '../../../lib/chunked-text.js'
import { RecordReader } from '../../../lib/records.js'
import { Slices } from '../../../lib/slices.js'
import { type BlockPolicy, isBlocked } from '../../../workspace/index.js'
import { ARGV_BYTES_MAX, ARGV_COUNT_MAX } from '../../limits.js'
import type { Repo } from './repo.js'

/** The paths among `files` (relative to the repository's top level) that the read policy blocks. */
export async function blockedAmong(repo: Pick<Repo, 'topRel'>, files: string[], policy: BlockPolicy): Promise<Set<string>> {
  // A set: the callers filter every changed file by it, and a commit can change 200,000 (a list held
  // the server for seconds); checked a slice at a time, other calls running between slices.
  const blocked = new Set<string>()
  const slices = new Slices()
  for (let i = 0; i < files.length; i++) {
    if (slices.due) await slices.next()
    if (isBlocked(repo.topRel === '.' ? files[i] : `${repo.topRel}/${files[i]}`, 'read', policy) !== null) blocked.add(files[i])
  }
  return blocked
}

/** The note for what was left out: how many files, never their names (listings hide those too). */
export function leftOutNote(count: number): string {
  return `${count} changed file${count === 1 ? ' is a blocked path' : 's are blocked paths'} (.env*, secrets/, *.key, *.pem or as configured) and left out`
}

/** `--` and the files to show instead, as literal pathspecs from the top level; refused when they would not fit a command line. */
export function onlyThese(files: string[]): string[] {
  if (files.length > ARGV_COUNT_MAX / 2 || files.reduce((n, f) => n + Buffer.byteLength(f) + 1, 0) > ARGV_BYTES_MAX / 2) {
    fail('INVALID_REQUEST', 'This change touches blocked paths and too many other files to list them; narrow it with paths or a smaller range')
  }
  return ['--', ...files]
}

/**
 * Paths in `git show --format= --name-status -z` output: one after each status, two after a
 * rename or copy; null when the output is not that (nothing can then be told apart).
 */
export async function namesOfStatus(stdout: string | readonly string[]): Promise<string[] | null> {
  const chunks = typeof stdout === 'string' ? [stdout] : [...stdout]
  if (chunks.length > 0) chunks[0] = chunks[0].replace(/^\n+/, '')
  const reader = new RecordReader(chunks, '\0')
  const names: string[] = []
  const slices = new Slices()
  for (let status = reader.next(); status !== undefined; status = reader.next()) {
    if (slices.due) await slices.next()
    if (!/^[A-Z]+\d*$/.test(status)) return null
    for (let k = /^[RC]/.test(status) ? 2 : 1; k > 0; k--) {
      const name = reader.next()
      if (name === undefined) return null
      names.push(name)
    }
  }
  return names
}

/**
 * Past this many header lines, or characters of them, the exact look (the commit's own file list)
 * costs less than this one: a tag's message of a million `diff --git` lines held the loop 0.5 s,
 * and 60 MB of such lines of 8,000 words each 12 s.
 */
const CHEAP_LOOK_LINES = 10_000
const CHEAP_LOOK_CHARS = 64 * 1024
/** Nor is a patch past this size read for it: joined whole, 64 MB was one copy of ~0.25 s. */
const CHEAP_LOOK_BYTES = 8 << 20

/** True when a `diff --git`/`diff --cc` header line of `patch` names something that may be blocked: the cheap look before the exact one. */
export function mayShowBlocked(text: string | ChunkedText, policy: BlockPolicy): boolean {
  if (typeof text !== 'string' && text.bytes > CHEAP_LOOK_BYTES) return true
  const patch = typeof text === 'string' ? text : text.text
  let lines = 0
  let chars = 0
  for (const line of patch.matchAll(/^diff --(?:git|cc|combined) (.*)$/gm)) {
    if (++lines > CHEAP_LOOK_LINES || (chars += line[1].length) > CHEAP_LOOK_CHARS) return true
    for (const word of line[1].split(/\s+/)) {
      const name = word.replace(/^"|"$/g, '').replace(/^[ab]\//, '')
      if (name && isBlocked(name, 'read', policy) !== null) return true
    }
  }
  return false
}
