/**
 * What bench/overhead.ts and bench/mcp.ts share: servers in child processes (black box over HTTP
 * on loopback), a fresh Postgres database per run, paced and autocannon loads, and ABBA rounds that compare
 * two servers measured seconds apart, because these shared 2-core machines drift over minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { paced } from './paced.js'
import { fmt, median, pad, percentile } from './stats.js'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const BENCH_KEY = `tg_bench_${crypto.randomBytes(16).toString('hex')}`
const ADMIN_PG = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

/** One kind of request to one server: what autocannon sends and how the ready probe checks it. */
export interface Target {
  name: string
  url: string
  body: string
  headers: Record<string, string>
  /** Throws when one answer is not the expected one. */
  check(status: number, body: string): void
}

export interface Measure {
  rps: number
  p50: number
  p99: number
  ok: number
  /** Non-2xx answers, errors and timeouts. */
  bad: number
}

export interface Server {
  name: string
  port: number
  child: ChildProcess
  stop(): Promise<void>
}

/** `hello` as the benchmarks call it, on toolgate (with the bench key) or on the bare Fastify baseline. */
export const HELLO_ROUTE = '/v1/tools/hello'
export const HELLO_BODY = JSON.stringify({ name: 'bench' })
export function helloTarget(name: string, port: number): Target {
  return {
    name,
    url: `http://127.0.0.1:${port}${HELLO_ROUTE}`,
    body: HELLO_BODY,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_KEY}` },
    check(status, text) {
      if (status !== 200 || JSON.parse(text).message !== 'Hello, bench!') throw new Error(`${name} answered ${status} ${text.slice(0, 300)}`)
    },
  }
}

export const out = (s = '') => process.stdout.write(`${s}\n`)
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
export const machine = () => `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${loadAverage()}`

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
    s.once('error', reject)
  })
}

/** One request through the target, checked: the ready probe and the sanity check before loading. */
export async function probe(target: Target): Promise<void> {
  const res = await fetch(target.url, { method: 'POST', headers: target.headers, body: target.body })
  target.check(res.status, await res.text())
}

/**
 * Starts `node …args` with PORT set to a free port and waits until `target(port)` answers as
 * expected. SIGTERM stops it (toolgate's server then flushes its history).
 */
export async function startServer(name: string, args: string[], env: NodeJS.ProcessEnv, target: (port: number) => Target): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const kill = setTimeout(() => child.kill('SIGKILL'), 20_000)
      child.once('exit', () => {
        clearTimeout(kill)
        resolve()
      })
      child.kill('SIGTERM')
    })
  const deadline = Date.now() + 60_000
  for (let lastError: unknown; ; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it answered`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${name} did not answer within 60 s: ${lastError}`)
    }
    try {
      await probe(target(port))
      return { name, port, child, stop }
    } catch (err) {
      lastError = err
    }
  }
}

/** Runs a server defined in the calling bench file: `tsx <file> --serve <kind>` (execArgv carries tsx's loader). */
export const selfArgs = (file: string, kind: string) => [...process.execArgv, file, '--serve', kind]

/** A fresh database on the local Postgres, for one run; `drop` removes it. */
export async function tempDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `tg_bench_${crypto.randomBytes(6).toString('hex')}`
  try {
    await adminQuery(`CREATE DATABASE ${name}`)
  } catch (err) {
    throw new Error(`the benchmark needs PostgreSQL (${redact(ADMIN_PG)}, or DATABASE_URL): ${(err as Error).message}`)
  }
  const url = new URL(ADMIN_PG)
  url.pathname = `/${name}`
  return { url: url.toString(), name, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_PG, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

const redact = (u: string) => {
  const url = new URL(u)
  if (url.password) url.password = '***'
  return url.toString()
}
export const databaseNote = (name: string) => `PostgreSQL, fresh database ${name} on ${redact(ADMIN_PG).replace(/\/[^/]*$/, '')}, dropped after the run`

/** Rows the history holds for one tool, read straight from the run's database. */
export async function historyRows(databaseUrl: string, tool: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM executions WHERE tool = $1', [tool])
    return rows[0].n as number
  } finally {
    await client.end()
  }
}

/**
 * The environment `node dist/server.js` runs with: the run's database, a temp data folder and
 * workspace, the bench key, hello's limit out of the way, warn-level logs (so log I/O is not measured).
 */
export async function toolgateEnv(databaseUrl: string): Promise<{ env: NodeJS.ProcessEnv; cleanup(): Promise<void> }> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-bench-'))
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('TOOLGATE_')))
  Object.assign(env, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    TOOLGATE_DATA_DIR: path.join(tmp, 'data'),
    TOOLGATE_WORKSPACE: path.join(tmp, 'workspace'),
    TOOLGATE_RATE_LIMITS: 'hello=100000000/minute',
    // One key drives every connection (--connections may pass the default of 64 at once).
    TOOLGATE_MAX_CALLS_IN_FLIGHT: '100000',
    TOOLGATE_BOOTSTRAP_KEY: BENCH_KEY,
  })
  await fs.mkdir(env.TOOLGATE_WORKSPACE!, { recursive: true })
  return { env, cleanup: () => fs.rm(tmp, { recursive: true, force: true }) }
}

/**
 * One run: `rate` > 0 holds that many calls a second, evenly spaced (bench/paced.ts says why not
 * autocannon's overallRate); otherwise autocannon as fast as the server answers. Latencies come
 * from each response at full resolution (autocannon's own histogram keeps whole ms).
 */
export async function load(target: Target, seconds: number, connections: number, rate = 0): Promise<Measure> {
  if (rate > 0) return paced(target, seconds, rate, connections)
  const latencies: number[] = []
  const instance = autocannon({
    url: target.url,
    method: 'POST',
    headers: target.headers,
    body: target.body,
    connections,
    duration: seconds,
  })
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms)
  })
  const result = await instance
  const sorted = Float64Array.from(latencies).sort()
  return {
    rps: result['2xx'] / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    ok: result['2xx'],
    bad: result.non2xx + result.errors + result.timeouts,
  }
}

export interface RoundOptions {
  rounds: number
  seconds: number
  warmup: number
  connections: number
  rate?: number
}

/**
 * Measures two targets in ABBA order (odd rounds A then B, even rounds B then A) so that a machine
 * drifting over the run favours neither; each measured run follows its own short warm-up.
 * Returns the measures of A and of B, round by round, and counts every 2xx in `served`.
 */
export async function interleave(a: Target, b: Target, o: RoundOptions, served: Map<Target, number>): Promise<[Measure[], Measure[]]> {
  const results = new Map<Target, Measure[]>([
    [a, []],
    [b, []],
  ])
  const count = (t: Target, m: Measure) => served.set(t, (served.get(t) ?? 0) + m.ok)
  out(`${pad('round', 5)}  ${pad('server', 10, true)}  ${pad('calls/s', 8)}  ${pad('p50 ms', 7)}  ${pad('p99 ms', 7)}  ${pad('2xx', 7)}  ${pad('bad', 5)}`)
  for (let r = 1; r <= o.rounds; r++) {
    for (const t of r % 2 ? [a, b] : [b, a]) {
      if (o.warmup > 0) count(t, await load(t, o.warmup, o.connections, o.rate))
      const m = await load(t, o.seconds, o.connections, o.rate)
      count(t, m)
      results.get(t)!.push(m)
      out(
        `${pad(String(r), 5)}  ${pad(t.name, 10, true)}  ${pad(fmt(m.rps, 0), 8)}  ${pad(fmt(m.p50), 7)}  ${pad(fmt(m.p99), 7)}  ${pad(String(m.ok), 7)}  ${pad(String(m.bad), 5)}`,
      )
      await new Promise((res) => setTimeout(res, 300))
    }
  }
  return [results.get(a)!, results.get(b)!]
}

/** The median over rounds of a figure computed from each round's pair (measured seconds apart). */
export const paired = (a: Measure[], b: Measure[], f: (a: Measure, b: Measure) => number) => median(a.map((m, i) => f(m, b[i])))

/** One contract line: the figure, the limit and PASS/FAIL. */
export function verdict(label: string, value: number, limit: number, atMost: boolean, unit = ''): boolean {
  const pass = atMost ? value <= limit : value >= limit
  out(`${label.padEnd(34)} ${pad(fmt(value) + unit, 9)}   contract ${atMost ? '≤' : '≥'} ${limit}${unit}   ${pass ? 'PASS' : 'FAIL'}`)
  return pass
}

export const bad = (ms: Measure[]) => ms.reduce((n, m) => n + m.bad, 0)

export interface Comparison {
  /** The baseline server's name; it is served by `tsx <self> --serve <baseline>`. */
  baseline: string
  self: string
  target(name: string, port: number): Target
  /** The lines that say what is measured, given where the history goes. */
  header(databaseNote: string): string[]
  /** Measures both servers; `served` counts toolgate's 2xx answers. Returns whether the contract holds. */
  measure(baseline: Target, toolgate: Target, served: Map<Target, number>): Promise<boolean>
  strict: boolean
}

/**
 * The frame of a run: a fresh database, the baseline and `node dist/server.js` started, the
 * measures, then every 2xx answer checked against a history row, and everything removed.
 */
export async function compareWithToolgate(c: Comparison): Promise<void> {
  const db = await tempDatabase()
  const { env, cleanup } = await toolgateEnv(db.url)
  const servers: Server[] = []
  let pass = false
  const cleanUp = async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await db.drop().catch((err) => process.stderr.write(`could not drop ${db.name}: ${err}\n`))
    await cleanup()
  }
  // Ctrl-C skips the finally below; the run's database must not outlive it.
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)))
  try {
    servers.push(await startServer(c.baseline, selfArgs(c.self, c.baseline), env, (port) => c.target(c.baseline, port)))
    servers.push(await startServer('toolgate', ['dist/server.js'], env, (port) => c.target('toolgate', port)))
    const [baseline, toolgate] = servers.map((s) => c.target(s.name, s.port))
    for (const line of c.header(databaseNote(db.name))) out(line)
    const served = new Map<Target, number>()
    pass = await c.measure(baseline, toolgate, served)
    await servers[1].stop() // a graceful stop flushes the history
    const rows = await historyRows(db.url, 'hello')
    const answered = served.get(toolgate) ?? 0
    out(`history: ${rows} hello rows for ${answered} 2xx answers (warm-ups included)   ${rows >= answered ? 'OK' : 'MISSING ROWS'}`)
    out(`load average at the end: ${loadAverage()}`)
    pass &&= rows >= answered
  } finally {
    await cleanUp()
  }
  out(pass ? 'overall: PASS' : 'overall: FAIL')
  if (c.strict && !pass) process.exitCode = 1
}

/** Loads each target once, unmeasured, so that both JIT-compile their hot paths first. */
export async function firstWarmUp(targets: Target[], seconds: number, connections: number, served: Map<Target, number>) {
  for (const t of targets) served.set(t, (served.get(t) ?? 0) + (await load(t, seconds, connections)).ok)
}

/** Parses the numeric options (--name=N, each with its default and minimum) and --strict. */
export function numericOptions<K extends string>(spec: Record<K, [fallback: string, min: number]>): Record<K, number> & { strict: boolean } {
  const entries = Object.entries(spec) as [K, [string, number]][]
  const { values } = parseArgs({
    options: { strict: { type: 'boolean', default: false }, ...Object.fromEntries(entries.map(([k, [d]]) => [k, { type: 'string', default: d }])) },
  })
  const parsed = Object.fromEntries(
    entries.map(([k, [, min]]) => {
      const raw = String((values as Record<string, unknown>)[k])
      const v = Number(raw)
      if (!Number.isFinite(v) || v < min) throw new Error(`--${k} must be a number ≥ ${min}, got ${raw}`)
      return [k, v]
    }),
  )
  return { ...parsed, strict: Boolean(values.strict) } as Record<K, number> & { strict: boolean }
}
