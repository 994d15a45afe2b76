/**
 * Issue 17 item 1: one process per PGlite folder. A second opener is refused with a message that
 * names the holder; `npm run seed` beside a running server goes through its API; a damaged folder
 * is reported as such. Real processes: a live `sleep` holds a lock, the seed script runs as a child.
 */
import { execFile, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDb } from '../../src/db/client.js'
import { DataDirLockedError, LockPathError, lockDataDir, lockPathOf, takeOver } from '../../src/db/pglite-lock.js'
import { nodeArgs } from '../support/compiled-src.js'
import { copyPgliteTemplate } from '../support/database-template.js'
import { ADMIN_KEY, buildTestApp } from '../helper.js'

const run = promisify(execFile)
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tg-lock-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const holderOf = (dir: string) => JSON.parse(fs.readFileSync(lockPathOf(dir), 'utf8'))
/** A time a minute ago: a lock touched then is silent (SILENT_MS is 30 s). */
const aMinuteAgo = () => new Date(Date.now() - 60_000)
/** Waits up to 2 s for `ok`, which a beat on the thread pool makes true. */
async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 20))
}
const migrated = path.join(tmp, 'migrated', 'pglite')
beforeAll(async () => {
  // The suite's template when there is one (a PGlite run); else migrate one once (a Postgres run).
  await copyPgliteTemplate(migrated)
  if (!fs.existsSync(migrated)) await (await createDb({ pgliteDir: migrated })).close()
})

/** A migrated PGlite folder of its own (migrating one takes seconds; copying one does not). */
async function folder(name: string) {
  const dir = path.join(tmp, name, 'pglite')
  await fs.promises.cp(migrated, dir, { recursive: true })
  return dir
}

