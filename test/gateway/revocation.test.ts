/**
 * Two apps on one database (PGlite in this process, or Postgres): a key revoked through one is
 * refused by the other within a second, by the notification the revocation commits with (the
 * other's cache would otherwise keep the key for seconds). test-pg/revocation.test.ts covers
 * instances with connections of their own and a lost notification channel.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { createDb, type Database } from '../../src/db/client.js'
import { ADMIN_KEY, LogCapture } from '../helper.js'
import { databaseOfItsOwn } from '../support/database-template.js'

let own: Awaited<ReturnType<typeof databaseOfItsOwn>> | undefined
let database: Database
const dirs: string[] = []
let a: FastifyInstance
let b: FastifyInstance

async function appOn(db: Database): Promise<FastifyInstance> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-rev-'))
  dirs.push(dir)
  const config = loadConfig({ TOOLGATE_WORKSPACE: path.join(dir, 'ws'), TOOLGATE_DATA_DIR: dir, TOOLGATE_BOOTSTRAP_KEY: ADMIN_KEY, LOG_LEVEL: 'warn' })
  return buildApp({ config, database: db, logDestination: new LogCapture() })
}

beforeAll(async () => {
  own = await databaseOfItsOwn()
  database = await createDb(own.options)
  a = await appOn(database)
  b = await appOn(database)
})
afterAll(async () => {
  await b?.close()
  await a?.close()
  await database?.close()
  await own?.remove()
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })))
})

const admin = { authorization: `Bearer ${ADMIN_KEY}` }
const hello = (app: FastifyInstance, key: string) =>
  app.inject({ method: 'POST', url: '/v1/tools/hello', headers: { authorization: `Bearer ${key}` }, payload: {} })

describe('revocation between two apps on one database', () => {
  it('is refused by the other app within a second', async () => {
    for (let i = 0; i < 3; i++) {
      const { key, id } = (await a.inject({ method: 'POST', url: '/v1/keys', headers: admin, payload: { name: 'shared', scopes: ['read'] } })).json()
      expect((await hello(b, key)).statusCode).toBe(200)
      expect((await a.inject({ method: 'DELETE', url: `/v1/keys/${id}`, headers: admin })).statusCode).toBe(200)
      const t0 = Date.now()
      let status = 200
      while (status === 200 && Date.now() - t0 < 5_000) {
        status = (await hello(b, key)).statusCode
        if (status === 200) await new Promise((r) => setTimeout(r, 10))
      }
      expect(status).toBe(401)
      expect(Date.now() - t0).toBeLessThan(1_000)
    }
  })
})
