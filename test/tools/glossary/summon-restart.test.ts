/**
 * A summoned dialogue lives only in the database: after a restart (a new app on the same
 * database) the session's summon is still active, a continue sends the turns the old instance
 * answered, and dismiss counts them all. On Postgres, two instances at once share it, and of two
 * simultaneous summons in one session exactly one wins; on PGlite a second instance is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { completion, startLlmStandIn, type LlmStandIn } from '../../support/llm-stand-in.js'
import { seedScene } from './helpers.js'

let standIn: LlmStandIn
const env = () => ({ LLM_BASE_URL: standIn.url, LLM_MODEL: 'stand-in' })
const headers = { 'x-session-id': 'restart' }

beforeAll(async () => {
  standIn = await startLlmStandIn((req) => ({ body: completion(`Answer ${req.body.messages.length}`) }))
})
afterAll(async () => standIn?.close())

describe('restart', () => {
  it('keeps the active summon and its turns across a restart', async () => {
    const first = await buildTestApp({ keep: true, env: env() })
    let second: TestApp | undefined
    try {
      const { snapshotId } = await seedScene(first)
      expect((await first.call('summon_snapshot', { snapshot_id: snapshotId, query: 'What is vys?' }, { headers })).statusCode).toBe(200)
      expect((await first.call('summon_continue', { message: 'Where does it flow?' }, { headers })).body.turn).toBe(2)
      await first.app.close()

      second = await buildTestApp({ dataDir: first.dataDir, databaseUrl: first.databaseUrl, env: env() })
      const refused = await second.call('summon_snapshot', { snapshot_id: snapshotId, query: 'again' }, { headers })
      expect(refused.body).toMatchObject({ error_code: 'SUMMON_ACTIVE', details: { snapshot_id: snapshotId } })
      standIn.requests.length = 0
      const third = await second.call('summon_continue', { message: 'Anything else?' }, { headers })
      expect(third.body).toMatchObject({ status: 'ok', turn: 3, response: 'Answer 6' })
      expect(standIn.requests[0].body.messages.slice(1)).toEqual([
        { role: 'user', content: 'What is vys?' },
        { role: 'assistant', content: 'Answer 2' },
        { role: 'user', content: 'Where does it flow?' },
        { role: 'assistant', content: 'Answer 4' },
        { role: 'user', content: 'Anything else?' },
      ])
      const dismissed = await second.call('summon_dismiss', { summary: 'Survived a restart.' }, { headers })
      expect(dismissed.body).toMatchObject({ snapshot_id: snapshotId, turns: 3 })
    } finally {
      await second?.app.close()
      await first.destroy()
    }
  })

  // Two instances share Postgres; an embedded PGlite folder admits one process (a second would corrupt it).
  it(`two instances at once: ${process.env.DATABASE_URL ? 'one summon per session between them' : 'the second is refused its PGlite folder'}`, async () => {
    const a = await buildTestApp({ keep: true, env: env() })
    let b: TestApp | undefined
    try {
      if (!process.env.DATABASE_URL) {
        await expect(buildTestApp({ dataDir: a.dataDir, env: env() })).rejects.toThrow(/is in use by another process/)
        return
      }
      b = await buildTestApp({ dataDir: a.dataDir, databaseUrl: a.databaseUrl, env: env() })
      const { snapshotId } = await seedScene(a)
      const session = { 'x-session-id': 'two-instances' }
      const results = await Promise.all(
        [a, b, a, b].map((app) => app.call('summon_snapshot', { snapshot_id: snapshotId, query: 'vys?' }, { headers: session })),
      )
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409])
      expect(results.filter((r) => r.statusCode === 409).every((r) => r.body.error_code === 'SUMMON_ACTIVE')).toBe(true)
      expect((await b.call('summon_continue', { message: 'more?' }, { headers: session })).body.turn).toBe(2)
      expect((await a.call('summon_dismiss', { summary: 'Shared.' }, { headers: session })).body.turns).toBe(2)
      expect((await b.call('summon_continue', { message: 'more?' }, { headers: session })).body.error_code).toBe('NO_ACTIVE_SUMMON')
    } finally {
      await b?.app.close()
      await a.app.close()
      await a.destroy()
    }
  })
})
