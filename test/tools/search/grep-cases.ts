/**
 * The table of Grep cases: rg, as toolgate runs it, must give exactly these answers on the
 * fixture tree (fixture.ts).
 */
export interface GrepCase {
  name: string
  args: Record<string, unknown>
  headers?: Record<string, string>
  /** Expected `output` of a successful call. */
  output?: string
  meta?: Record<string, unknown>
  /** A warning expected in `messages`. */
  message?: RegExp
  error?: { status: number; code: string; message: RegExp }
}

import { ROWS, ROW_MARKS } from './fixture.js'

const lines = (...l: string[]) => l.join('\n')

/** What rg prints for MARK in big/rows.txt with -B/-A context (a small oracle for the table). */
function rowsContext(before: number, after: number): string {
  const show = new Set<number>()
  for (const m of ROW_MARKS) for (let n = Math.max(1, m - before); n <= Math.min(ROWS.length, m + after); n++) show.add(n)
  const out: string[] = []
  let last = 0
  for (const n of [...show].sort((a, b) => a - b)) {
    if (last && n > last + 1) out.push('--')
    out.push(`big/rows.txt${ROW_MARKS.includes(n) ? ':' : '-'}${n}${ROW_MARKS.includes(n) ? ':' : '-'}${ROWS[n - 1]}`)
    last = n
  }
  return out.join('\n')
}
const ALL_TODO = lines(
  '.hidden/h.ts',
  'keep.log',
  'notes/crlf.txt',
  'notes/keep.log',
  'notes/unicode.txt',
  'pkg/deeper/y.ts',
  'pkg/main.ts',
  'src/app.ts',
  'src/sub/deep.py',
  'src/util.js',
  'src/view.tsx',
)
const A1 = [
  'src/app.ts:2:// TODO: first thing',
  'src/app.ts-3-export function foo(a: number) {',
  '--',
  'src/sub/deep.py:2:    pass  # TODO py',
  '--',
  'src/util.js:2:  // TODO util',
  'src/util.js-3-}',
  '--',
  'src/view.tsx:1:export const View = () => null // TODO view',
]
const MULTI = lines('notes/multi.txt:1:start', 'notes/multi.txt:2:middle', 'notes/multi.txt:3:end', 'notes/multi.txt:4:start again', 'notes/multi.txt:5:end')

