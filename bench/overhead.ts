/**
 * `npm run bench:overhead` (issue 14, performance contract): what toolgate's whole pipeline adds to
 * `hello` over a bare Fastify route with the same schemas and the same handler work.
 *   - toolgate: `node dist/server.js` (what `npm start` runs; the npm script builds first), history
 *     on a fresh Postgres database dropped after the run, every call with an API key;
 *   - bare: Fastify, the same path, body schema hello.input, response schema hello.output.
 * Each server runs in its own child process; this one loads them (paced.ts at the fixed rate,
 * autocannon at saturation), in ABBA rounds.
 * Phase 1 at a fixed rate (default 1,000 calls/s): added latency, contract ≤ 0.5 ms at p50 and
 * ≤ 2 ms at p99. Phase 2 at saturation: toolgate's share of bare throughput, contract ≥ 0.30.
 * Figures are medians over rounds of each round's paired difference or ratio.
 * Options: --rate=N (1000) --rounds=N (4) --duration=S (3) --warmup=S (1) --connections=N (50; at the
 * fixed rate, calls leave evenly spaced over at most N connections, bench/paced.ts) --strict (exit 1 on FAIL).
 */
import { fileURLToPath } from 'node:url'
import {
  bad,
  HELLO_BODY,
  HELLO_ROUTE,
  helloTarget,
  compareWithToolgate,
  firstWarmUp,
  interleave,
  machine,
  numericOptions,
  out,
  paired,
  verdict,
  type Measure,
  type Target,
} from './harness.js'
import { fmt, median, pad } from './stats.js'

const SELF = fileURLToPath(import.meta.url)
const ROUTE = HELLO_ROUTE
const BODY = HELLO_BODY
const FIRST_WARMUP_S = 3

/** The bare server (child process): hello's own schemas and the same work as its execute. */
async function serveBare() {
  const { default: Fastify } = await import('fastify')
  const hello = (await import(new URL('../dist/tools/booster/hello.js', import.meta.url).href)).default
  // The app's Ajv options, so that validation does the same work.
  const app = Fastify({ logger: { level: 'warn' }, ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: false } } })
  app.post(ROUTE, { schema: { body: hello.input, response: { 200: hello.output } } }, async (request) => {
    const { name = 'World' } = (request.body ?? {}) as { name?: string }
    return { message: `Hello, ${name}!`, timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') }
  })
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
}

const options = () =>
  numericOptions({
    rate: ['1000', 1],
    rounds: ['4', 1],
    duration: ['3', 1],
    warmup: ['1', 0],
    connections: ['50', 1],
  })
type Options = ReturnType<typeof options>

/** Both phases against running servers; returns whether every figure meets the contract. */
async function measure(bare: Target, toolgate: Target, o: Options, served: Map<Target, number>): Promise<boolean> {
  const rounds = { rounds: o.rounds, seconds: o.duration, warmup: o.warmup, connections: o.connections }
  await firstWarmUp([bare, toolgate], FIRST_WARMUP_S, o.connections, served)
  out(`\nphase 1: fixed ${o.rate} calls/s, evenly spaced, at most ${o.connections} connections`)
  const [b1, t1] = await interleave(bare, toolgate, { ...rounds, rate: o.rate }, served)
  warnIfBehind([...b1, ...t1], o.rate)
  out(`\nphase 2: saturation, ${o.connections} connections`)
  const [b2, t2] = await interleave(bare, toolgate, rounds, served)

  printMedians(
    [
      ['bare', b1, b2],
      ['toolgate', t1, t2],
    ],
    o,
  )
  const results = [
    verdict(
      `added latency p50 at ${o.rate}/s`,
      paired(t1, b1, (t, b) => t.p50 - b.p50),
      0.5,
      true,
      ' ms',
    ),
    verdict(
      `added latency p99 at ${o.rate}/s`,
      paired(t1, b1, (t, b) => t.p99 - b.p99),
      2,
      true,
      ' ms',
    ),
    verdict(
      'throughput ratio at saturation',
      paired(t2, b2, (t, b) => t.rps / b.rps),
      0.3,
      false,
    ),
  ]
  const errors = bad([...b1, ...t1, ...b2, ...t2])
  if (errors) out(`NOTE ${errors} non-2xx answers or errors: the figures do not measure a clean run`)
  return results.every(Boolean) && errors === 0
}

function printMedians(rows: [name: string, fixed: Measure[], saturated: Measure[]][], o: Options) {
  const med = (ms: Measure[], k: 'p50' | 'p99' | 'rps', width: number, digits = 2) => pad(fmt(median(ms.map((m) => m[k])), digits), width)
  out(
    `\n${pad(`medians of ${o.rounds} round(s)`, 22, true)}  ${pad(`calls/s at ${o.rate}/s`, 20)}  ${pad('p50 ms', 8)}  ${pad('p99 ms', 8)}  ${pad('calls/s saturated', 18)}`,
  )
  for (const [name, fixed, saturated] of rows) {
    out(`${pad(name, 22, true)}  ${med(fixed, 'rps', 20, 0)}  ${med(fixed, 'p50', 8)}  ${med(fixed, 'p99', 8)}  ${med(saturated, 'rps', 18, 0)}`)
  }
}

/** Below the fixed rate, latencies measure a queue (the machine's, or a server's), not the work. */
function warnIfBehind(ms: Measure[], rate: number) {
  const slowest = Math.min(...ms.map((m) => m.rps))
  if (slowest < 0.95 * rate)
    out(`NOTE a run reached only ${fmt(slowest, 0)} of ${rate} calls/s: the machine (or a server) could not keep the rate, so its latencies include queueing`)
}

if (process.argv.includes('--serve')) await serveBare()
else {
  const o = options()
  await compareWithToolgate({
    baseline: 'bare',
    self: SELF,
    target: helloTarget,
    strict: o.strict,
    header: (history) => [
      `toolgate overhead benchmark: POST ${ROUTE} ${BODY}, ${o.rounds} ABBA round(s) per phase, ${o.duration} s each after ${o.warmup} s warm-up`,
      `  machine:  ${machine()} at start`,
      `  toolgate: node dist/server.js, API key on every call, LOG_LEVEL=warn; history: ${history}`,
      '  bare:     Fastify, same route, body schema hello.input, response schema hello.output',
    ],
    measure: (bare, toolgate, served) => measure(bare, toolgate, o, served),
  })
}
