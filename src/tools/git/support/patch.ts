/**
 * Reads a unified diff the way `git apply` does (headers, then hunks consumed by their line
 * counts) to check it before git sees it: it must be a unified diff (400 otherwise), and no path
 * it names, in `diff --git`, `---`/`+++`, rename or copy lines, may be absolute, climb with `..`,
 * or enter a `.git` folder; nor may it create symbolic links (403).
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { fail } from '../../../errors.js'

export interface PatchSummary {
  /** Paths the patch touches, as git will name them (without the a/ b/ prefixes). */
  files: string[]
  hunks: number
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/

/** A header path: C-quoted ("a/x\ty") or plain; a trailing tab and timestamp are dropped. */
export function unquote(raw: string): string {
  if (!raw.startsWith('"')) return raw.split('\t')[0].trimEnd()
  let out = ''
  const bytes: number[] = []
  const flush = () => {
    if (bytes.length) {
      out += Buffer.from(bytes).toString('utf8')
      bytes.length = 0
    }
  }
  for (let i = 1; i < raw.length; i++) {
    const c = raw[i]
    if (c === '"') break
    if (c !== '\\') {
      flush()
      out += c
      continue
    }
    const n = raw[++i]
    if (/[0-7]/.test(n)) {
      bytes.push(parseInt(raw.slice(i, i + 3), 8))
      i += 2
      continue
    }
    flush()
    out += ({ n: '\n', t: '\t', '"': '"', '\\': '\\', a: '\x07', b: '\b', f: '\f', r: '\r', v: '\v' } as Record<string, string>)[n] ?? n
  }
  flush()
  return out
}

const stripPrefix = (p: string) => (p.startsWith('a/') || p.startsWith('b/') ? p.slice(2) : p)

function checkPath(raw: string): string | null {
  if (raw === '/dev/null') return null
  if (raw.includes('\0')) fail('INVALID_REQUEST', 'The patch names a path with a NUL byte')
  if (raw.startsWith('/') || raw.startsWith('~') || /^[A-Za-z]:[\\/]/.test(raw)) {
    fail('PATH_OUTSIDE_WORKSPACE', `The patch touches an absolute path (${JSON.stringify(raw)}); use paths relative to the repository (a/… b/…)`, {
      details: { path: raw },
    })
  }
  const segs = raw.split(/[\\/]/)
  if (segs.includes('..')) {
    fail('PATH_OUTSIDE_WORKSPACE', `The patch touches a path that climbs out with '..' (${JSON.stringify(raw)}); use paths inside the repository`, {
      details: { path: raw },
    })
  }
  if (segs.some((s) => s.toLowerCase() === '.git')) {
    fail('PATH_BLOCKED', `The patch touches git's own folder (${JSON.stringify(raw)}); patches may change work-tree files only`, {
      details: { path: raw, rule: 'git-dir' },
    })
  }
  return stripPrefix(raw)
}

/** `diff --git a/x b/y`: quoted names, or plain ones split where the two halves agree. */
function gitHeaderPaths(rest: string): string[] {
  if (rest.startsWith('"')) {
    const end = rest.indexOf('" ', 1)
    return [unquote(rest.slice(0, end + 1)), unquote(rest.slice(end + 2))]
  }
  const half = (rest.length - 1) / 2
  if (Number.isInteger(half) && rest[half] === ' ' && stripPrefix(rest.slice(0, half)) === stripPrefix(rest.slice(half + 1))) {
    return [rest.slice(0, half), rest.slice(half + 1)]
  }
  // names differ (a rename): check every space-separated piece, which covers every way to split
  return rest.split(' ')
}

/**
 * The file modes a patch header line names (`new file mode 100644`, `index a..b 100644`); none for
 * other lines. Read as git reads them (apply.c, strtoul): spaces and a sign before the digits and
 * anything after a space are allowed, so `new file mode  120000` or `… +120000 x` is a link too.
 */
function modesOf(line: string): string[] {
  const m =
    /^(?:new file mode|new mode|old mode|deleted file mode) \s*([+-]?[0-7]+)(?=\s|$)/.exec(line) ?? /^index [^ ]*\.\.[^ ]* \s*([+-]?[0-7]+)(?=\s|$)/.exec(line)
  return m ? [m[1]] : []
}

