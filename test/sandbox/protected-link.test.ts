/**
 * The data folder configured through a link inside the workspace (TOOLGATE_DATA_DIR=ws/dlink,
 * dlink → real). The sandbox hid the link's target as it was at each call, so a shell that
 * pointed the link elsewhere uncovered the real folder at the next call (`cat real/secret.key`
 * read the sealing key, found by an attacker's review), and one pointed at another key's folder
 * covered it with an empty one. It now hides the path as configured and the real path the data
 * folder had at start, never where the link leads now. Each refusal has a positive control beside it.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

const SERVER_ONLY = 'SERVER-ONLY-4e9a'

interface Shell {
  output: string
  metadata: { returncode: number | null }
}

describe('a data folder reached through a link the shell can change', () => {
  let t: TestApp
  let ws: string
  let bash: (command: string) => Promise<Shell>

  beforeAll(async () => {
    ws = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-data-link-')))
    await fs.mkdir(path.join(ws, 'real'))
    await fs.symlink('real', path.join(ws, 'dlink'))
    t = await buildTestApp({ workspace: ws, dataDir: path.join(ws, 'dlink'), env: { TOOLGATE_SANDBOX: 'bwrap' } })
    await fs.writeFile(path.join(ws, 'real', 'probe.txt'), `${SERVER_ONLY}\n`)
    await fs.writeFile(path.join(ws, 'notes.txt'), 'WORKSPACE-OK\n')
    const key = await t.key(['exec'], 'attacker')
    bash = async (command) => {
      const res = await t.call('Bash', { command }, { key })
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
      return res.body
    }
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await fs.rm(ws, { recursive: true, force: true })
  })

  it('runs in bwrap, and hides the folder by both names while the link is as configured', async () => {
    expect(t.app.sandbox.mode).toBe('bwrap')
    const r = await bash('cat real/probe.txt dlink/probe.txt; ls -A real | wc -l; cat notes.txt')
    expect(r.output).not.toContain(SERVER_ONLY)
    expect(r.output).toContain('WORKSPACE-OK') // positive control: the workspace itself is there
  })

  it.each([
    ['pointed at an empty folder', 'rm dlink && mkdir empty && ln -s empty dlink'],
    ['pointed at nothing', 'rm -f dlink && ln -s missing dlink'],
    ['replaced by a folder', 'rm -f dlink && mkdir dlink'],
    ['pointed outside the workspace', 'rm -rf dlink && ln -s /tmp dlink'],
  ])('the link %s, the next call still finds nothing of it', async (_, swap) => {
    await bash(swap)
    const r = await bash(`cat real/probe.txt; ls -A real; echo evil > real/new.txt; cat real/new.txt`)
    expect(r.output).not.toContain(SERVER_ONLY)
    expect(r.output).not.toContain('evil')
    expect(r.output).not.toMatch(/pglite|instance-id/)
    expect(await fs.readdir(path.join(ws, 'real'))).not.toContain('new.txt')
    expect(await fs.readFile(path.join(ws, 'real', 'probe.txt'), 'utf8')).toBe(`${SERVER_ONLY}\n`)
    // put the link back as configured for the next case
    await fs.rm(path.join(ws, 'dlink'), { recursive: true, force: true })
    await fs.symlink('real', path.join(ws, 'dlink'))
  })

  it.each([
    ["at another key's workspace", 'k2'],
    ['at the workspace itself', '.'],
  ])('the link pointed %s covers nothing of it: only the folder as it was at start is hidden', async (_, target) => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { authorization: `Bearer ${t.adminKey}` },
      payload: { name: 'victim', scopes: ['exec'], workspace: 'k2' },
    })
    const victim = made.json().key as string
    const asVictim = async (command: string) => (await t.call('Bash', { command }, { key: victim })).body as Shell
    expect((await asVictim('echo victim-data > v.txt; cat v.txt')).output).toBe('victim-data\n') // positive control
    await bash(`rm dlink && ln -s ${target} dlink`)
    expect((await asVictim('cat v.txt; echo more >> v.txt && echo wrote')).output).toBe('victim-data\nwrote\n')
    expect((await bash('cat notes.txt k2/v.txt')).output).toBe('WORKSPACE-OK\nvictim-data\nmore\n')
    expect((await bash('cat real/probe.txt')).output).not.toContain(SERVER_ONLY)
    await fs.rm(path.join(ws, 'dlink'), { force: true })
    await fs.symlink('real', path.join(ws, 'dlink'))
  })

  it('the file tools refuse it by its real name too, and the server still works on its data', async () => {
    const key = await t.key(['read'], 'reader')
    const res = await t.call('Read', { file_path: 'real/probe.txt' }, { key })
    expect(res.statusCode).toBe(403)
    expect(res.body.error_code).toBe('PATH_BLOCKED')
    expect((await t.call('Read', { file_path: 'notes.txt' }, { key })).statusCode).toBe(200)
    expect((await t.call('hello', { name: 'still' })).statusCode).toBe(200)
  })
})
