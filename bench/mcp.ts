/**
 * `npm run bench:mcp` (issue 14, performance contract): `tools/call hello` through toolgate's `/mcp`
 * against a plain stateless MCP SDK server exposing the same tool, at saturation, in ABBA rounds.
 *   - toolgate: `node dist/server.js` (the npm script builds first), history on a fresh Postgres
 *     database dropped after the run, every call with an API key;
 *   - reference: the SDK's stateless pattern (a new McpServer and StreamableHTTPServerTransport per
 *     request, JSON answers like toolgate's) on Fastify, the tool registered with zod schemas.
 * Contract: toolgate keeps ≥ 0.8 of the reference's throughput (median of the rounds' ratios).
 * Options: --rounds=N (4) --duration=S (3) --warmup=S (1) --connections=N (50) --strict (exit 1 on FAIL).
 */
import { fileURLToPath } from 'node:url'
import { bad, BENCH_KEY, compareWithToolgate, firstWarmUp, interleave, machine, numericOptions, out, paired, verdict, type Target } from './harness.js'
import { fmt, median } from './stats.js'

const SELF = fileURLToPath(import.meta.url)
const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'hello', arguments: { name: 'bench' } } })
const FIRST_WARMUP_S = 3

function mcpTarget(name: string, port: number): Target {
  return {
    name,
    url: `http://127.0.0.1:${port}/mcp`,
    body: BODY,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${BENCH_KEY}` },
    check(status, text) {
      const result = status === 200 ? JSON.parse(text).result : undefined
      if (!result || result.isError === true || result.structuredContent?.message !== 'Hello, bench!')
        throw new Error(`${name} answered ${status} ${text.slice(0, 300)}`)
    },
  }
}

/** The reference server (child process), written as the SDK's stateless example does. */
async function serveReference() {
  const { default: Fastify } = await import('fastify')
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js')
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js')
  const { z } = await import('zod')
  const serverWithHello = () => {
    const server = new McpServer({ name: 'reference', version: '1.0.0' })
    server.registerTool(
      'hello',
      {
        description: 'Returns a greeting message. Use for testing MCP connectivity.',
        inputSchema: { name: z.string().optional() },
        outputSchema: { message: z.string(), timestamp: z.string() },
      },
      async ({ name = 'World' }) => {
        const result = { message: `Hello, ${name}!`, timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') }
        return { content: [{ type: 'text' as const, text: JSON.stringify(result) }], structuredContent: result }
      },
    )
    return server
  }
  const app = Fastify({ logger: { level: 'warn' } })
  app.post('/mcp', async (request, reply) => {
    const server = serverWithHello()
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
    reply.hijack()
    reply.raw.on('close', () => {
      void transport.close()
      void server.close()
    })
    await server.connect(transport)
    await transport.handleRequest(request.raw, reply.raw, request.body)
  })
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
}

const options = () => numericOptions({ rounds: ['4', 1], duration: ['3', 1], warmup: ['1', 0], connections: ['50', 1] })

async function measure(reference: Target, toolgate: Target, o: ReturnType<typeof options>, served: Map<Target, number>): Promise<boolean> {
  await firstWarmUp([reference, toolgate], FIRST_WARMUP_S, o.connections, served)
  out(`\nsaturation, ${o.connections} connections`)
  const [r, t] = await interleave(reference, toolgate, { rounds: o.rounds, seconds: o.duration, warmup: o.warmup, connections: o.connections }, served)
  out(
    `\nmedians of ${o.rounds} round(s): reference ${fmt(median(r.map((m) => m.rps)), 0)} calls/s (p50 ${fmt(median(r.map((m) => m.p50)))} ms), ` +
      `toolgate ${fmt(median(t.map((m) => m.rps)), 0)} calls/s (p50 ${fmt(median(t.map((m) => m.p50)))} ms)`,
  )
  const pass = verdict(
    'throughput ratio (toolgate ÷ SDK)',
    paired(t, r, (a, b) => a.rps / b.rps),
    0.8,
    false,
  )
  const errors = bad([...r, ...t])
  if (errors) out(`NOTE ${errors} non-2xx answers or errors: the figures do not measure a clean run`)
  return pass && errors === 0
}

if (process.argv.includes('--serve')) await serveReference()
else {
  const o = options()
  await compareWithToolgate({
    baseline: 'reference',
    self: SELF,
    target: mcpTarget,
    strict: o.strict,
    header: (history) => [
      `toolgate MCP benchmark: POST /mcp ${BODY}, ${o.rounds} ABBA round(s), ${o.duration} s each after ${o.warmup} s warm-up`,
      `  machine:   ${machine()} at start`,
      `  toolgate:  node dist/server.js, API key on every call, LOG_LEVEL=warn; history: ${history}`,
      '  reference: @modelcontextprotocol/sdk McpServer + stateless StreamableHTTPServerTransport (JSON answers) on Fastify',
    ],
    measure: (reference, toolgate, served) => measure(reference, toolgate, o, served),
  })
}