/** git reads a mode as octal and keeps only its type bits: `120755` or `0120644` is a link as much as `120000`. */
export const isRegularMode = (mode: string): boolean => (Number.parseInt(mode, 8) & 0o170000) === 0o100000

/** The `--- ` / `+++ ` pair at line `i`, both paths checked: the file the patch changes there. */
function changedFile(lines: string[], i: number): string {
  if (!lines[i + 1]?.startsWith('+++ ')) fail('INVALID_REQUEST', `Not a unified diff: line ${i + 1} ("--- …") is not followed by a "+++ …" line`)
  const from = unquote(lines[i].slice(4))
  const to = unquote(lines[i + 1].slice(4))
  if (from === '/dev/null' && to === '/dev/null') fail('INVALID_REQUEST', `Not a unified diff: line ${i + 1} names /dev/null on both sides`)
  checkPath(from)
  return to === '/dev/null' ? from : to
}

/** The index of the last line of the hunk whose header is line `i`, its lines counted against the header's counts. */
function hunkEnd(lines: string[], i: number, afterHeader: boolean): number {
  const m = HUNK.exec(lines[i])
  if (!m) fail('INVALID_REQUEST', `Not a unified diff: line ${i + 1} is not a hunk header "@@ -a,b +c,d @@"`)
  if (!afterHeader) fail('INVALID_REQUEST', `Not a unified diff: the hunk at line ${i + 1} has no "--- " / "+++ " header before it`)
  let oldLeft = m[2] === undefined ? 1 : Number(m[2])
  let newLeft = m[4] === undefined ? 1 : Number(m[4])
  while ((oldLeft > 0 || newLeft > 0) && i + 1 < lines.length) {
    const l = lines[++i]
    if (l.startsWith('\\')) continue
    if (l.startsWith('-')) oldLeft--
    else if (l.startsWith('+')) newLeft--
    else if (l.startsWith(' ') || l === '') {
      oldLeft--
      newLeft--
    } else {
      fail('INVALID_REQUEST', `Not a valid unified diff: line ${i + 1} in a hunk starts with neither " ", "+" nor "-"; check the hunk's line counts`)
    }
  }
  if (oldLeft > 0 || newLeft > 0) fail('INVALID_REQUEST', `Not a valid unified diff: the hunk at line ${i + 1} ends early; check its line counts`)
  return i
}

/** Lines read between turns of the event loop: a 10 MiB patch is ~120,000 of them per 100 ms here. */
const SLICE_LINES = 8192

/** Reads and checks a unified diff, with a turn of the event loop every SLICE_LINES lines. */
export async function parsePatch(patch: string): Promise<PatchSummary> {
  const lines = patch.replace(/\r\n/g, '\n').split('\n')
  const files = new Set<string>()
  let hunks = 0
  let headers = 0
  const add = (raw: string) => {
    const p = checkPath(raw)
    if (p !== null) files.add(p)
  }
  for (let i = 0, turn = SLICE_LINES; i < lines.length; i++) {
    if (i >= turn) {
      turn = i + SLICE_LINES
      await nextTurn()
    }
    const line = lines[i]
    if (line.startsWith('diff --git ')) {
      for (const p of gitHeaderPaths(line.slice('diff --git '.length))) checkPath(p)
    } else if (/^(rename|copy) (from|to) /.test(line)) {
      add(unquote(line.replace(/^(rename|copy) (from|to) /, '')))
    } else if (!modesOf(line).every(isRegularMode)) {
      fail('PATH_BLOCKED', 'The patch creates or changes a symbolic link or a submodule; git_apply_patch changes regular files only', {
        details: { rule: 'symlink' },
      })
    } else if (line.startsWith('--- ')) {
      add(changedFile(lines, i))
      headers++
      i++
    } else if (line.startsWith('@@')) {
      i = hunkEnd(lines, i, headers > 0)
      hunks++
    }
  }
  if (headers === 0 || hunks === 0) {
    fail('INVALID_REQUEST', 'Not a unified diff: expected "--- a/file" and "+++ b/file" headers followed by "@@ -a,b +c,d @@" hunks (as git diff prints them)')
  }
  return { files: [...files], hunks }
}
