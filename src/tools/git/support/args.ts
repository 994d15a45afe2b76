/**
 * The option-injection guard: no caller string may reach git where git would read it as an
 * option. Every ref, rev and path a caller names is checked here before git runs: a leading `-`
 * is refused (400 GIT_OPTION_INJECTION), revisions must match a conservative pattern and are
 * then resolved to object ids (repo.ts), which are what git is given; paths go after `--`.
 */
import { fail } from '../../../errors.js'

const MAX_ARG = 1024

const shown = (v: string) => JSON.stringify(v.length > 120 ? `${v.slice(0, 120)}…` : v)

/** Refuses values git could take for an option, and control characters no ref or path needs. */
export function assertNotOption(field: string, value: string): void {
  if (value.startsWith('-')) {
    fail(
      'GIT_OPTION_INJECTION',
      `Value for ${field} starts with "-", so git would read it as an option: ${shown(value)}; ` +
        'pass a revision or path that does not start with "-" (for a file named so, use "./-name")',
      { details: { field, received: value.slice(0, 200) } },
    )
  }
  if (/[\0\r\n]/.test(value)) {
    fail('INVALID_REQUEST', `Value for ${field} contains a NUL or line break; pass a single revision or path`, { details: { field } })
  }
  if (value.length > MAX_ARG) fail('INVALID_REQUEST', `Value for ${field} is longer than ${MAX_ARG} characters`, { details: { field } })
}

/**
 * One revision: names, ids and suffixes such as `main`, `v1.0`, `HEAD~2`, `HEAD^{tree}`,
 * `@{u}`, `origin/feature-x`. No spaces, no `:` (paths are handled apart), no `..` (ranges are
 * split before this check).
 */
const REV = /^[A-Za-z0-9_@][A-Za-z0-9_./@{}~^+=-]*$/

export function assertRev(field: string, value: string): void {
  assertNotOption(field, value)
  if (!REV.test(value) || value.includes('..')) {
    fail(
      'INVALID_REQUEST',
      `Value for ${field} is not a revision git_tools accept: ${shown(value)}; use a branch, tag or ` +
        'commit id, optionally with ~N, ^N or ^{type} (letters, digits and . _ / @ { } ~ ^ + = - only)',
      { details: { field, received: value.slice(0, 200) } },
    )
  }
}

export interface RevRange {
  /** `A..B` or `A...B`; absent for a single revision. */
  op?: '..' | '...'
  left: string
  /** Right side of a range; '' means HEAD, as in git. */
  right?: string
}

/** git_diff's `rev`: one revision or a range `A..B` / `A...B` (either side may be empty: HEAD). */
export function parseRevRange(field: string, value: string): RevRange {
  assertNotOption(field, value)
  const m = /^(.*?)(\.\.\.?)(.*)$/.exec(value)
  if (!m) {
    assertRev(field, value)
    return { left: value }
  }
  const [, left, op, right] = m
  if (left === '' && right === '') fail('INVALID_REQUEST', `Value for ${field} is an empty range; use A..B, A...B or one revision`)
  if (left !== '') assertRev(field, left)
  if (right !== '') assertRev(field, right)
  return { op: op as '..' | '...', left, right }
}

export interface ShowRef {
  rev: string
  /** Path of `<rev>:<path>`, or undefined for a plain revision. */
  path?: string
}

/** git_show's `ref`: a revision, or `<rev>:<path>` for a blob or tree at a revision. */
export function parseShowRef(field: string, value: string): ShowRef {
  assertNotOption(field, value)
  if (value.trim() === '') fail('INVALID_REQUEST', `Value for ${field} is empty; pass a commit, tag, tree or blob name such as HEAD or HEAD:README.md`)
  const colon = value.indexOf(':')
  if (colon < 0) {
    assertRev(field, value)
    return { rev: value }
  }
  const rev = value.slice(0, colon)
  const path = value.slice(colon + 1)
  if (rev === '') fail('INVALID_REQUEST', `Value for ${field} names an index entry (":path"); use <rev>:<path>, such as HEAD:${path}`)
  assertRev(field, rev)
  if (path.startsWith('/') || path.split('/').includes('..')) {
    fail('PATH_OUTSIDE_WORKSPACE', `The path in ${field} must be relative to the repository and stay inside it: ${shown(path)}`)
  }
  return { rev, path }
}
