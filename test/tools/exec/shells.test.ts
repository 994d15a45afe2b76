/**
 * The shell manager on its own (PGlite, or Postgres with DATABASE_URL): the output ring dropping
 * old output, and settling rows that stopped instances left `running`.
 */
import os from 'node:os'
import pino from 'pino'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '../../../src/db/client.js'
import { backgroundShells } from '../../../src/db/schema/index.js'
import { createSandbox } from '../../../src/sandbox/index.js'
import { createShellManager, type ShellManager } from '../../../src/exec/shells.js'
import { until } from './helpers.js'
import { databaseOfItsOwn } from '../../support/database-template.js'

let database: Database
let shells: ShellManager
let drop: (() => Promise<void>) | undefined

beforeAll(async () => {
  const own = await databaseOfItsOwn()
  drop = own.remove
  database = await createDb(own.options)
  shells = createShellManager({
    db: database.db,
    maxShells: 4,
    redact: (s) => s,
    log: pino({ level: 'silent' }),
    ringChars: 100,
    sandbox: createSandbox({ mode: 'auto', hidden: [], memoryBytes: 1 << 30 }),
  })
})
afterAll(async () => {
  await shells.closeAll()
  await database.close()
  await drop?.()
})

const row = async (id: string) => (await database.db.select().from(backgroundShells).where(eq(backgroundShells.id, id)))[0]

describe('ShellManager', () => {
  it('keeps the newest output and says how much a reader missed', async () => {
    const s = await shells.start({ owner: 'k1', command: 'seq 1 1000', cwd: os.tmpdir(), cwdRel: '.', home: os.tmpdir() })
    await until(async () => (await row(s.id))?.status === 'exited')
    const got = await shells.read('k1', s.id, { max: 1000 })
    expect(got.text.length).toBe(100)
    expect(got.text.endsWith('998\n999\n1000\n')).toBe(true)
    expect(got.dropped).toBe(3893 - 100)
    expect(got).toMatchObject({ status: 'exited', returncode: 0, remaining: 0, kept: true })
  })

  it('marks rows of stopped instances on this host, and stale rows of its own, as killed', async () => {
    const mine = shells.instance
    const rows = [
      { id: 'bash_aaaaaaaaaaa1', instance: `${os.hostname()}:999999999` }, // that pid cannot exist
      { id: 'bash_aaaaaaaaaaa2', instance: mine },
      { id: 'bash_aaaaaaaaaaa3', instance: `${os.hostname()}:${process.ppid}` }, // alive
      { id: 'bash_aaaaaaaaaaa4', instance: 'another-host:1' },
    ]
    await database.db.insert(backgroundShells).values(rows.map((r) => ({ ...r, ownerKeyId: 'k2', command: 'x', cwd: '.', status: 'running' })))
    expect(await shells.reconcile()).toBe(2)
    expect((await row('bash_aaaaaaaaaaa1')).status).toBe('killed')
    expect((await row('bash_aaaaaaaaaaa2')).status).toBe('killed')
    expect((await row('bash_aaaaaaaaaaa3')).status).toBe('running')
    expect((await row('bash_aaaaaaaaaaa4')).status).toBe('running')
  })
})
