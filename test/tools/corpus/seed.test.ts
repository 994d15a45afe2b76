/**
 * `npm run seed`: the sample corpus goes in through the same import as the route, is idempotent,
 * and reads back as the seed's own example (post 12345 by Soma in thread 30265887, between two
 * Anons and an Anon and Soma). The script itself runs once against a database of its own.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { SAMPLE_CORPUS, seedCorpus } from '../../../src/corpus/seed.js'
import { createDb } from '../../../src/db/client.js'
import { storedThreads } from './helpers.js'
import { nodeArgs } from '../../support/compiled-src.js'
import { copyPgliteTemplate } from '../../support/database-template.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const sample = fs
  .readFileSync(SAMPLE_CORPUS, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))

describe('the sample corpus', () => {
  it('is a quest thread set of about 5 threads and 60–100 posts, tagged as the seed says', () => {
    expect(sample.length).toBeGreaterThanOrEqual(60)
    expect(sample.length).toBeLessThanOrEqual(100)
    expect(new Set(sample.map((p) => p.thread_id)).size).toBe(5)
    expect(new Set(sample.map((p) => p.author))).toEqual(new Set(['Soma', 'Anon']))
    for (const p of sample) {
      // Only the questmaster's posts are qm_post, and every story post is one of them.
      expect(p.tags.includes('qm_post')).toBe(p.author === 'Soma')
      if (p.tags.includes('story_post')) expect(p.tags).toContain('qm_post')
    }
    const text = sample.map((p) => p.body).join('\n')
    for (const term of ['vys', 'vatis', 'vates', 'Rhynia', 'Dawn', 'Long Dawn', 'cinderglass']) expect(text).toContain(term)
    expect(text).not.toMatch(/lorem|ipsum|TODO|placeholder/i)
    expect(new Set(sample.map((p) => p.body)).size).toBe(sample.length)
  })
})

describe('seedCorpus', () => {
  it('loads samples/corpus.ndjson, then changes nothing on a second run', async () => {
    const first = await seedCorpus(t.app.database.db)
    expect(first).toMatchObject({ status: 'ok', lines: sample.length, inserted: sample.length, updated: 0, rejected: 0, threads: 5 })
    const second = await seedCorpus(t.app.database.db)
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: sample.length, rejected: 0 })

    const threads = await storedThreads(t)
    expect(threads.map((th) => [th.id, th.position])).toEqual([
      [30265887, 1],
      [30265888, 2],
      [30265889, 3],
      [30265890, 4],
      [30265891, 5],
    ])
    expect(threads.reduce((n, th) => n + th.post_count, 0)).toBe(sample.length)
  })

  it('reads back as the seed example: post 12345 and its neighbours', async () => {
    const post = await t.call('read_post', { post_id: 12345 })
    expect(post.body).toMatchObject({ id: 12345, thread_id: 30265887, timestamp: '2014-02-16T01:24:30Z', author: 'Soma', tags: ['qm_post', 'story_post'] })
    expect(post.body.body).toMatch(/Dawn/)
    const around = await t.call('read_post', { post_id: 12345, include_adjacent: true })
    expect(around.body.posts.map((p: { id: number; author: string }) => `${p.id} ${p.author}`)).toEqual([
      '12343 Anon',
      '12344 Anon',
      '12345 Soma',
      '12346 Anon',
      '12347 Soma',
    ])
    const story = await t.call('read_thread_range', { thread_id: 30265887, tag_filter: 'story_post' })
    expect(story.body.count).toBe(sample.filter((p) => p.thread_id === 30265887 && p.tags.includes('story_post')).length)
  })
})

describe('npm run seed (the script)', () => {
  it('loads the database chosen by DATABASE_URL or the PGlite data dir, and prints counts (a second run changes nothing: seedCorpus above)', async () => {
    const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'tg-seed-'))
    // On Postgres, this test's own fresh database; on PGlite, a data folder of its own.
    const env: NodeJS.ProcessEnv = { ...process.env, TOOLGATE_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }
    delete env.DATABASE_URL
    if (t.databaseUrl) {
      env.DATABASE_URL = t.databaseUrl
      await t.app.database.db.execute(sql`DELETE FROM corpus_posts`)
    }
    // A migrated copy of the suite's template: creating a database is the deploy test's subject, not this one's.
    if (!t.databaseUrl) await copyPgliteTemplate(path.join(dataDir, 'pglite'))
    try {
      const first = await promisify(execFile)(process.execPath, nodeArgs('src/seed.ts'), { env, cwd: process.cwd(), timeout: 60_000 })
      expect(first.stdout).toMatch(new RegExp(`lines ${sample.length}, inserted ${sample.length}, updated 0, unchanged 0, rejected 0, threads 5`))
      expect(first.stdout).toContain(t.databaseUrl ? 'into postgres' : `into pglite (${path.join(dataDir, 'pglite')})`)
      if (!t.databaseUrl) {
        const db = await createDb({ pgliteDir: path.join(dataDir, 'pglite') })
        try {
          const res = await db.db.execute(sql`SELECT count(*)::int AS n FROM corpus_posts`)
          expect((res as unknown as { rows: { n: number }[] }).rows[0].n).toBe(sample.length)
        } finally {
          await db.close()
        }
      } else {
        const res = await t.app.database.db.execute(sql`SELECT count(*)::int AS n FROM corpus_posts`)
        expect((res as unknown as { rows: { n: number }[] }).rows[0].n).toBe(sample.length)
      }
    } finally {
      await fs.promises.rm(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
