/**
 * `npm run bench:pipeline`: how much of bare Fastify's throughput `hello` keeps through toolgate's
 * whole pipeline (auth → rate limit → validation → approval policy → execution → redaction →
 * history), measured in the same run.
 *
 * Both servers run the built code (dist/, what `npm start` runs; `npm run bench:pipeline` builds
 * first): code transpiled on the fly by tsx measured about 15% slower.
 *
 * Two servers, each in its own child process so the load generator never shares their event loop:
 *   - pipeline: the real `buildApp` with the real `loadConfig` (auth, rate limiter, history, metrics,
 *     redaction, …), history on a fresh PostgreSQL database made for this run and dropped after it
 *     (DATABASE_URL if set, else postgres://postgres@127.0.0.1:5432/test if it answers, else PGlite
 *     with a note), hello's limit raised with TOOLGATE_RATE_LIMITS, LOG_LEVEL=warn;
 *   - bare: a plain Fastify route with the same path, body schema and response schema (hello's own
 *     `input` and `output`), and the same handler work.
 * autocannon drives both in rounds, after each server's one-off 3 s warm-up: odd rounds bare then
 * pipeline, even rounds pipeline then bare (ABBA, so that a machine drifting over the run favours
 * neither), each measured run after its own short warm-up. The verdict is the median of the rounds'
 * paired ratios (pipeline ÷ bare of the same round): these 2-core machines drift over minutes, and
 * a pair measured seconds apart shares the drift. Beside it: where the CPU went (cpu-account.ts).
 * Afterwards the executions table must hold at least as many rows as the pipeline answered 2xx.
 *
 * Options: --duration=S (4) --warmup=S (1) --connections=N (50) --rounds=N (10)
 *          --rate=N (0: as fast as each server answers; N caps calls/s, to compare CPU per call at one load)
 *          --anonymous (call hello without an API key; by default every call carries one)
 * The same as environment variables: BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_ROUNDS, BENCH_RATE.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { perCall, snapshot, type CpuPerCall } from './cpu-account.js'
import { fmt, median, pad, percentile } from './stats.js'

const SELF = fileURLToPath(import.meta.url)
const BODY = JSON.stringify({ name: 'bench' })
const ROUTE = '/v1/tools/hello'
const TARGET = 0.6
/** Seconds of load each server gets once, before the first round, to compile its hot paths. */
const FIRST_WARMUP_S = 3
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test'
const BENCH_KEY = `tg_bench_${crypto.randomBytes(16).toString('hex')}`

type Kind = 'bare' | 'pipeline'
type ToParent = { type: 'ready'; port: number; database: string; rateLimiter: string; historyThread?: string } | { type: 'count'; rows: number } | { type: 'error'; message: string }
type ToChild = { type: 'count' } | { type: 'close' }

// ─── servers (child processes) ───────────────────────────────────────────────────────────────

async function serve(kind: Kind) {
  const send = (m: ToParent) => process.send!(m)
  try {
    if (kind === 'bare') await serveBare(send)
    else await servePipeline(send)
  } catch (err) {
    send({ type: 'error', message: err instanceof Error ? err.stack ?? err.message : String(err) })
    process.exit(1)
  }
}

