/**
 * glossary_search latency at 100k entries, in one run, over the same query mix:
 *   - tool: POST /v1/tools/glossary_search through the real app (auth, rate limit, validation,
 *     execution, history) via app.inject;
 *   - sql: the search alone (src/glossary/search.ts), as the tool runs it;
 *   - ilike: a plain `term ILIKE '%q%' OR definition ILIKE '%q%' LIMIT 10` (no ranking, the
 *     planner free to use the trigram indexes) — what a naive search would cost; run after the
 *     others, on a quarter of the mix (each kind alike), since its scans take hundreds of ms.
 * The mix (bench/glossary/search-data.ts): exact terms in any case, terms without their suffix,
 * misspelt terms, definition words (some misspelt). Checks that the exact match comes first in
 * every exact and base case (PASS/FAIL) and reports how often a misspelt query finds the entry meant.
 * Targets on Postgres at 100k entries: tool p50 < 5 ms, p99 < 20 ms.
 *
 *   npx tsx bench/glossary/search.ts [--entries 100000] [--queries 400]
 * Uses DATABASE_URL when set (a fresh temporary database on that server, dropped after), else PGlite.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createTemporaryDatabase } from '../../test/support/temp-database.js'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import type { Db } from '../../src/db/client.js'
import { searchEntries } from '../../src/glossary/search.js'
import { makeEntries, makeQueries, vocabularyOf, type BenchEntry, type BenchQuery } from './search-data.js'

const KEY = `tg_bench_search_${crypto.randomBytes(12).toString('hex')}`
const LIMIT = 10

// GIN indexes that take every insert directly (fastupdate off, for search's sake); a bulk load
// goes faster through the pending list, merged by the VACUUM below.
const DIRECT_GIN = ['glossary_entries_term_words_idx', 'glossary_entries_definition_words_idx', 'glossary_words_trgm_idx']

/** Batched inserts through json_to_recordset: entries with their ids, then the vocabulary the write tools keep. */
async function load(db: Db, entries: BenchEntry[]): Promise<void> {
  for (const index of DIRECT_GIN) await db.execute(sql.raw(`ALTER INDEX ${index} SET (fastupdate = on)`))
  for (let i = 0; i < entries.length; i += 5_000) {
    const batch = entries.slice(i, i + 5_000).map((e, j) => ({ id: i + j + 1, ...e }))
    await db.execute(sql`
      INSERT INTO glossary_entries (id, term, base_term, definition, tags, status)
      SELECT id, term, base_term, definition, tags, status
      FROM json_to_recordset(${JSON.stringify(batch)}::json) AS x(id int, term text, base_term text, definition text, tags text[], status text)`)
  }
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('glossary_entries', 'id'), ${entries.length})`)
  const words = vocabularyOf(entries)
  for (let i = 0; i < words.length; i += 20_000) {
    await db.execute(sql`
      INSERT INTO glossary_words (word, term_entries, definition_entries)
      SELECT w, t, d FROM json_to_recordset(${JSON.stringify(words.slice(i, i + 20_000))}::json) AS x(w text, t int, d int)
      ON CONFLICT (word) DO UPDATE SET term_entries = EXCLUDED.term_entries, definition_entries = EXCLUDED.definition_entries`)
  }
  // As after any bulk load: statistics, and the pending lists of the GIN indexes that keep one merged.
  await db.execute(sql`VACUUM ANALYZE glossary_entries`)
  await db.execute(sql`VACUUM ANALYZE glossary_words`)
  for (const index of DIRECT_GIN) await db.execute(sql.raw(`ALTER INDEX ${index} SET (fastupdate = off)`))
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN
}
const ms = (n: number) => n.toFixed(2).padStart(8)

export async function runSearchBench(opts: { databaseUrl?: string; entries?: number; queries?: number }): Promise<void> {
  const entryCount = opts.entries ?? 100_000
  const queryCount = opts.queries ?? 400
  const temp = opts.databaseUrl ? await createTemporaryDatabase(opts.databaseUrl, 'tg_bench_search') : undefined
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-bench-search-'))
  const config = loadConfig({
    TOOLGATE_DATA_DIR: dataDir,
    TOOLGATE_WORKSPACE: path.join(dataDir, 'workspace'),
    TOOLGATE_BOOTSTRAP_KEY: KEY,
    LOG_LEVEL: 'warn',
    TOOLGATE_RATE_LIMITS: 'glossary_search=100000000/minute',
    ...(temp && { DATABASE_URL: temp.url }),
  })
  const app = await buildApp({ config, logDestination: new Writable({ write: (_c, _e, done) => done() }) })
  try {
    const db = app.database.db
    console.log(`\nglossary_search on ${temp ? 'Postgres' : 'PGlite'}: ${entryCount} entries, ${queryCount} queries, limit ${LIMIT}`)
    let t0 = performance.now()
    // The entries go out of scope once loaded, so that collecting them does not pause the timings.
    const queries = await (async () => {
      const entries = makeEntries(entryCount)
      await load(db, entries)
      const avg = Math.round(entries.reduce((n, e) => n + e.definition.length, 0) / entries.length)
      console.log(`loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s (definitions average ${avg} characters)`)
      return makeQueries(entries, queryCount)
    })()
    const load1 = os.loadavg()[0]

    const viaTool = async (q: BenchQuery) => {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/tools/glossary_search',
        headers: { authorization: `Bearer ${KEY}` },
        payload: { query: q.query, limit: LIMIT },
      })
      if (res.statusCode !== 200) throw new Error(`glossary_search answered ${res.statusCode}: ${res.body}`)
      return res.json().entries as { id: number; match: string }[]
    }
    const viaSql = (q: BenchQuery) => searchEntries(db, { query: q.query, limit: LIMIT })
    const viaIlike = (q: BenchQuery) => {
      const pattern = `%${q.query.replace(/[\\%_]/g, '\\$&')}%`
      return db.execute(
        sql`SELECT id, term, status, tags, definition FROM glossary_entries WHERE term ILIKE ${pattern} OR definition ILIKE ${pattern} LIMIT ${LIMIT}`,
      )
    }
    const methods = { tool: viaTool, sql: viaSql, ilike: viaIlike } as const
    type Method = keyof typeof methods
    const times: Record<Method, Record<string, number[]>> = { tool: {}, sql: {}, ilike: {} }
    let failures = 0
    let meant = 0
    let misspelt = 0
    const check = (q: BenchQuery, hits: { id: number; match: string }[]) => {
      if (q.kind === 'exact' || q.kind === 'base') {
        if (hits[0]?.match === 'exact' && hits.some((h) => h.id === q.expectId && h.match === 'exact')) return
        failures++
        console.log(`  FAIL ${q.kind} "${q.query}": expected entry ${q.expectId} as an exact match first, got ${JSON.stringify(hits.slice(0, 3))}`)
      } else if (q.kind === 'misspelt') {
        misspelt++
        if (hits.some((h) => h.id === q.expectId)) meant++
        else console.log(`  (misspelt "${q.query}" did not find '${q.expectTerm}')`)
      }
    }
    const time = async (m: Method, q: BenchQuery) => {
      const start = performance.now()
      const result = await methods[m](q)
      const took = performance.now() - start
      for (const kind of [q.kind, 'all']) (times[m][kind] ??= []).push(took)
      return result
    }

    // tool and sql: a warm-up pass (caches, plans), then the measured one, alternating which goes first.
    for (const q of queries) {
      await viaTool(q)
      await viaSql(q)
    }
    t0 = performance.now()
    for (const [i, q] of queries.entries()) {
      const order: Method[] = i % 2 ? ['sql', 'tool'] : ['tool', 'sql']
      for (const m of order) {
        const result = await time(m, q)
        if (m === 'tool') check(q, result as { id: number; match: string }[])
      }
    }
    // ILIKE scans the table for most queries (hundreds of ms each): in its own pass, after the
    // others, so that its scans do not disturb their timings; on a quarter of the mix, each kind alike.
    for (const q of queries.filter((_, i) => Math.floor(i / 4) % 4 === i % 4)) await time('ilike', q)
    console.log(
      `measured in ${((performance.now() - t0) / 1000).toFixed(1)} s; machine load average ${load1.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after (${os.cpus().length} CPUs)\n`,
    )
    console.log(`${'method'.padEnd(8)} ${'queries'.padEnd(10)} ${'n'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`)
    for (const m of Object.keys(methods) as Method[]) {
      for (const kind of ['all', 'exact', 'base', 'misspelt', 'word']) {
        const xs = times[m][kind] ?? []
        console.log(`${m.padEnd(8)} ${kind.padEnd(10)} ${String(xs.length).padStart(5)} ${ms(pct(xs, 0.5))} ${ms(pct(xs, 0.99))} ${ms(Math.max(...xs))}`)
      }
    }
    const exactCases = queries.filter((q) => q.kind === 'exact' || q.kind === 'base').length
    console.log(`\nexact match first in every exact-term case: ${failures === 0 ? 'PASS' : 'FAIL'} (${exactCases - failures}/${exactCases})`)
    console.log(`misspelt queries that found the entry meant: ${meant}/${misspelt}`)
    const p50 = pct(times.tool.all, 0.5)
    const p99 = pct(times.tool.all, 0.99)
    const verdict = p50 < 5 && p99 < 20 ? 'PASS' : 'FAIL'
    console.log(
      `targets (tool p50 < 5 ms, p99 < 20 ms${temp ? '' : '; set for Postgres, informative on PGlite'}): p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms: ${verdict}`,
    )
  } finally {
    await app.close()
    if (process.env.BENCH_KEEP_DB && temp) console.log(`kept ${temp.url}`)
    else await temp?.drop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { entries: { type: 'string', default: '100000' }, queries: { type: 'string', default: '400' } } })
  await runSearchBench({ databaseUrl: process.env.DATABASE_URL || undefined, entries: Number(values.entries), queries: Number(values.queries) })
}