export const GREP_CASES: GrepCase[] = [
  {
    name: 'files_with_matches by default, in path order',
    args: { pattern: 'TODO' },
    output: ALL_TODO,
    meta: { mode: 'files_with_matches', matches: 11, files: 11, truncated: false },
  },
  { name: 'case-sensitive by default', args: { pattern: 'todo', path: 'src' }, output: 'src/app.ts' },
  {
    name: '-i ignores case',
    args: { pattern: 'todo', path: 'src', '-i': true },
    output: lines('src/app.ts', 'src/sub/deep.py', 'src/util.js', 'src/view.tsx'),
  },
  {
    name: 'content with line numbers (the default -n)',
    args: { pattern: 'TODO', path: 'src', output_mode: 'content' },
    output: lines(
      'src/app.ts:2:// TODO: first thing',
      'src/sub/deep.py:2:    pass  # TODO py',
      'src/util.js:2:  // TODO util',
      'src/view.tsx:1:export const View = () => null // TODO view',
    ),
    meta: { mode: 'content', matches: 4, files: 4, truncated: false },
  },
  {
    name: 'content with -n false',
    args: { pattern: 'TODO', path: 'src/sub', output_mode: 'content', '-n': false },
    output: 'src/sub/deep.py:    pass  # TODO py',
  },
  {
    name: 'count per file',
    args: { pattern: 'function', path: 'src', output_mode: 'count' },
    output: lines('src/app.ts:2', 'src/util.js:1'),
    meta: { matches: 3, files: 2 },
  },
  {
    name: '-C 1 in one file, groups separated by --',
    args: { pattern: 'export function', path: 'src/app.ts', output_mode: 'content', '-C': 1 },
    output: lines(
      'src/app.ts-2-// TODO: first thing',
      'src/app.ts:3:export function foo(a: number) {',
      'src/app.ts-4-  return a * 2',
      '--',
      'src/app.ts-7-// todo lowercase',
      'src/app.ts:8:export function bar() {}',
    ),
    meta: { matches: 2, files: 1 },
  },
  { name: '-A 1 across files', args: { pattern: 'TODO', path: 'src', output_mode: 'content', '-A': 1 }, output: lines(...A1) },
  {
    name: '-B wins over -C for its side',
    args: { pattern: 'return', path: 'src/app.ts', output_mode: 'content', '-B': 2, '-C': 1 },
    output: lines('src/app.ts-2-// TODO: first thing', 'src/app.ts-3-export function foo(a: number) {', 'src/app.ts:4:  return a * 2', 'src/app.ts-5-}'),
  },
  { name: 'context is ignored outside content mode', args: { pattern: 'return', path: 'src', '-C': 3 }, output: 'src/app.ts' },
  {
    name: 'glob with braces',
    args: { pattern: 'TODO', glob: '*.{ts,tsx}' },
    output: lines('.hidden/h.ts', 'pkg/deeper/y.ts', 'pkg/main.ts', 'src/app.ts', 'src/view.tsx'),
  },
  { name: 'glob with a folder', args: { pattern: 'TODO', glob: 'pkg/**/*.ts' }, output: lines('pkg/deeper/y.ts', 'pkg/main.ts') },
  {
    name: 'negated glob',
    args: { pattern: 'TODO', glob: '!src/**' },
    output: lines('.hidden/h.ts', 'keep.log', 'notes/crlf.txt', 'notes/keep.log', 'notes/unicode.txt', 'pkg/deeper/y.ts', 'pkg/main.ts'),
  },
  { name: 'two globs separated by a space', args: { pattern: 'TODO', glob: '*.py *.js' }, output: lines('src/sub/deep.py', 'src/util.js') },
  { name: 'type py', args: { pattern: 'TODO', type: 'py' }, output: 'src/sub/deep.py' },
  { name: 'type js', args: { pattern: 'TODO', type: 'js' }, output: 'src/util.js' },
  { name: 'type ts', args: { pattern: 'TODO', type: 'ts' }, output: lines('.hidden/h.ts', 'pkg/deeper/y.ts', 'pkg/main.ts', 'src/app.ts', 'src/view.tsx') },
  {
    name: 'multiline: a match over several lines',
    args: { pattern: 'start.*?end', multiline: true, output_mode: 'content', path: 'notes' },
    output: MULTI,
    meta: { matches: 5, files: 1 },
  },
  {
    name: 'multiline count counts matches',
    args: { pattern: 'start.*?end', multiline: true, output_mode: 'count', path: 'notes' },
    output: 'notes/multi.txt:2',
  },
  {
    name: 'multiline: \\n in the pattern',
    args: { pattern: 'middle\\nend', multiline: true, output_mode: 'content', path: 'notes' },
    output: lines('notes/multi.txt:2:middle', 'notes/multi.txt:3:end'),
  },
  {
    name: 'without multiline, \\n is refused',
    args: { pattern: 'middle\\nend' },
    error: { status: 400, code: 'VALIDATION_ERROR', message: /Invalid regex pattern.*not allowed in a regex/s },
  },
  {
    name: 'multiline with context',
    args: { pattern: 'middle\\nend', multiline: true, output_mode: 'content', path: 'notes/multi.txt', '-B': 1 },
    output: lines('notes/multi.txt-1-start', 'notes/multi.txt:2:middle', 'notes/multi.txt:3:end'),
  },
  {
    name: 'context across the 1 MB chunks of a large file',
    args: { pattern: 'MARK', path: 'big', output_mode: 'content', '-C': 2 },
    output: rowsContext(2, 2),
    meta: { matches: 6 },
  },
  { name: 'long before-context across chunks', args: { pattern: 'MARK', path: 'big', output_mode: 'content', '-B': 5, '-A': 0 }, output: rowsContext(5, 0) },
  { name: 'count in a large file', args: { pattern: 'MARK', path: 'big/rows.txt', output_mode: 'count' }, output: 'big/rows.txt:6' },
  { name: 'multiline in a large file', args: { pattern: 'MARK.*\\n.*MARK', multiline: true, path: 'big', output_mode: 'count' }, output: 'big/rows.txt:1' },
  { name: 'count in one named file', args: { pattern: 'function', path: 'src/app.ts', output_mode: 'count' }, output: 'src/app.ts:2' },
  {
    name: 'head_limit on paths',
    args: { pattern: 'TODO', head_limit: 3 },
    output: lines('.hidden/h.ts', 'keep.log', 'notes/crlf.txt'),
    meta: { matches: 3, files: 3, truncated: true },
  },
  {
    name: 'head_limit on content lines (separators count)',
    args: { pattern: 'TODO', path: 'src', output_mode: 'content', '-A': 1, head_limit: 4 },
    output: lines(...A1.slice(0, 4)),
    meta: { matches: 2, files: 2, truncated: true },
  },
  {
    name: 'head_limit not reached',
    args: { pattern: 'TODO', path: 'src', head_limit: 4 },
    output: lines('src/app.ts', 'src/sub/deep.py', 'src/util.js', 'src/view.tsx'),
    meta: { truncated: false },
  },
  {
    name: 'regex with special characters',
    args: { pattern: '\\$5\\.00 \\(approx\\) \\[x\\]', output_mode: 'content' },
    output: "src/app.ts:6:const price = '$5.00 (approx) [x]'",
  },
  { name: 'a pattern that looks like an option', args: { pattern: '--flag', output_mode: 'content' }, output: 'docs/readme.md:3:- item --flag' },
  { name: 'word boundaries', args: { pattern: '\\bfoo\\b', output_mode: 'count' }, output: lines('src/app.ts:1', 'src/sub/deep.py:1') },
  { name: 'Unicode \\w (as rg)', args: { pattern: '\\w+e TODO', output_mode: 'content', path: 'notes' }, output: 'notes/unicode.txt:1:Grüße TODO' },
  { name: 'Unicode case folding', args: { pattern: 'école', '-i': true, path: 'notes' }, output: 'notes/unicode.txt' },
  { name: '$ does not match before \\r', args: { pattern: 'TODO$', path: 'notes', output_mode: 'content' }, output: 'notes/unicode.txt:1:Grüße TODO' },
  { name: 'CRLF lines print without \\r', args: { pattern: 'beta', path: 'notes', output_mode: 'content' }, output: 'notes/crlf.txt:2:beta TODO' },
  { name: 'no matches: success, empty output', args: { pattern: 'zzz_nothing_here' }, output: '', meta: { matches: 0, files: 0, truncated: false } },
  { name: 'invalid regex', args: { pattern: 'foo(' }, error: { status: 400, code: 'VALIDATION_ERROR', message: /Invalid regex pattern/ } },
  { name: 'look-around is refused, as rg does', args: { pattern: '(?<=a)b' }, error: { status: 400, code: 'VALIDATION_ERROR', message: /look-around/ } },
  { name: 'invalid glob', args: { pattern: 'x', glob: '[ab' }, error: { status: 400, code: 'VALIDATION_ERROR', message: /Invalid glob/ } },
  { name: 'path outside the workspace', args: { pattern: 'TODO', path: '../' }, error: { status: 403, code: 'PATH_OUTSIDE_WORKSPACE', message: /workspace/ } },
  {
    name: 'path through a symlink to the outside',
    args: { pattern: 'TODO', path: 'outside-link' },
    error: { status: 403, code: 'PATH_OUTSIDE_WORKSPACE', message: /outside the workspace/ },
  },
  { name: 'missing path', args: { pattern: 'TODO', path: 'nope' }, error: { status: 404, code: 'FILE_NOT_FOUND', message: /nope/ } },
  { name: '.env and other blocked files are never searched', args: { pattern: 'hunter2' }, output: '', meta: { matches: 0 } },
  { name: 'a glob cannot bring blocked files back', args: { pattern: 'hunter2', glob: '.env*' }, output: '' },
  { name: 'a whitelisting glob cannot either', args: { pattern: 'hunter2', glob: '*', '-i': true }, output: '' },
  { name: '.env as path is refused', args: { pattern: 'hunter2', path: '.env' }, error: { status: 403, code: 'PATH_BLOCKED', message: /blocked/ } },
  { name: 'secrets folder as path is refused', args: { pattern: 'TODO', path: 'secrets' }, error: { status: 403, code: 'PATH_BLOCKED', message: /blocked/ } },
  { name: '.git is never searched', args: { pattern: 'TODO git' }, output: '' },
  { name: 'binary files are skipped', args: { pattern: 'binary' }, output: '' },
  { name: 'a binary file named as path is reported, not searched', args: { pattern: 'binary', path: 'bin.dat' }, output: '', message: /binary file/ },
  { name: 'nested .gitignore', args: { pattern: 'TODO', path: 'pkg' }, output: lines('pkg/deeper/y.ts', 'pkg/main.ts') },
  { name: "a parent folder's .gitignore applies below it", args: { pattern: 'TODO', path: 'pkg/deeper' }, output: 'pkg/deeper/y.ts' },
  {
    name: 'very long lines: omitted as rg does, or cut',
    args: { pattern: 'LONGMATCH|MIDLONG', path: 'notes', output_mode: 'content', '-A': 1 },
    output: lines(
      'notes/long.txt:1:[Omitted long matching line]',
      `notes/long.txt:2:${'y'.repeat(2000)}… [line truncated: 1009 more characters]`,
      'notes/long.txt-3-after long',
    ),
  },
  {
    name: 'root .gitignore applies in a subfolder (with its ! rule)',
    args: { pattern: 'TODO', path: 'notes' },
    output: lines('notes/crlf.txt', 'notes/keep.log', 'notes/unicode.txt'),
  },
  { name: 'an ignored folder named as path is searched', args: { pattern: 'TODO', path: 'ignored' }, output: 'ignored/hidden.ts' },
  {
    name: 'output cut to X-Max-Output-Size',
    args: { pattern: 'TODO', output_mode: 'content' },
    headers: { 'x-max-output-size': '1124' },
    output: lines('.hidden/h.ts:1:// TODO hidden', 'keep.log:1:TODO keep', 'notes/crlf.txt:2:beta TODO'),
    meta: { truncated: true, matches: 3 },
    message: /Output truncated/,
  },
]
