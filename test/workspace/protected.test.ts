/**
 * Issue 17 item 2: the server's own files (its data folder, the files its secrets came from, its
 * code) are out of every file tool's reach even when they lie inside the workspace, tried as an
 * attacker would spell them: relative, absolute, through `..`, a link to them, a linked parent,
 * another case, a trailing slash; and left out of listings (fs_list, Glob, Grep, fs_glob). Beside
 * each refusal, a positive control: a normal file next to it is read.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

const SERVER_ONLY = 'SERVER-ONLY-3f9a'
const SECRET_HEX = 'cd'.repeat(32)

let t: TestApp
let ws: string
let data: string
let key: string

beforeAll(async () => {
  ws = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-protected-')))
  data = path.join(ws, 'srv', 'data')
  await fs.mkdir(data, { recursive: true })
  await fs.mkdir(path.join(ws, 'conf'))
  await fs.writeFile(path.join(ws, 'conf', 'secret.hex'), `${SECRET_HEX}\n`)
  t = await buildTestApp({
    workspace: ws,
    dataDir: data,
    env: { TOOLGATE_SECRET_KEY_FILE: path.join(ws, 'conf', 'secret.hex'), TOOLGATE_SANDBOX: 'bwrap' },
  })
  // The server's own files, and their neighbours that are the workspace's.
  await fs.writeFile(path.join(data, 'probe.txt'), `${SERVER_ONLY}\n`)
  await fs.writeFile(path.join(ws, 'notes.txt'), 'WORKSPACE-OK\n')
  await fs.mkdir(path.join(ws, 'srv', 'database'))
  await fs.writeFile(path.join(ws, 'srv', 'database', 'probe.txt'), 'WORKSPACE-OK sibling\n')
  await fs.writeFile(path.join(ws, 'srv', 'data.txt'), 'WORKSPACE-OK prefix\n')
  await fs.writeFile(path.join(ws, 'conf', 'other.txt'), 'WORKSPACE-OK conf\n')
  await fs.symlink(path.join(data, 'probe.txt'), path.join(ws, 'link-to-probe'))
  await fs.symlink(data, path.join(ws, 'link-to-data'))
  await fs.symlink('srv', path.join(ws, 'link-to-srv'))
  key = await t.key(['read', 'write', 'exec'], 'attacker')
}, 120_000)
afterAll(async () => {
  await t?.close()
  await fs.rm(ws, { recursive: true, force: true })
})

const call = (tool: string, body: Record<string, unknown>) => t.call(tool, body, { key })

/** The spellings of one protected file an attacker would try. */
const spellings = () => [
  'srv/data/probe.txt',
  path.join(data, 'probe.txt'),
  'srv/database/../data/probe.txt',
  './srv//data/./probe.txt',
  'conf/../srv/data/probe.txt',
  'link-to-probe',
  'link-to-data/probe.txt',
  'link-to-srv/data/probe.txt',
  'SRV/DATA/probe.txt',
  'srv/Data/PROBE.txt',
  path.join(ws, 'link-to-srv', 'data', 'probe.txt'),
]

function expectProtected(res: { statusCode: number; body: any }, label: string) {
  expect(res.statusCode, `${label}: ${JSON.stringify(res.body)}`).toBe(403)
  expect(res.body.error_code).toBe('PATH_BLOCKED')
  expect(res.body.details?.rule).toMatch(/^server-(data|secret|code)$/)
  expect(JSON.stringify(res.body)).not.toContain(SERVER_ONLY)
}

describe('file tools refuse the data folder, however it is spelt', () => {
  it.each(['Read', 'fs_read'])('%s: every spelling is 403 PATH_BLOCKED; the files beside it are read', async (tool) => {
    const arg = tool === 'Read' ? 'file_path' : 'path'
    for (const p of spellings()) expectProtected(await call(tool, { [arg]: p }), `${tool} ${p}`)
    for (const p of ['notes.txt', 'srv/database/probe.txt', 'srv/data.txt', 'conf/other.txt']) {
      const res = await call(tool, { [arg]: p })
      expect(res.statusCode, p).toBe(200)
      expect(JSON.stringify(res.body)).toContain('WORKSPACE-OK')
    }
  })

  it('the secret file a setting was read from (TOOLGATE_SECRET_KEY_FILE) is refused too', async () => {
    for (const p of ['conf/secret.hex', path.join(ws, 'conf/secret.hex'), 'CONF/Secret.HEX']) {
      const res = await call('Read', { file_path: p })
      expectProtected(res, p)
      expect(res.body.details.rule).toBe('server-secret')
      expect(JSON.stringify(res.body)).not.toContain(SECRET_HEX)
    }
  })

  it('the folder itself, with and without a trailing slash, cannot be listed, written, made or removed', async () => {
    for (const p of ['srv/data', 'srv/data/', 'link-to-data', 'link-to-data/', 'SRV/DATA/']) expectProtected(await call('fs_list', { path: p }), `fs_list ${p}`)
    expectProtected(await call('Write', { file_path: 'srv/data/new.txt', content: 'x' }), 'Write new')
    expectProtected(await call('Write', { file_path: 'link-to-data/probe.txt', content: 'x' }), 'Write over')
    expectProtected(await call('fs_write', { path: 'srv/DATA/pglite/new', content: 'x' }), 'fs_write')
    expectProtected(await call('Edit', { file_path: 'srv/data/probe.txt', old_string: SERVER_ONLY, new_string: 'x' }), 'Edit')
    expectProtected(await call('fs_mkdir', { path: 'srv/data/sub' }), 'fs_mkdir')
    expectProtected(await call('fs_remove', { path: 'srv/data', recursive: true }), 'fs_remove data')
    // A folder that holds the data folder cannot be removed either; its other entries can.
    expectProtected(await call('fs_remove', { path: 'srv', recursive: true }), 'fs_remove srv')
    expect((await call('fs_remove', { path: 'srv/data.txt' })).statusCode).toBe(200)
    await fs.writeFile(path.join(ws, 'srv', 'data.txt'), 'WORKSPACE-OK prefix\n')
    expect(await fs.readFile(path.join(data, 'probe.txt'), 'utf8')).toBe(`${SERVER_ONLY}\n`)
    expect(await fs.readdir(data)).not.toContain('new.txt')
    expect(await fs.readdir(data)).not.toContain('sub')
  })

  it('a key confined to the data folder is refused when created', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { authorization: `Bearer ${t.adminKey}` },
      payload: { name: 'inside', scopes: ['exec'], workspace: 'srv/data/pglite' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().error_code).toBe('PATH_BLOCKED')
    const fine = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { authorization: `Bearer ${t.adminKey}` },
      payload: { name: 'beside', scopes: ['exec'], workspace: 'srv/database' },
    })
    expect(fine.statusCode).toBe(201)
  })
})