async function serveBare(send: (m: ToParent) => void) {
  const { default: Fastify } = await import('fastify')
  const { default: hello, isoSeconds } = await import('../dist/tools/booster/hello.js')
  // The same Ajv options as the app, so that validation does the same work.
  const app = Fastify({
    logger: { level: 'warn' },
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: false } },
  })
  app.post(ROUTE, { schema: { body: hello.input, response: { 200: hello.output } } }, async (request) => {
    const { name = 'World' } = (request.body ?? {}) as { name?: string }
    return { message: `Hello, ${name}!`, timestamp: isoSeconds() }
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  process.on('message', async (m: ToChild) => {
    if (m.type === 'count') send({ type: 'count', rows: 0 })
    if (m.type === 'close') {
      await app.close()
      process.exit(0)
    }
  })
  send({ type: 'ready', port: Number(new URL(address).port), database: 'none', rateLimiter: 'none' })
}

async function servePipeline(send: (m: ToParent) => void) {
  const { loadConfig } = await import('../dist/config.js')
  const { buildApp } = await import('../dist/app.js')
  const { executions } = await import('../dist/db/schema/index.js')
  const { count, eq } = await import('drizzle-orm')
  const config = loadConfig(process.env)
  const app = await buildApp({ config })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  process.on('message', async (m: ToChild) => {
    try {
      if (m.type === 'count') {
        await app.history.flush()
        const [{ n }] = await app.database.db.select({ n: count() }).from(executions).where(eq(executions.tool, 'hello'))
        send({ type: 'count', rows: Number(n) })
      }
      if (m.type === 'close') {
        await app.close()
        process.exit(0)
      }
    } catch (err) {
      send({ type: 'error', message: err instanceof Error ? err.stack ?? err.message : String(err) })
    }
  })
  send({ type: 'ready', port: Number(new URL(address).port), database: app.database.kind, rateLimiter: app.rateLimiter.backend })
}

// ─── load generator (parent) ─────────────────────────────────────────────────────────────────

interface Server {
  kind: Kind
  child: ChildProcess
  port: number
  database: string
  rateLimiter: string
  historyThread?: string
  request(m: ToChild): Promise<Extract<ToParent, { type: 'count' }>>
  stop(): Promise<void>
}

function startServer(kind: Kind, env: NodeJS.ProcessEnv): Promise<Server> {
  // process.execArgv carries tsx's loader, so the child runs this same file the same way.
  const child = spawn(process.execPath, [...process.execArgv, SELF, '--serve', kind], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start within 60 s`)), 60_000)
    child.once('exit', (code) => reject(new Error(`${kind} server exited with code ${code} before it was ready`)))
    child.on('message', (m: ToParent) => {
      if (m.type === 'error') {
        clearTimeout(timer)
        reject(new Error(`${kind} server failed:\n${m.message}`))
      }
      if (m.type !== 'ready') return
      clearTimeout(timer)
      child.removeAllListeners('exit')
      resolve({
        kind, child, port: m.port, database: m.database, rateLimiter: m.rateLimiter, historyThread: m.historyThread,
        request: (msg) => new Promise((res, rej) => {
          const onMessage = (r: ToParent) => {
            if (r.type === 'count') { child.off('message', onMessage); res(r) }
            if (r.type === 'error') { child.off('message', onMessage); rej(new Error(r.message)) }
          }
          child.on('message', onMessage)
          child.send(msg)
        }),
        stop: () => new Promise<void>((res) => {
          if (child.exitCode !== null) return res()
          const kill = setTimeout(() => child.kill('SIGKILL'), 20_000)
          child.once('exit', () => { clearTimeout(kill); res() })
          child.send({ type: 'close' } satisfies ToChild)
        }),
      })
    })
  })
}

interface Measure {
  rps: number
  p50: number
  p99: number
  ok: number
  other: number
  errors: number
}

/**
 * One autocannon run; latencies are kept at full resolution (autocannon's histogram keeps whole
 * ms). `rate` > 0 caps the calls a second autocannon sends (all connections together).
 */
async function load(port: number, seconds: number, connections: number, headers: Record<string, string>, rate = 0): Promise<Measure> {
  let lat = new Float64Array(1 << 16)
  let n = 0
  const instance = autocannon({
    url: `http://127.0.0.1:${port}${ROUTE}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: BODY,
    connections,
    duration: seconds,
    ...(rate > 0 && { overallRate: rate }),
  })
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode < 200 || statusCode >= 300) return
    if (n === lat.length) {
      const grown = new Float64Array(lat.length * 2)
      grown.set(lat)
      lat = grown
    }
    lat[n++] = responseTime
  })
  const result = await instance
  const sorted = lat.subarray(0, n).sort()
  return {
    rps: result['2xx'] / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    ok: result['2xx'],
    other: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

async function check(port: number, headers: Record<string, string>, kind: Kind) {
  const res = await fetch(`http://127.0.0.1:${port}${ROUTE}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: BODY })
  const body = (await res.json()) as Record<string, unknown>
  if (res.status !== 200 || body.message !== 'Hello, bench!') throw new Error(`${kind} server answered ${res.status} ${JSON.stringify(body)}`)
  if (kind === 'pipeline' && (body.status !== 'ok' || typeof body.execution_id !== 'string')) {
    throw new Error(`the pipeline answer lacks the gateway envelope: ${JSON.stringify(body)}`)
  }
}

async function reachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 })
  try {
    await c.connect()
    await c.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await c.end().catch(() => {})
  }
}

async function adminQuery(url: string, q: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  await c.connect()
  try {
    await c.query(q)
  } finally {
    await c.end()
  }
}

const redactUrl = (u: string) => {
  const url = new URL(u)
  if (url.password) url.password = '***'
  return url.toString()
}

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: process.env.BENCH_DURATION ?? '4' },
      warmup: { type: 'string', default: process.env.BENCH_WARMUP ?? '1' },
      connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '50' },
      rounds: { type: 'string', default: process.env.BENCH_ROUNDS ?? '10' },
      rate: { type: 'string', default: process.env.BENCH_RATE ?? '0' },
      anonymous: { type: 'boolean', default: false },
    },
  })
  const duration = Number(values.duration)
  const warmup = Number(values.warmup)
  const connections = Number(values.connections)
  const rounds = Number(values.rounds)
  const rate = Number(values.rate)
  for (const [k, v] of Object.entries({ duration, warmup, connections, rounds, rate })) {
    if (!Number.isFinite(v) || v < 0 || (k !== 'warmup' && k !== 'rate' && v < 1)) throw new Error(`--${k} must be a positive number, got ${v}`)
  }

  // The database: a fresh one on a real Postgres when there is one.
  const baseUrl = process.env.DATABASE_URL || ((await reachable(DEFAULT_PG)) ? DEFAULT_PG : undefined)
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-bench-'))
  let dbName: string | undefined
  let dbUrl: string | undefined
  let dbNote: string
  if (baseUrl) {
    dbName = `tg_bench_${crypto.randomBytes(6).toString('hex')}`
    await adminQuery(baseUrl, `CREATE DATABASE ${dbName}`)
    const u = new URL(baseUrl)
    u.pathname = `/${dbName}`
    dbUrl = u.toString()
    dbNote = `PostgreSQL, fresh database ${dbName} on ${redactUrl(baseUrl).replace(/\/[^/]*$/, '')} (dropped after the run)`
  } else {
    dbNote = 'PGlite (embedded, on disk): NOTE no PostgreSQL answered (DATABASE_URL unset, 127.0.0.1:5432 unreachable); the issue asks for Postgres'
  }

  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const k of Object.keys(env)) if (k.startsWith('TOOLGATE_')) delete env[k]
  delete env.DATABASE_URL
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: '0',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    TOOLGATE_DATA_DIR: path.join(tmp, 'data'),
    TOOLGATE_WORKSPACE: path.join(tmp, 'workspace'),
    TOOLGATE_RATE_LIMITS: 'hello=100000000/minute',
    TOOLGATE_BOOTSTRAP_KEY: BENCH_KEY,
    ...(dbUrl && { DATABASE_URL: dbUrl }),
  })
  await fs.mkdir(env.TOOLGATE_WORKSPACE!, { recursive: true })
  const headers: Record<string, string> = values.anonymous ? {} : { authorization: `Bearer ${BENCH_KEY}` }

  const servers: Server[] = []
  let failed = false
  try {
    const bare = await startServer('bare', env)
    servers.push(bare)
    const pipeline = await startServer('pipeline', env)
    servers.push(pipeline)
    await check(bare.port, headers, 'bare')
    await check(pipeline.port, headers, 'pipeline')

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
    const out = (s = '') => process.stdout.write(`${s}\n`)
    out(`toolgate pipeline benchmark: POST ${ROUTE} ${BODY}`)
    out(`  load:      autocannon, ${connections} connections, ${rounds} ABBA round(s) (bare → pipeline, then pipeline → bare), ${duration} s each after a ${warmup} s warm-up${rate > 0 ? `, at most ${rate} calls/s` : ''}`)
    out(`  machine:   ${os.cpus().length} × ${cpu}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at start; each server in its own process, load from this one`)
    out(`  pipeline:  real buildApp + loadConfig; ${values.anonymous ? 'anonymous calls (hello is public)' : 'every call authenticated with an API key'}; ` +
      `rate limit hello=100000000/minute (${pipeline.rateLimiter}); LOG_LEVEL=warn (per-call info lines are not written, so log I/O is not measured)`)
    out(`  history:   ${dbNote} [${pipeline.database}], written by ${pipeline.historyThread === 'worker' ? 'a worker thread' : 'the main thread'}`)
    out(`  bare:      Fastify, same route, body schema hello.input, response schema hello.output, logger at warn`)
    out()
    out(`${pad('round', 5)}  ${pad('server', 8, true)}  ${pad('calls/s', 9)}  ${pad('p50 ms', 7)}  ${pad('p99 ms', 7)}  ${pad('2xx', 8)}  ${pad('non-2xx', 7)}  ${pad('errors', 6)}`)

    const results: Record<Kind, Measure[]> = { bare: [], pipeline: [] }
    const cpuUse: Record<Kind, CpuPerCall[]> = { bare: [], pipeline: [] }
    let pipelineOk = 0
    let pipelineBad = 0
    // Both servers JIT-compile their hot paths once before anything is measured.
    for (const s of [bare, pipeline]) {
      const w = await load(s.port, FIRST_WARMUP_S, connections, headers, rate)
      if (s.kind === 'pipeline') { pipelineOk += w.ok; pipelineBad += w.other + w.errors }
    }
    for (let r = 1; r <= rounds; r++) {
      // ABBA: odd rounds measure bare first, even rounds the pipeline first, so that a machine
      // slowing down (or speeding up) over the run does not favour the server measured first.
      for (const s of r % 2 ? [bare, pipeline] : [pipeline, bare]) {
        if (warmup > 0) {
          const w = await load(s.port, warmup, connections, headers, rate)
          if (s.kind === 'pipeline') { pipelineOk += w.ok; pipelineBad += w.other + w.errors }
        }
        const before = snapshot(s.child.pid)
        const m = await load(s.port, duration, connections, headers, rate)
        const after = snapshot(s.child.pid)
        if (before && after) cpuUse[s.kind].push(perCall(before, after, m.ok, duration))
        if (s.kind === 'pipeline') { pipelineOk += m.ok; pipelineBad += m.other + m.errors }
        results[s.kind].push(m)
        out(`${pad(String(r), 5)}  ${pad(s.kind, 8, true)}  ${pad(fmt(m.rps, 0), 9)}  ${pad(fmt(m.p50), 7)}  ${pad(fmt(m.p99), 7)}  ${pad(String(m.ok), 8)}  ${pad(String(m.other), 7)}  ${pad(String(m.errors), 6)}`)
        // Let the pipeline's history flush and the machine settle before the next run.
        await new Promise((res) => setTimeout(res, 500))
      }
    }

    const med = (k: Kind) => ({ rps: median(results[k].map((m) => m.rps)), p50: median(results[k].map((m) => m.p50)), p99: median(results[k].map((m) => m.p99)) })
    const b = med('bare')
    const p = med('pipeline')
    const paired = results.pipeline.map((m, i) => m.rps / results.bare[i].rps)
    const ratio = median(paired)
    out()
    out(`median of ${rounds} round(s):`)
    out(`| server   |   calls/s |  p50 ms |  p99 ms |`)
    out(`| -------- | --------: | ------: | ------: |`)
    out(`| bare     | ${pad(fmt(b.rps, 0), 9)} | ${pad(fmt(b.p50), 7)} | ${pad(fmt(b.p99), 7)} |`)
    out(`| pipeline | ${pad(fmt(p.rps, 0), 9)} | ${pad(fmt(p.p50), 7)} | ${pad(fmt(p.p99), 7)} |`)
    const pass = rate > 0 || ratio >= TARGET
    out()
    if (cpuUse.bare.length && cpuUse.pipeline.length) {
      out(`CPU per 2xx call in µs (median of the rounds, from /proc): the server's main thread, its other threads (history writer, GC, libuv), every Postgres process, this process (the load generator); the machine's idle share; and the share of the run the main thread was ready to run but waited for a core`)
      out(`| server   | main | other threads | Postgres | load generator | idle | main thread waiting |`)
      out(`| -------- | ---: | ------------: | -------: | -------------: | ---: | ------------------: |`)
      for (const k of ['bare', 'pipeline'] as const) {
        const c = (f: (x: CpuPerCall) => number) => median(cpuUse[k].map(f))
        const waiting = c((x) => x.mainWaiting)
        out(`| ${pad(k, 8, true)} | ${fmt(c((x) => x.main), 1)} | ${fmt(c((x) => x.others), 1)} | ${fmt(c((x) => x.postgres), 1)} | ${fmt(c((x) => x.loadGenerator), 1)} | ${fmt(c((x) => x.idle) * 100, 0)}% | ${Number.isNaN(waiting) ? 'n/a' : `${fmt(waiting * 100, 0)}%`} |`)
      }
    } else out('CPU per call: not measured (needs Linux /proc)')
    out()
    out(`load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (other work on the machine skews both servers' figures)`)
    out(`per-round ratios (pipeline ÷ bare of the same round): ${paired.map((r) => `${(r * 100).toFixed(1)}%`).join(' ')}; ratio of the medians above: ${((p.rps / b.rps) * 100).toFixed(1)}%`)
    if (rate > 0) out(`ratio: not measured: at a fixed ${rate} calls/s both servers answer alike; compare their CPU per call above`)
    else out(`ratio (median of the per-round ratios): ${(ratio * 100).toFixed(1)}%   target ≥ ${TARGET * 100}%   ${pass ? 'PASS' : 'FAIL'}`)

    const { rows } = await pipeline.request({ type: 'count' })
    const rowsOk = rows >= pipelineOk
    out(`history: ${rows} hello rows in executions for ${pipelineOk} 2xx pipeline responses (warm-ups included)   ${rowsOk ? 'OK' : 'MISSING ROWS'}`)
    if (pipelineBad) out(`pipeline: ${pipelineBad} non-2xx responses or errors: the figures above do not measure a clean run`)
    failed = !pass || !rowsOk || pipelineBad > 0
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
    if (dbName && baseUrl) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => process.stderr.write(`could not drop ${dbName}: ${e}\n`))
    await fs.rm(tmp, { recursive: true, force: true })
  }
  process.exitCode = failed ? 1 : 0
}

const serveIndex = process.argv.indexOf('--serve')
if (serveIndex !== -1) {
  await serve(process.argv[serveIndex + 1] as Kind)
} else {
  await main()
}
