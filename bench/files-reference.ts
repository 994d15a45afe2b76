/**
 * The two clients bench:files times: toolgate over HTTP on loopback with a key (the real app and
 * config, PGlite in a temp folder), and the MCP reference filesystem server over stdio with the
 * MCP SDK client, rooted at the same folder.
 */
import { promises as fs } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const KEY = 'tg_bench_files_key_0123456789abcdef'
export type Call = (tool: string, args: Record<string, unknown>) => Promise<{ text: string; metadata?: Record<string, any> }>

async function loadTools() {
  const { allTools } = await import('../src/tools/index.js')
  const { searchTools } = await import('../src/tools/search/index.js')
  const { fileTools } = await import('../src/tools/fs/index.js')
  return [...new Map([...allTools, ...searchTools, ...fileTools].map((t) => [t.name, t])).values()]
}

/** toolgate serving `dir`, and a caller that posts to it. */
export async function startToolgate(dir: string): Promise<{ call: Call; close(): Promise<void> }> {
  const { loadConfig } = await import('../src/config.js')
  const { buildApp } = await import('../src/app.js')
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-bench-files-'))
  const config = loadConfig({
    TOOLGATE_WORKSPACE: dir,
    TOOLGATE_DATA_DIR: dataDir,
    TOOLGATE_BOOTSTRAP_KEY: KEY,
    LOG_LEVEL: 'warn',
    TOOLGATE_RATE_LIMITS: '*=10000000/minute',
    TOOLGATE_HISTORY_FLUSH_MS: '50',
    TOOLGATE_MAX_OUTPUT: String(16 << 20), // whole listings, as the reference returns them
  })
  const app = await buildApp({ config, tools: await loadTools() })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const call: Call = async (tool, args) => {
    const res = await fetch(`${base}/v1/tools/${tool}`, {
      method: 'POST',
      body: JSON.stringify(args),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}`, 'x-max-output-size': String(16 << 20) },
    })
    const json = (await res.json()) as Record<string, any>
    if (res.status !== 200) throw new Error(`${tool} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`)
    return { text: String(json.output), metadata: json.metadata }
  }
  return {
    call,
    close: async () => {
      await app.close()
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