describe('the PGlite folder lock', () => {
  it('refuses a second opener in the same process, and frees the folder on close', async () => {
    const dir = await folder('same')
    const first = await createDb({ pgliteDir: dir })
    expect(holderOf(dir).pid).toBe(process.pid)
    await expect(createDb({ pgliteDir: dir })).rejects.toThrow(DataDirLockedError)
    await first.close()
    expect(fs.existsSync(lockPathOf(dir))).toBe(false)
    const again = await createDb({ pgliteDir: dir })
    await again.close()
  })

  it("takes over a lock with this process's pid once it is silent, and refuses it while its holder beats", async () => {
    const dir = await folder('reused-pid')
    // Our pid, another process's token (or none, as older versions wrote): an earlier run of a
    // restarted container, or a live server in another container with the same pid.
    for (const token of ['an-earlier-process', undefined]) {
      const other = { pid: process.pid, token, host: os.hostname(), started_at: '2026-01-01T00:00:00.000Z', command: 'dist/server.js' }
      fs.writeFileSync(lockPathOf(dir), JSON.stringify(other))
      // Touched just now, as a live holder's heartbeat does: refused, and the message says why it may be ours.
      const refused = await createDb({ pgliteDir: dir }).catch((e) => e)
      expect(refused).toBeInstanceOf(DataDirLockedError)
      expect(refused.message).toMatch(/this process's pid: .*frees itself 30 s after its last heartbeat/)
      // Silent for a minute: its holder is gone.
      const minuteAgo = aMinuteAgo()
      fs.utimesSync(lockPathOf(dir), minuteAgo, minuteAgo)
      const db = await createDb({ pgliteDir: dir })
      expect(holderOf(dir).token).toMatch(/^[0-9a-f-]{36}$/)
      // Positive control: the lock this process holds now still refuses a second opener here.
      await expect(createDb({ pgliteDir: dir })).rejects.toThrow(DataDirLockedError)
      await db.close()
      expect(fs.existsSync(lockPathOf(dir))).toBe(false)
    }
  })

  it('touches the lock it holds every 10 s, so that a live holder is never taken for gone', async () => {
    const dir = await folder('heartbeat')
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const db = await createDb({ pgliteDir: dir })
      const longAgo = aMinuteAgo()
      fs.utimesSync(lockPathOf(dir), longAgo, longAgo)
      vi.advanceTimersByTime(10_000)
      const touched = () => Date.now() - fs.statSync(lockPathOf(dir)).mtimeMs < 5_000
      await until(touched)
      expect(touched()).toBe(true)
      await db.close()
      // Released: its beat stops.
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('gives up a lock taken over while it was silent: the beat finds another token, says so, and touches it no more', async () => {
    const dir = path.join(tmp, 'lost', 'pglite')
    fs.mkdirSync(dir, { recursive: true })
    const mtime = () => fs.statSync(lockPathOf(dir)).mtimeMs
    const longAgo = aMinuteAgo()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const lock = lockDataDir(dir)
      let lostWith: Error | undefined
      void lock.lost.then((err) => (lostWith = err))
      // Positive control: its own lock is touched by the beat, and still held.
      fs.utimesSync(lockPathOf(dir), longAgo, longAgo)
      vi.advanceTimersByTime(10_000)
      await until(() => mtime() > longAgo.getTime() + 1_000)
      expect(mtime()).toBeGreaterThan(longAgo.getTime() + 1_000)
      expect(lostWith).toBeUndefined()
      // Another process's lock renamed over ours, as a takeover does while this process is stopped.
      const other = { pid: 1, token: 'another-process', host: os.hostname(), started_at: '2026-01-01T00:00:00.000Z', command: 'dist/server.js' }
      fs.writeFileSync(`${lockPathOf(dir)}.new`, JSON.stringify(other))
      fs.renameSync(`${lockPathOf(dir)}.new`, lockPathOf(dir))
      fs.utimesSync(lockPathOf(dir), longAgo, longAgo)
      vi.advanceTimersByTime(10_000)
      await until(() => lostWith !== undefined)
      expect(lostWith?.message).toMatch(/now names another process \(pid 1 on .+\): it took the folder over while this one was silent$/)
      expect(mtime()).toBeLessThan(longAgo.getTime() + 1_000) // not touched: it is not ours
      expect(vi.getTimerCount()).toBe(0) // the beat has stopped
      lock.release()
      expect(holderOf(dir).token).toBe('another-process') // left in place
      // A link put over a held lock is touched itself, never what it points to.
      const dir2 = path.join(tmp, 'lost-link', 'pglite')
      fs.mkdirSync(dir2, { recursive: true })
      const held = lockDataDir(dir2)
      const target = path.join(tmp, 'lost-link', 'elsewhere')
      fs.writeFileSync(target, 'not the lock')
      fs.utimesSync(target, longAgo, longAgo)
      fs.rmSync(lockPathOf(dir2))
      fs.symlinkSync(target, lockPathOf(dir2))
      fs.lutimesSync(lockPathOf(dir2), longAgo, longAgo)
      vi.advanceTimersByTime(10_000)
      await until(() => fs.lstatSync(lockPathOf(dir2)).mtimeMs > longAgo.getTime() + 1_000)
      expect(fs.lstatSync(lockPathOf(dir2)).mtimeMs).toBeGreaterThan(longAgo.getTime() + 1_000)
      expect(fs.statSync(target).mtimeMs).toBeLessThan(longAgo.getTime() + 1_000)
      held.release()
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses an unreadable lock while it is fresh (never half-written by toolgate), and takes it over once silent', async () => {
    const dir = await folder('unreadable')
    for (const text of ['', '{"pid": 12', 'not json']) {
      fs.writeFileSync(lockPathOf(dir), text)
      const refused = await createDb({ pgliteDir: dir }).catch((e) => e)
      expect(refused).toBeInstanceOf(DataDirLockedError)
      expect(refused.message).toMatch(/names none that runs.*taken over once untouched for 30 s/)
      expect(fs.readFileSync(lockPathOf(dir), 'utf8')).toBe(text) // left as it was
      const minuteAgo = aMinuteAgo()
      fs.utimesSync(lockPathOf(dir), minuteAgo, minuteAgo)
      const db = await createDb({ pgliteDir: dir })
      expect(holderOf(dir).pid).toBe(process.pid)
      await db.close()
    }
    expect(fs.readdirSync(path.dirname(dir)).filter((n) => n.startsWith('pglite.lock'))).toEqual([]) // nothing left aside
  })

  it('takes JSON that names no holder (null, a number, an object without a pid above 0 and a host, 100 KB) for an unreadable lock', () => {
    const dir = path.join(tmp, 'json-no-holder', 'pglite')
    fs.mkdirSync(dir, { recursive: true })
    const minuteAgo = aMinuteAgo()
    const big = JSON.stringify({ pid: 1, host: os.hostname(), pad: 'x'.repeat(100_000) }) // never read whole
    for (const text of ['null', '1', '[]', '"x"', '{}', '{"token":"t"}', '{"pid":5}', `{"pid":0,"host":"${os.hostname()}"}`, big]) {
      fs.writeFileSync(lockPathOf(dir), text)
      expect(() => lockDataDir(dir).release(), text).toThrow(/names none that runs.*taken over once untouched for 30 s/)
      fs.utimesSync(lockPathOf(dir), minuteAgo, minuteAgo)
      const lock = lockDataDir(dir)
      expect(holderOf(dir).pid, text).toBe(process.pid)
      lock.release()
    }
  })

  it('takes over a stale lock one opener at a time, and only if it still says what was read', () => {
    const lock = path.join(tmp, 'race.lock')
    const turn = `${lock}.takeover`
    fs.writeFileSync(lock, 'a newer opener’s lock')
    expect(takeOver(lock, 'the stale lock read before', 'mine')).toBe(false)
    expect(fs.readFileSync(lock, 'utf8')).toBe('a newer opener’s lock')
    // Another opener has the turn: refused, and its turn left alone while fresh.
    fs.mkdirSync(turn)
    expect(takeOver(lock, 'a newer opener’s lock', 'mine')).toBe(false)
    expect(fs.existsSync(turn)).toBe(true)
    // A turn left by an opener that died there is cleared once silent, for the next try.
    const minuteAgo = aMinuteAgo()
    fs.utimesSync(turn, minuteAgo, minuteAgo)
    expect(takeOver(lock, 'a newer opener’s lock', 'mine')).toBe(false)
    expect(fs.existsSync(turn)).toBe(false)
    // Positive control: the lock as read is replaced, whole, and nothing is left beside it.
    expect(takeOver(lock, 'a newer opener’s lock', 'mine')).toBe(true)
    expect(fs.readFileSync(lock, 'utf8')).toBe('mine')
    expect(fs.readdirSync(tmp).filter((n) => n.startsWith('race.lock'))).toEqual(['race.lock'])
  })

  it('clears what openers that died left beside the lock once silent, and nothing else: not what is fresh, not a neighbour', async () => {
    const dir = path.join(tmp, 'leftovers', 'pglite')
    fs.mkdirSync(dir, { recursive: true })
    const beside = (name: string) => path.join(path.dirname(dir), name)
    const old = aMinuteAgo()
    const dead = 'pglite.lock.0b7e4a52-5d0c-4d8e-9c1a-2f3e4d5c6b7a.123'
    fs.writeFileSync(beside(dead), '{')
    fs.mkdirSync(beside('pglite.lock.takeover'))
    // Not ours, however they are named or dated: a neighbouring database folder, a backup.
    fs.mkdirSync(beside('pglite.lock.v2'))
    fs.writeFileSync(beside('pglite.lock.v2/PG_VERSION'), '17')
    fs.writeFileSync(beside('pglite.lock.bak'), 'a copy')
    for (const name of [dead, 'pglite.lock.takeover', 'pglite.lock.v2', 'pglite.lock.bak']) fs.utimesSync(beside(name), old, old)
    const live = 'pglite.lock.9c1a2f3e-4d5c-4b7a-8e4a-0b7e4a525d0c.456' // being written by a live opener
    fs.writeFileSync(beside(live), '{')
    fs.writeFileSync(beside('pglite-notes.txt'), 'not ours')
    const lock = lockDataDir(dir)
    lock.release()
    expect(fs.readdirSync(path.dirname(dir)).sort()).toEqual(['pglite', 'pglite-notes.txt', 'pglite.lock.bak', 'pglite.lock.v2', live].sort())
    expect(fs.readFileSync(beside('pglite.lock.v2/PG_VERSION'), 'utf8')).toBe('17')
  })

  it('takes a turn dated in the future (a clock stepped back) for a dead one', () => {
    const lock = path.join(tmp, 'future.lock')
    fs.writeFileSync(lock, 'stale')
    fs.mkdirSync(`${lock}.takeover`)
    const tomorrow = new Date(Date.now() + 86_400_000)
    fs.utimesSync(`${lock}.takeover`, tomorrow, tomorrow)
    expect(takeOver(lock, 'stale', 'mine')).toBe(false) // clears it
    expect(takeOver(lock, 'stale', 'mine')).toBe(true)
    expect(fs.readdirSync(tmp).filter((n) => n.startsWith('future.lock'))).toEqual(['future.lock'])
  })

  it('works where the file system has no hard links: an exclusive create, still refusing a second opener', () => {
    const dir = path.join(tmp, 'no-links', 'pglite')
    fs.mkdirSync(dir, { recursive: true })
    const link = vi.spyOn(fs, 'linkSync').mockImplementation(() => {
      throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' })
    })
    try {
      const lock = lockDataDir(dir)
      expect(holderOf(dir).pid).toBe(process.pid)
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
      lock.release()
      expect(link).toHaveBeenCalled()
      expect(fs.readdirSync(path.dirname(dir))).toEqual(['pglite'])
    } finally {
      link.mockRestore()
    }
  })

  it('is never seen half-written: created and rewritten (advertise) whole, while another reader keeps reading', async () => {
    const dir = path.join(tmp, 'whole', 'pglite')
    fs.mkdirSync(path.dirname(dir), { recursive: true })
    // A reader in another process, reading the lock as fast as it can until told to stop.
    const reader = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('fs'); let seen = 0, torn = 0; const t = setInterval(() => {}, 1000);
       const read = () => { try { const s = fs.readFileSync(${JSON.stringify(lockPathOf(dir))}, 'utf8'); seen++; try { JSON.parse(s) } catch { torn++ } } catch {} };
       const loop = () => { for (let i = 0; i < 200; i++) read(); setImmediate(loop) }; loop(); process.send('reading');
       process.on('message', () => { read(); process.send({ seen, torn }); clearInterval(t); process.exit(0) })`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
    )
    // Under load a new process takes a while to start: the rewrites begin once it reads.
    await new Promise((r) => reader.once('message', r))
    for (let i = 0; i < 300; i++) {
      const lock = lockDataDir(dir)
      lock.advertise(`http://127.0.0.1:${i}`)
      lock.release()
    }
    // One more, held while the reader reads it a last time: it has read a whole lock at least once.
    const last = lockDataDir(dir)
    last.advertise('http://127.0.0.1:1')
    reader.send('stop')
    const { seen, torn } = await new Promise<{ seen: number; torn: number }>((r) => reader.once('message', r as never))
    last.release()
    expect(seen).toBeGreaterThan(0)
    expect(torn).toBe(0)
  })

  it("leaves a lock it no longer holds in place on close (another process's, written over it)", async () => {
    const dir = await folder('overwritten')
    const db = await createDb({ pgliteDir: dir })
    const other = { pid: process.pid, token: 'someone-else', host: os.hostname(), started_at: new Date().toISOString(), command: 'x' }
    fs.writeFileSync(lockPathOf(dir), JSON.stringify(other))
    await db.close()
    expect(holderOf(dir).token).toBe('someone-else')
    fs.rmSync(lockPathOf(dir))
  })

  it('names a live holder from another process, and takes over once that process is gone', async () => {
    const dir = await folder('other')
    const sleeper = spawn('sleep', ['30'])
    const holder = { pid: sleeper.pid, host: os.hostname(), started_at: new Date().toISOString(), command: 'dist/server.js', url: 'http://127.0.0.1:9' }
    fs.writeFileSync(lockPathOf(dir), JSON.stringify(holder))
    const refused = await createDb({ pgliteDir: dir }).catch((e) => e)
    expect(refused).toBeInstanceOf(DataDirLockedError)
    expect(refused.message).toContain(`pid ${sleeper.pid}`)
    expect(refused.message).toContain('a toolgate server at http://127.0.0.1:9')
    sleeper.kill('SIGKILL')
    await new Promise((r) => sleeper.once('exit', r))
    const db = await createDb({ pgliteDir: dir })
    expect(holderOf(dir).pid).toBe(process.pid)
    await db.close()
  })

  it('reports a damaged folder as damaged, with what to do', async () => {
    const dir = await folder('damaged')
    fs.writeFileSync(path.join(dir, 'global', 'pg_control'), Buffer.alloc(8192, 7))
    const err = await createDb({ pgliteDir: dir }).catch((e) => e)
    expect(err.message).toMatch(/looks damaged/)
    expect(err.message).toContain(`mv ${dir} ${dir}.damaged`)
    expect(fs.existsSync(lockPathOf(dir))).toBe(false)
  })
})

describe('a lock path holding what toolgate never writes there', () => {
  it('is refused saying what is there, fresh or silent, and left in place: a folder, a named pipe (never waited on); a link is never followed', () => {
    const minuteAgo = aMinuteAgo()
    for (const [what, make] of [
      ['a folder', (p: string) => fs.mkdirSync(p)],
      ['a named pipe', (p: string) => execFileSync('mkfifo', [p])],
    ] as const) {
      for (const silent of [false, true]) {
        const dir = path.join(tmp, `odd-${what.replace(/ /g, '-')}-${silent}`, 'pglite')
        fs.mkdirSync(dir, { recursive: true })
        make(lockPathOf(dir))
        if (silent) fs.utimesSync(lockPathOf(dir), minuteAgo, minuteAgo)
        const err = (() => {
          try {
            lockDataDir(dir).release()
          } catch (e) {
            return e as Error
          }
        })()
        expect(err, `${what}, silent: ${silent}`).toBeInstanceOf(LockPathError)
        expect(err?.message).toBe(
          `${lockPathOf(dir)} is ${what}, where toolgate keeps the lock of its embedded database (PGlite): move it away, then start again`,
        )
        expect(fs.lstatSync(lockPathOf(dir)).isFile()).toBe(false)
      }
    }
    // A link is never followed (to a pipe it would wait for ever): an unreadable lock, refused while
    // fresh and taken over once silent, the link replaced and what it points to left alone.
    for (const [what, make] of [
      ['pipe', (p: string) => execFileSync('mkfifo', [p])],
      ['folder', (p: string) => fs.mkdirSync(p)],
    ] as const) {
      const dir = path.join(tmp, `odd-link-${what}`, 'pglite')
      fs.mkdirSync(dir, { recursive: true })
      const target = path.join(tmp, `odd-link-${what}`, 'target')
      make(target)
      fs.symlinkSync(target, lockPathOf(dir))
      expect(() => lockDataDir(dir).release(), what).toThrow(DataDirLockedError)
      fs.lutimesSync(lockPathOf(dir), minuteAgo, minuteAgo)
      const lock = lockDataDir(dir)
      expect(holderOf(dir).pid, what).toBe(process.pid)
      lock.release()
      expect(fs.existsSync(target), what).toBe(true)
    }
    // The turn beside a stale lock, when it is not a folder: refused saying so, and left in place.
    const turned = path.join(tmp, 'odd-turn', 'pglite')
    fs.mkdirSync(turned, { recursive: true })
    fs.writeFileSync(lockPathOf(turned), 'not json')
    fs.utimesSync(lockPathOf(turned), minuteAgo, minuteAgo)
    fs.writeFileSync(`${lockPathOf(turned)}.takeover`, 'a file of someone else')
    expect(() => lockDataDir(turned).release()).toThrow(`${lockPathOf(turned)}.takeover is a file, where toolgate keeps the lock`)
    expect(fs.readFileSync(`${lockPathOf(turned)}.takeover`, 'utf8')).toBe('a file of someone else')
    // Positive control: an unreadable file there, silent, is a stale lock and taken over.
    const dir = path.join(tmp, 'odd-control', 'pglite')
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(lockPathOf(dir), 'not json')
    fs.utimesSync(lockPathOf(dir), minuteAgo, minuteAgo)
    const lock = lockDataDir(dir)
    expect(holderOf(dir).pid).toBe(process.pid)
    lock.release()
    expect(fs.existsSync(lockPathOf(dir))).toBe(false)
  })
})

describe('npm run seed beside a running server', () => {
  it('goes through the server’s API, and without a key says how instead of opening the folder', async () => {
    const dataDir = path.join(tmp, 'served')
    const t = await buildTestApp({ dataDir, keep: true, embedded: true })
    try {
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
      t.app.database.lock?.advertise(url)
      const env = { ...process.env, TOOLGATE_DATA_DIR: dataDir, TOOLGATE_WORKSPACE: t.workspace, DATABASE_URL: '', TOOLGATE_BOOTSTRAP_KEY: '' }
      const seed = (extra: Record<string, string>) => run(process.execPath, nodeArgs('src/seed.ts'), { env: { ...env, ...extra } }).catch((e) => e)
      const refused = await seed({})
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain(`A toolgate server at ${url} holds the embedded database`)
      const done = await seed({ TOOLGATE_KEY: ADMIN_KEY })
      expect(done.stdout).toContain('importing')
      const thread = await t.call('read_thread_range', { thread_id: 30265887 })
      expect(thread.statusCode).toBe(200)
      expect(thread.body.count).toBeGreaterThan(0)
    } finally {
      await t.close()
      await t.destroy()
    }
  }, 60_000)
})
