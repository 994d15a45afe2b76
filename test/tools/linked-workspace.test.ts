/**
 * Every tool family on a workspace reached through a symbolic link (TOOLGATE_WORKSPACE is a link,
 * as /tmp is on macOS), through the real app: absolute paths spelt with the configured root work
 * for the file, notebook, search, git and shell tools, and for a key confined to a subfolder;
 * `..` through the link, and the rest of the server workspace for that key, stay 403.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import { makeRepo } from './git/helpers.js'
import { code, jupyterText, md, notebook } from './validator/fixtures.js'

let base: string
let real: string
/** The configured workspace: `base/link` → `base/real`. */
let L: string
let t: TestApp
let subKey: string

type Res = Awaited<ReturnType<TestApp['call']>>
const ok = (res: Res) => {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
  expect(res.body.status).toBe('ok')
  return res.body
}
const outside = (res: Res) => {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(403)
  expect(res.body.error_code).toBe('PATH_OUTSIDE_WORKSPACE')
}

beforeAll(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-linked-')))
  real = path.join(base, 'real')
  L = path.join(base, 'link')
  await fs.mkdir(path.join(real, 'sub'), { recursive: true })
  await fs.mkdir(path.join(base, 'outside'))
  await fs.writeFile(path.join(base, 'outside', 'secret.txt'), 'OUTSIDE SECRET\n')
  await fs.writeFile(path.join(real, 'a.txt'), 'alpha\n')
  await fs.writeFile(path.join(real, 'sub', 'f.txt'), 'in sub\n')
  await fs.writeFile(path.join(real, 'nb.ipynb'), jupyterText(notebook([md('# Title', 'm1'), code('x = 1\n', 'c1')])))
  await makeRepo(path.join(real, 'sub', 'repo'))
  await fs.symlink(real, L)
  t = await buildTestApp({ workspace: L })
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/keys',
    headers: { authorization: `Bearer ${t.adminKey}` },
    payload: { name: 'in-sub', scopes: ['read', 'write', 'exec'], workspace: 'sub' },
  })
  subKey = res.json().key
})
afterAll(async () => {
  await t.close()
  await fs.rm(base, { recursive: true, force: true })
})

describe('linked workspace: absolute paths spelt with the configured root', () => {
  it('file tools read, write, edit, list, make and remove', async () => {
    expect(ok(await t.call('Read', { file_path: `${L}/a.txt` })).output).toContain('alpha')
    ok(await t.call('Write', { file_path: `${L}/w.txt`, content: 'one\n' }))
    ok(await t.call('Edit', { file_path: `${L}/w.txt`, old_string: 'one', new_string: 'two' }))
    expect(await fs.readFile(path.join(real, 'w.txt'), 'utf8')).toBe('two\n')
    expect(ok(await t.call('fs_read', { path: `${L}/w.txt` })).output).toContain('two')
    expect(ok(await t.call('fs_write', { path: `${L}/v.txt`, content: 'v' })).metadata.path).toBe('v.txt')
    expect(ok(await t.call('fs_list', { path: L })).metadata.path).toBe('.')
    ok(await t.call('fs_mkdir', { path: `${L}/dir/deep` }))
    expect((await fs.stat(path.join(real, 'dir', 'deep'))).isDirectory()).toBe(true)
    ok(await t.call('fs_remove', { path: `${L}/dir`, recursive: true }))
    expect(await fs.stat(path.join(real, 'dir')).catch(() => null)).toBeNull()
  })

  it('fs_remove refuses the root spelt through the link, and the root stays', async () => {
    for (const p of [L, `${L}/`, `${L}/sub/..`]) {
      const res = await t.call('fs_remove', { path: p, recursive: true, force: true })
      expect(res.statusCode).toBe(403)
      expect(res.body.error_code).toBe('FORBIDDEN')
    }
    expect(await fs.readFile(path.join(real, 'a.txt'), 'utf8')).toBe('alpha\n')
  })

  it('notebook tools edit and assess a notebook named through the link', async () => {
    ok(await t.call('NotebookEdit', { notebook_path: `${L}/nb.ipynb`, cell_id: 'c1', new_source: 'x = 2' }))
    expect(await fs.readFile(path.join(real, 'nb.ipynb'), 'utf8')).toContain('x = 2')
    const quality = await t.call('validator.run_quality', { notebook_path: `${L}/nb.ipynb` })
    expect(quality.statusCode, JSON.stringify(quality.body)).toBe(200)
    expect(quality.body.details.notebook_path).toBe('nb.ipynb')
  })

  it('search tools search a folder and a file named through the link', async () => {
    expect(ok(await t.call('Glob', { pattern: '**/*.txt', path: L })).metadata.matches).toContain('sub/f.txt')
    expect(ok(await t.call('Grep', { pattern: 'alpha', path: `${L}/a.txt`, output_mode: 'content' })).output).toContain('alpha')
  })

  it('git tools take repo_path, and shell takes cwd, through the link', async () => {
    expect(ok(await t.call('git_status', { repo_path: `${L}/sub/repo` })).metadata.repo_path).toBe('sub/repo')
    const sh = ok(await t.call('shell', { command: 'pwd', cwd: `${L}/sub` }))
    expect(sh.output.trim()).toBe(path.join(real, 'sub'))
    expect(sh.metadata.cwd).toBe('sub')
  })
})

