/**
 * A call stops when its client closes the connection before the answer (src/pipeline/steps/execute.ts),
 * over REST and MCP alike, and history says so (499 CLIENT_CLOSED). From an attacker review: a
 * Task whose client had gone went on making calls, so a read key could leave hundreds of subagents
 * running for no one. Beside each, the same call with its client waiting runs to the end.
 */
import fs from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js'

let t: TestApp
let llm: ScriptedLlm
let port: number
let shell: string

beforeAll(async () => {
  llm = await startScriptedLlm()
  t = await buildTestApp({ env: { LLM_BASE_URL: llm.url, LLM_MODEL: 'scripted', LLM_MAX_RETRIES: '0' } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as { port: number }).port
  shell = await t.key(['exec'], 'shell')
})
afterAll(async () => {
  await t?.close()
  await llm?.close()
})

/** POSTs `body` to `url`; with `leaveAfterMs`, closes the connection that long after sending. */
function post(url: string, key: string, body: object, leaveAfterMs?: number): Promise<{ status: number; text: string } | 'left'> {
  return new Promise((resolve) => {
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
    const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: url, headers }, (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', () => resolve('left'))
    req.end(JSON.stringify(body))
    if (leaveAfterMs !== undefined) setTimeout(() => req.destroy(), leaveAfterMs)
  })
}

const exists = (file: string) =>
  fs.stat(path.join(t.workspace, file)).then(
    () => true,
    () => false,
  )
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const latest = async (tool: string) =>
  (await t.app.inject({ url: `/v1/executions?tool=${tool}&limit=1`, headers: { authorization: `Bearer ${t.adminKey}` } })).json().executions[0]
const mcpCall = (name: string, args: object) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } })
const slowTouch = (file: string) => ({ command: `sleep 1 && touch ${file}` })

describe('a client that closes its connection', () => {
  it('positive control: a client that waits gets the command run to its end, over REST and MCP', async () => {
    const rest = await post('/v1/tools/Bash', shell, slowTouch('rest-waited'))
    expect(rest).toMatchObject({ status: 200 })
    const mcp = await post('/mcp', shell, mcpCall('Bash', slowTouch('mcp-waited')))
    expect(mcp).toMatchObject({ status: 200 })
    expect([await exists('rest-waited'), await exists('mcp-waited')]).toEqual([true, true])
  })

  it('stops the command it started (REST), and history records CLIENT_CLOSED', async () => {
    expect(await post('/v1/tools/Bash', shell, slowTouch('rest-left'), 300)).toBe('left')
    await sleep(1_700)
    expect(await exists('rest-left')).toBe(false)
    expect(await latest('Bash')).toMatchObject({ status: 'error', error_code: 'CLIENT_CLOSED', http_status: 499 })
  })

  it('stops it over MCP too', async () => {
    expect(await post('/mcp', shell, mcpCall('Bash', slowTouch('mcp-left')), 300)).toBe('left')
    await sleep(1_700)
    expect(await exists('mcp-left')).toBe(false)
    expect(await latest('Bash')).toMatchObject({ status: 'error', error_code: 'CLIENT_CLOSED' })
  })

  it("stops a subagent: its next call is not made (a connected client's is)", async () => {
    const writer = await t.key(['read', 'write'], 'writer')
    const task = (file: string) => ({ description: 'Write a small file', prompt: `write ${file}`, subagent_type: 'general-purpose' })
    const script = (file: string) => [{ toolCalls: [{ name: 'Write', arguments: { file_path: file, content: 'x' } }], delayMs: 1_000 }, { answer: 'done' }]
    llm.reset(script('task-waited.txt'))
    expect(await post('/v1/tools/Task', writer, task('task-waited.txt'))).toMatchObject({ status: 200 })
    expect(await exists('task-waited.txt')).toBe(true)
    llm.reset(script('task-left.txt'))
    expect(await post('/v1/tools/Task', writer, task('task-left.txt'), 300)).toBe('left')
    await sleep(2_000)
    expect(await exists('task-left.txt')).toBe(false)
    expect(await latest('Task')).toMatchObject({ status: 'error', error_code: 'CLIENT_CLOSED' })
  })
})
