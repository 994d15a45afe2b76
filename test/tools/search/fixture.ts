/**
 * A generated source tree for the search tests: code, a root and a nested .gitignore, blocked
 * files holding the token, a binary file, hidden folders, CRLF and Unicode text, and symlinks to
 * the outside and inside. Every app in a test file searches this same tree.
 */
import { execFileSync } from 'node:child_process'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildTestApp, type TestApp } from '../../helper.js'
import { allTools } from '../../../src/tools/index.js'
import { searchTools } from '../../../src/tools/search/index.js'

export const hasRg = (() => {
  try {
    execFileSync('rg', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

export const tools = [...new Map([...allTools, ...searchTools].map((t) => [t.name, t])).values()]

/** Lines of 100 bytes; MARK on lines around the 1 MB and 2 MB boundaries (a large file, read in chunks). */
export const ROW_MARKS = [10484, 10486, 10489, 20971, 20972, 25000]
export const ROWS = Array.from(
  { length: 25_000 },
  (_, i) => `row ${String(i + 1).padStart(6, '0')} ${ROW_MARKS.includes(i + 1) ? 'MARK' : '....'}${'.'.repeat(84)}`,
)

export const FILES: Record<string, string | Buffer> = {
  'big/rows.txt': `${ROWS.join('\n')}\n`,
  '.gitignore': 'ignored/\n*.log\n!keep.log\n',
  'src/app.ts': [
    "import { x } from './x'",
    '// TODO: first thing',
    'export function foo(a: number) {',
    '  return a * 2',
    '}',
    "const price = '$5.00 (approx) [x]'",
    '// todo lowercase',
    'export function bar() {}',
    '',
  ].join('\n'),
  'src/util.js': 'function helper() {\n  // TODO util\n}\n',
  'src/view.tsx': 'export const View = () => null // TODO view\n',
  'src/sub/deep.py': 'def foo():\n    pass  # TODO py\n',
  'docs/readme.md': '# Readme\nNothing to do here.\n- item --flag\n',
  'ignored/hidden.ts': '// TODO ignored\n',
  'debug.log': 'TODO log\n',
  'keep.log': 'TODO keep\n',
  '.env': 'SECRET=hunter2 TODO\n',
  '.env.local': 'TODO local hunter2\n',
  'config/app.key': 'TODO key hunter2\n',
  'certs/server.pem': 'TODO pem hunter2\n',
  'secrets/pass.txt': 'TODO secret hunter2\n',
  'bin.dat': Buffer.from('TODO binary\0\x01\x02 more binary\n'),
  'pkg/.gitignore': 'gen/\n',
  'pkg/gen/out.ts': '// TODO generated\n',
  'pkg/main.ts': '// TODO pkg main\n',
  'pkg/deeper/gen/x.ts': '// TODO generated deeper\n',
  'pkg/deeper/y.ts': '// TODO deeper\n',
  'notes/long.txt': `${'x'.repeat(30_000)} LONGMATCH\n${'y'.repeat(2500)} MIDLONG ${'z'.repeat(500)}\nafter long\n`,
  '.hidden/h.ts': '// TODO hidden\n',
  '.git/HEAD': 'TODO git\n',
  'notes/multi.txt': 'start\nmiddle\nend\nstart again\nend\n',
  'notes/unicode.txt': 'Grüße TODO\nÉCOLE\n',
  'notes/crlf.txt': 'alpha\r\nbeta TODO\r\n',
  'notes/trace.log': 'TODO trace\n',
  'notes/keep.log': 'TODO keep2\n',
}

export interface SearchTree {
  ws: string
  outside: string
  cleanup(): Promise<void>
}

export async function makeSearchTree(): Promise<SearchTree> {
  const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-search-')))
  const ws = path.join(base, 'ws')
  const outside = path.join(base, 'outside')
  await fs.mkdir(outside, { recursive: true })
  await fs.writeFile(path.join(outside, 'o.ts'), '// TODO outside hunter2\n')
  for (const [rel, body] of Object.entries(FILES)) {
    await fs.mkdir(path.dirname(path.join(ws, rel)), { recursive: true })
    await fs.writeFile(path.join(ws, rel), body)
  }
  await fs.symlink(outside, path.join(ws, 'outside-link'))
  await fs.symlink(path.join(outside, 'o.ts'), path.join(ws, 'outfile.ts'))
  await fs.symlink('src/app.ts', path.join(ws, 'link.ts'))
  return { ws, outside, cleanup: () => fs.rm(base, { recursive: true, force: true }) }
}

/** An app on the shared tree, with extra environment (e.g. TOOLGATE_RG). */
export function appOn(tree: SearchTree, env?: Record<string, string>): Promise<TestApp> {
  return buildTestApp({ tools, workspace: tree.ws, ...(env && { env }) })
}
