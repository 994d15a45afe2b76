/**
 * `npm run bench:idle`: the latency an agent sees. An agent calls with seconds of thought between
 * calls, so each call finds the server idle: caches expired, connections closed, code cold. toolgate
 * (`hello` through the whole pipeline, a key on every call) and bare Fastify (the same route) are
 * left idle for IDLE ms, then called once, in turns, ROUNDS times; the first call's median is
 * compared, beside a warm call's (the median of five that follow at once).
 * Options (environment): IDLE (ms, 8000), ROUNDS (8), DATABASE_URL (history on Postgres; PGlite
 * without it).
 */
import { request } from 'undici'
import { helloTarget, startServer, selfArgs, tempDatabase, toolgateEnv, type Target } from './harness.js'
import { median } from './stats.js'

const IDLE = Number(process.env.IDLE || 8000)
const ROUNDS = Number(process.env.ROUNDS || 8)
const target = (port: number) => helloTarget('hello', port)

async function call(t: Target): Promise<number> {
  const started = performance.now()
  const res = await request(t.url, { method: 'POST', body: t.body, headers: t.headers })
  await res.body.text()
  if (res.statusCode !== 200) throw new Error(`${t.url} answered ${res.statusCode}`)
  return performance.now() - started
}

const db = process.env.DATABASE_URL ? await tempDatabase() : undefined
const { env, cleanup } = await toolgateEnv(db?.url ?? '')
if (!db) delete env.DATABASE_URL
const servers = {
  toolgate: await startServer('toolgate', ['dist/server.js'], env, target),
  bare: await startServer('bare', selfArgs('bench/overhead.ts', 'bare'), env, target),
}
const times = { toolgate: { first: [] as number[], warm: [] as number[] }, bare: { first: [] as number[], warm: [] as number[] } }
try {
  for (const s of Object.values(servers)) for (let i = 0; i < 50; i++) await call(target(s.port))
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, s] of Object.entries(servers) as [keyof typeof servers, (typeof servers)['bare']][]) {
      await new Promise((res) => setTimeout(res, IDLE))
      times[name].first.push(await call(target(s.port)))
      const warm: number[] = []
      for (let i = 0; i < 5; i++) warm.push(await call(target(s.port)))
      times[name].warm.push(median(warm))
    }
  }
  console.log(`hello after ${IDLE} ms idle, ${ROUNDS} rounds, history on ${db ? 'Postgres' : 'PGlite'}: median ms (every first call)`)
  for (const [name, t] of Object.entries(times)) {
    console.log(`${name.padEnd(9)} first ${median(t.first).toFixed(2)} (${t.first.map((x) => x.toFixed(1)).join(' ')}), warm ${median(t.warm).toFixed(2)}`)
  }
} finally {
  await servers.toolgate.stop()
  await servers.bare.stop()
  await cleanup()
  await db?.drop()
}