describe('listings leave them out', () => {
  it('fs_list of the folder holding it shows its neighbours, not it', async () => {
    const res = await call('fs_list', { path: 'srv' })
    expect(res.statusCode).toBe(200)
    expect(res.body.metadata.entries).toEqual(['data.txt', 'database'])
    expect((await call('fs_list', { path: 'conf' })).body.metadata.entries).toEqual(['other.txt'])
  })

  it('Glob and fs_glob list no file of it', async () => {
    expect(JSON.stringify((await call('Glob', { pattern: '**/probe.txt' })).body)).toContain('srv/database/probe.txt')
    for (const [tool, body] of [
      ['Glob', { pattern: '**/*.txt' }],
      ['fs_glob', { pattern: '**/*.txt' }],
      ['Glob', { pattern: '**/probe.txt', path: 'srv' }],
      ['Glob', { pattern: '**/*', path: 'link-to-srv' }],
      ['Glob', { pattern: 'srv/data/**' }],
      ['fs_glob', { pattern: '**/data/*' }],
    ] as const) {
      const res = await call(tool, body)
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
      const text = JSON.stringify(res.body)
      expect(text, tool).not.toMatch(/srv\/data\/|secret\.hex/i)
    }
  })

  it('Grep finds the workspace files, never the server files', async () => {
    for (const body of [
      { pattern: 'SERVER-ONLY|WORKSPACE-OK', output_mode: 'content' },
      { pattern: 'SERVER-ONLY|WORKSPACE-OK', output_mode: 'files_with_matches', path: 'srv' },
      { pattern: 'cdcdcdcd', output_mode: 'files_with_matches' },
      { pattern: '.', output_mode: 'count', path: 'conf' },
      // the caller's own glob cannot bring them back in
      { pattern: 'SERVER-ONLY', output_mode: 'content', glob: 'srv/data/**' },
      { pattern: 'SERVER-ONLY', output_mode: 'content', glob: '**/probe.txt' },
    ]) {
      const res = await call('Grep', body)
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
      const text = JSON.stringify(res.body)
      expect(text).not.toContain(SERVER_ONLY)
      expect(text).not.toMatch(/srv\/data\/|secret\.hex|cdcdcdcd/)
    }
    expect(JSON.stringify((await call('Grep', { pattern: 'WORKSPACE-OK', output_mode: 'content' })).body)).toContain('notes.txt')
    expectProtected(await call('Grep', { pattern: 'x', path: 'srv/data' }), 'Grep in it')
    expectProtected(await call('Grep', { pattern: 'x', path: 'link-to-probe' }), 'Grep a link to it')
  })
})

describe('git tools', () => {
  it('cannot be pointed at it; status of the repo holding it does not show its files', async () => {
    const git = await call('Bash', { command: 'git init -q . && git add notes.txt && git -c user.name=a -c user.email=a@b commit -qm init && echo done' })
    expect(git.body.output).toContain('done')
    expectProtected(await call('git_status', { repo_path: 'srv/data' }), 'git_status data')
    expectProtected(await call('git_diff', { repo_path: 'link-to-data' }), 'git_diff link')
    const status = await call('git_status', {})
    expect(status.statusCode, JSON.stringify(status.body)).toBe(200)
    expect(JSON.stringify(status.body)).not.toMatch(/probe\.txt"|srv\/data\//)
    expect(JSON.stringify(status.body)).toContain('srv/')
  })
})

describe('a workspace inside the data folder (/srv/toolgate/workspace)', () => {
  it('starts, runs tools in the workspace, and reaches nothing else of the data folder', async () => {
    const data = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-data-holds-ws-')))
    const inner = await buildTestApp({ dataDir: data, workspace: path.join(data, 'workspace'), env: { TOOLGATE_SANDBOX: 'bwrap' } })
    try {
      const k = await inner.key(['read', 'write', 'exec'], 'inner')
      expect((await inner.call('Write', { file_path: 'a.txt', content: 'inside\n' }, { key: k })).statusCode).toBe(200)
      const shell = await inner.call('Bash', { command: 'cat a.txt; ls ..' }, { key: k })
      expect(shell.body.output).toContain('inside\n')
      expect(shell.body.output).not.toContain('pglite')
      for (const p of ['../pglite/PG_VERSION', path.join(data, 'pglite', 'PG_VERSION')]) {
        const res = await inner.call('Read', { file_path: p }, { key: k })
        expect(res.statusCode, p).toBe(403)
        expect(res.body.error_code).toBe('PATH_OUTSIDE_WORKSPACE')
      }
    } finally {
      await inner.close()
      await fs.rm(data, { recursive: true, force: true })
    }
  })
})