describe('linked workspace: `..` through the link stays outside, for every family', () => {
  const outside = () => `${L}/../outside`
  it.each([
    ['Read', () => ({ file_path: `${outside()}/secret.txt` })],
    ['Write', () => ({ file_path: `${outside()}/pwned.txt`, content: 'x' })],
    ['fs_list', () => ({ path: outside() })],
    ['NotebookEdit', () => ({ notebook_path: `${outside()}/nb.ipynb`, cell_id: '0', new_source: 'x' })],
    ['Glob', () => ({ pattern: '*', path: outside() })],
    ['Grep', () => ({ pattern: 'SECRET', path: outside() })],
    ['git_status', () => ({ repo_path: outside() })],
    ['shell', () => ({ command: 'cat secret.txt', cwd: outside() })],
  ] as const)('%s', async (tool, body) => {
    outside(await t.call(tool, body()))
    expect(await fs.readdir(path.join(base, 'outside'))).toEqual(['secret.txt'])
  })
})

describe('linked workspace: only the configured spelling is registered', () => {
  it('another link to the workspace is refused, not followed', async () => {
    const other = path.join(base, 'other-link')
    await fs.symlink(real, other)
    outside(await t.call('Read', { file_path: `${other}/a.txt` }))
    outside(await t.call('Write', { file_path: `${other}/o.txt`, content: 'x' }))
    expect(await fs.stat(path.join(real, 'o.txt')).catch(() => null)).toBeNull()
  })
})

describe('linked workspace: a key confined to a subfolder', () => {
  it('names its own folder through the linked server root, with every family', async () => {
    expect(ok(await t.call('Read', { file_path: `${L}/sub/f.txt` }, { key: subKey })).metadata.file_path).toBe('f.txt')
    ok(await t.call('Write', { file_path: `${L}/sub/k.txt`, content: 'k' }, { key: subKey }))
    expect(await fs.readFile(path.join(real, 'sub', 'k.txt'), 'utf8')).toBe('k')
    expect(ok(await t.call('Glob', { pattern: '*.txt', path: `${L}/sub` }, { key: subKey })).metadata.matches).toContain('f.txt')
    expect(ok(await t.call('git_status', { repo_path: `${L}/sub/repo` }, { key: subKey })).metadata.repo_path).toBe('repo')
    expect(ok(await t.call('shell', { command: 'pwd', cwd: `${L}/sub` }, { key: subKey })).output.trim()).toBe(path.join(real, 'sub'))
  })

  it('is refused the rest of the server workspace, by either spelling', async () => {
    for (const p of [`${L}/a.txt`, `${real}/a.txt`, `${L}/sub/../a.txt`]) {
      outside(await t.call('Read', { file_path: p }, { key: subKey }))
    }
    outside(await t.call('Write', { file_path: `${L}/k2.txt`, content: 'x' }, { key: subKey }))
    outside(await t.call('Glob', { pattern: '*', path: L }, { key: subKey }))
    outside(await t.call('shell', { command: 'pwd', cwd: L }, { key: subKey }))
    expect(await fs.stat(path.join(real, 'k2.txt')).catch(() => null)).toBeNull()
  })
})
