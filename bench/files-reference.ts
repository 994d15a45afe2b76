/**
 * The two clients bench:files times: toolgate over HTTP on loopback with a key (undici, `node
 * dist/server.js` in a process of its own, as deployed, PGlite in a temp folder), and the MCP
 * reference filesystem server over stdio with the MCP SDK client, rooted at the same folder.
 * Neither runs in the bench's process: spawning a child (rg) blocks for time in proportion to the
 * spawning process's memory (fork copies its page tables), and PGlite takes hundreds of MB.
 */
import { promises as fs } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { request } from 'undici'
import { startServer, type Target } from './harness.js'

const KEY = 'tg_bench_files_key_0123456789abcdef'
export type Call = (tool: string, args: Record<string, unknown>) => Promise<{ text: string; metadata?: Record<string, any> }>

/** toolgate serving `dir` (this checkout's dist/server.js, or another build's `entry`), and a caller that posts to it. */
export async function startToolgate(dir: string, entry = 'dist/server.js'): Promise<{ call: Call; rssMb(): Promise<number>; close(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-bench-files-'))
  const env = {
    PATH: process.env.PATH,
    TOOLGATE_WORKSPACE: dir,
    TOOLGATE_DATA_DIR: dataDir,
    TOOLGATE_BOOTSTRAP_KEY: KEY,
    LOG_LEVEL: 'warn',
    TOOLGATE_RATE_LIMITS: 'hello=10000000/minute,*=10000000/minute',
    TOOLGATE_HISTORY_FLUSH_MS: '50',
    TOOLGATE_MAX_OUTPUT: String(16 << 20), // whole listings, as the reference returns them
  }
  const target = (port: number): Target => ({
    name: 'toolgate',
    url: `http://127.0.0.1:${port}/v1/tools/hello`,
    body: '{}',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    check: (status, text) => {
      if (status !== 200) throw new Error(`toolgate answered ${status} ${text.slice(0, 300)}`)
    },
  })
  // A first start creates the database (PGlite's initdb), which leaves ~450 MB more in the process
  // for its life; a server restarted on its data folder, as it runs from then on, is measured.
  await (await startServer('toolgate', [entry], env, target)).stop()
  const server = await startServer('toolgate', [entry], env, target)
  const base = `http://127.0.0.1:${server.port}`
  // undici's request(), the library under Node's fetch: fetch alone adds ~0.35 ms a call (an empty
  // round trip is 0.50 ms with fetch, 0.14 ms with request(), 0.16 ms for the MCP client over stdio).
  const call: Call = async (tool, args) => {
    const res = await request(`${base}/v1/tools/${tool}`, {
      method: 'POST',
      body: JSON.stringify(args),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}`, 'x-max-output-size': String(16 << 20) },
    })
    const json = (await res.body.json()) as Record<string, any>
    if (res.statusCode !== 200) throw new Error(`${tool} answered ${res.statusCode}: ${JSON.stringify(json).slice(0, 300)}`)
    return { text: String(json.output), metadata: json.metadata }
  }
  // Its resident memory: what each spawn's fork has to copy the page tables of.
  const rssMb = async () => Number((await fs.readFile(`/proc/${server.child.pid}/status`, 'utf8')).match(/VmRSS:\s+(\d+)/)?.[1]) / 1024
  return {
    call,
    rssMb,
    close: async () => {
      await server.stop()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** The reference server over stdio, rooted at `dir`. */
export async function startReference(dir: string): Promise<{ call: Call; version: string; close(): Promise<void> }> {
  const require = createRequire(import.meta.url)
  const pkg = require.resolve('@modelcontextprotocol/server-filesystem/package.json')
  const version = (JSON.parse(await fs.readFile(pkg, 'utf8')) as { version: string }).version
  const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(path.dirname(pkg), 'dist', 'index.js'), dir], stderr: 'ignore' })
  const client = new Client({ name: 'toolgate-bench', version: '1' })
  await client.connect(transport)
  const call: Call = async (tool, args) => {
    const res = (await client.callTool({ name: tool, arguments: args })) as { content: { text: string }[]; isError?: boolean }
    if (res.isError) throw new Error(`reference ${tool} failed: ${res.content[0]?.text}`)
    return { text: res.content.map((c) => c.text).join('') }
  }
  return { call, version, close: () => client.close() }
}
