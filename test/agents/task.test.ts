/**
 * Task end to end: the real app on PGlite, the shipped definitions, and the scripted LLM on
 * loopback. The subagent's tool calls go through the pipeline as the caller (scopes, approvals,
 * history with parent_execution_id); the LLM is asserted on what it was sent (system prompt,
 * tools offered, tool results).
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SHIPPED_AGENTS_DIR } from '../../src/config.js'
import { parseDefinition } from '../../src/agents/definitions.js'
import { innerCaller } from '../../src/pipeline/inner-call.js'
import { buildTestApp, type TestApp } from '../helper.js'
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js'

let t: TestApp
let llm: ScriptedLlm

beforeAll(async () => {
  llm = await startScriptedLlm()
  t = await buildTestApp({
    env: {
      LLM_BASE_URL: llm.url,
      LLM_MODEL: 'scripted',
      LLM_MAX_RETRIES: '0',
      TOOLGATE_AGENT_MAX_STEPS: '3',
      TOOLGATE_AGENT_MAX_TOKENS: '1000',
      TOOLGATE_APPROVAL_REQUIRED: 'Write',
    },
  })
  await fs.writeFile(path.join(t.workspace, 'note.txt'), 'hello from the workspace\n')
})
afterAll(async () => {
  await t?.close()
  await llm?.close()
})
beforeEach(() => llm.reset([]))

const task = (subagent_type: string, prompt: string, key?: string, headers?: Record<string, string>) =>
  t.call('Task', { description: 'Check the workspace note', prompt, subagent_type }, { key, headers })

const children = async (parent: string) =>
  (await t.app.inject({ url: `/v1/executions?parent=${parent}`, headers: { authorization: `Bearer ${t.adminKey}` } })).json().executions

const shipped = async (name: string) => parseDefinition(await fs.readFile(path.join(SHIPPED_AGENTS_DIR, `${name}.md`), 'utf8'), `${name}.md`)

describe('Task', () => {
  it('runs a subagent that reads a file, then answers; the Read is the Task’s child in history', async () => {
    llm.reset([
      { toolCalls: [{ name: 'Read', arguments: { file_path: 'note.txt' } }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } },
      { answer: 'The note says hello from the workspace.', usage: { prompt_tokens: 20, completion_tokens: 7, total_tokens: 27 } },
    ])
    const key = await t.key(['read'], 'task-reader')
    const res = await task('general-purpose', 'What does note.txt say?', key)
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', success: true, error: null, output: 'The note says hello from the workspace.' })
    const { metadata } = res.body
    expect(metadata).toMatchObject({ subagent_type: 'general-purpose', steps: 2, stopped_by: null })
    expect(metadata.usage).toEqual({ prompt_tokens: 30, completion_tokens: 12, total_tokens: 42 })
    expect(metadata.tool_calls).toEqual([{ tool: 'Read', execution_id: expect.any(String), status: 'ok', http_status: 200 }])
    llm.assertDone({ all: true })

    const [child] = await children(res.body.execution_id)
    expect(child).toMatchObject({
      id: metadata.tool_calls[0].execution_id,
      tool: 'Read',
      parent_execution_id: res.body.execution_id,
      agent_id: 'general-purpose',
    })
    expect(child.caller.name).toBe('task-reader')
    const row = (await t.app.inject({ url: `/v1/executions/${res.body.execution_id}`, headers: { authorization: `Bearer ${key}` } })).json()
    expect(row.execution.usage).toMatchObject({ total_tokens: 42 })

    // What the model was sent: the definition's prompt, the task, only the tools a read key allows, the Read's result.
    const first = llm.sent(0)
    expect(first.system).toBe((await shipped('general-purpose')).prompt)
    expect(first.messages[1]).toEqual({ role: 'user', content: 'What does note.txt say?' })
    expect(first.toolNames).toEqual(['Read', 'Glob', 'Grep'])
    const second = llm.sent(1)
    expect(second.messages[2]).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_0_0', function: { name: 'Read' } }] })
    expect(second.toolResults).toHaveLength(1)
    const result = second.toolResults[0]
    expect(result.tool_call_id).toBe('call_0_0')
    expect((result.content as any).output).toContain('hello from the workspace')
    expect(result.content).toMatchObject({ status: 'ok', success: true })
    expect(result.content).not.toHaveProperty('execution_id')
  })

  it('never lets a read-only key’s subagent run Bash: not offered, and refused with SCOPE_REQUIRED when asked anyway', async () => {
    const script = () => [{ toolCalls: [{ name: 'Bash', arguments: { command: 'touch ran.txt' } }] }, { answer: 'Tried to create ran.txt.' }]
    const marker = path.join(t.workspace, 'ran.txt')
    llm.reset(script())
    const reader = await t.key(['read'], 'no-exec')
    const res = await task('general-purpose', 'Create ran.txt with touch', reader)
    expect(res.statusCode).toBe(200)
    expect(llm.sent(0).toolNames).not.toContain('Bash')
    const [call] = res.body.metadata.tool_calls
    expect(call).toEqual({ tool: 'Bash', execution_id: expect.any(String), status: 'error', http_status: 403, error_code: 'SCOPE_REQUIRED' })
    expect(llm.sent(1).toolResults[0].content).toMatchObject({ status: 'error', error_code: 'SCOPE_REQUIRED' })
    expect(res.body.output).toBe('Tried to create ran.txt.')
    await expect(fs.stat(marker)).rejects.toThrow()
    // The attempt is in history, under the Task, as the key that made it (was no row at all).
    const [child] = await children(res.body.execution_id)
    expect(child).toMatchObject({
      id: call.execution_id,
      tool: 'Bash',
      status: 'error',
      http_status: 403,
      error_code: 'SCOPE_REQUIRED',
      parent_execution_id: res.body.execution_id,
      caller: { name: 'no-exec' },
      params: { command: 'touch ran.txt' },
    })

    // Positive control: a key with exec is offered Bash, and the same script runs it.
    llm.reset(script())
    const runner = await t.key(['read', 'exec'], 'exec')
    const ran = await task('general-purpose', 'Create ran.txt with touch', runner)
    expect(llm.sent(0).toolNames).toContain('Bash')
    expect(ran.body.metadata.tool_calls[0]).toMatchObject({ tool: 'Bash', status: 'ok', http_status: 200 })
    await fs.stat(marker)
    await fs.rm(marker)
  })

  it('refuses a tool its definition does not list, even to a key that may use it', async () => {
    llm.reset([{ toolCalls: [{ name: 'Bash', arguments: { command: 'touch curated.txt' } }] }, { answer: 'Could not.' }])
    const key = await t.key(['read', 'write', 'exec'], 'all-but-admin')
    const res = await task('curator', 'Review entry 1', key)
    expect(llm.sent(0).toolNames).not.toContain('Bash')
    expect(res.body.metadata.tool_calls).toEqual([{ tool: 'Bash', execution_id: null, status: 'error', http_status: 403, error_code: 'FORBIDDEN' }])
    expect((llm.sent(1).toolResults[0].content as any).error_message).toContain('The curator subagent may not call Bash')
    await expect(fs.stat(path.join(t.workspace, 'curated.txt'))).rejects.toThrow()
  })

  it('reports a call held for approval to the model as held, with its approval id, and does not run it', async () => {
    llm.reset([{ toolCalls: [{ name: 'Write', arguments: { file_path: 'held.txt', content: 'x' } }] }, { answer: 'The write awaits approval.' }])
    const key = await t.key(['read', 'write'], 'writer')
    const res = await task('general-purpose', 'Write held.txt', key)
    expect(res.statusCode).toBe(200)
    const [call] = res.body.metadata.tool_calls
    expect(call).toMatchObject({ tool: 'Write', status: 'pending', http_status: 202, approval_id: expect.any(String), execution_id: expect.any(String) })
    const sent = llm.sent(1).toolResults[0].content as any
    expect(sent).toMatchObject({ status: 'pending', approval_id: call.approval_id })
    expect(sent.note).toContain('has NOT run')
    await expect(fs.stat(path.join(t.workspace, 'held.txt'))).rejects.toThrow()
    const [child] = await children(res.body.execution_id)
    expect(child).toMatchObject({ tool: 'Write', status: 'pending', parent_execution_id: res.body.execution_id })
  })

  it('makes at most 32 tool calls for one turn: the rest are answered LIMIT_EXCEEDED, not made, and leave no row', async () => {
    const calls = Array.from({ length: 40 }, () => ({ name: 'Bash', arguments: { command: 'true' } }))
    llm.reset([{ toolCalls: calls }, { answer: 'Done.' }])
    const res = await task('general-purpose', 'Run true forty times', await t.key(['read'], 'sprayer'))
    const made = res.body.metadata.tool_calls
    expect(made.slice(0, 32).every((c: any) => c.error_code === 'SCOPE_REQUIRED' && typeof c.execution_id === 'string')).toBe(true)
    expect(made.slice(32)).toEqual(Array(8).fill({ tool: 'Bash', execution_id: null, status: 'error', http_status: 429, error_code: 'LIMIT_EXCEEDED' }))
    expect((llm.sent(1).toolResults[39].content as any).error_message).toMatch(/^At most 32 tool calls are made per turn/)
    expect(await children(res.body.execution_id)).toHaveLength(32)
  })

  it('tells the model about arguments that are not JSON, without calling the tool', async () => {
    llm.reset([{ toolCalls: [{ name: 'Read', arguments: '{"file_path": ' }] }, { answer: 'Gave up.' }])
    const res = await task('general-purpose', 'Read something')
    expect(res.body.metadata.tool_calls).toEqual([{ tool: 'Read', execution_id: null, status: 'error', http_status: 400, error_code: 'VALIDATION_ERROR' }])
    expect((llm.sent(1).toolResults[0].content as any).error_message).toMatch(/^The arguments for Read are not valid JSON/)
    expect(await children(res.body.execution_id)).toHaveLength(0)
  })

  it('offers dotted tools under their provider names and maps the calls back', async () => {
    llm.reset([{ toolCalls: [{ name: 'validator__run_quality', arguments: { notebook_path: 'missing.ipynb' } }] }, { answer: 'No notebook yet.' }])
    const key = await t.key(['read'], 'nb-reader')
    const res = await task('notebook-author', 'Check missing.ipynb', key)
    expect(llm.sent(0).toolNames).toEqual(['validator__run_quality', 'Read'])
    expect(res.body.metadata.tool_calls[0]).toMatchObject({ tool: 'validator.run_quality', status: 'error', http_status: 404, error_code: 'FILE_NOT_FOUND' })
  })
})

/** A turn that reads note.txt, saying so. */
const readTurn = (usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }) => ({
  toolCalls: [{ name: 'Read', arguments: { file_path: 'note.txt' } }],
  content: 'Reading the note.',
  usage,
})

describe('Task budgets', () => {
  it('the steps budget ends the run with what it has, after the last allowed turn', async () => {
    llm.reset([readTurn(), readTurn(), readTurn()])
    const res = await task('general-purpose', 'Read note.txt forever')
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ success: false, output: 'Reading the note.' })
    expect(res.body.metadata).toMatchObject({ steps: 3, stopped_by: 'steps' })
    expect(res.body.metadata.tool_calls).toHaveLength(3)
    expect(res.body.error).toBe('Stopped by the steps budget: 3 model turns without a final answer')
    expect(res.body.messages).toContain(res.body.error)
    llm.assertDone({ all: true })
  })

  it('the token budget ends the run before a turn that would go past it', async () => {
    const big = { prompt_tokens: 500, completion_tokens: 100, total_tokens: 600 }
    llm.reset([readTurn(big), readTurn(big)])
    const res = await task('general-purpose', 'Read note.txt twice')
    expect(res.body.metadata).toMatchObject({ steps: 2, stopped_by: 'tokens', usage: { total_tokens: 1200 } })
    expect(res.body.error).toBe('Stopped by the token budget: 1200 of 1000 tokens used without a final answer')
    llm.assertDone({ all: true })
  })

  it('the deadline ends a run waiting for the model, in time to answer', async () => {
    llm.reset([readTurn(), { answer: 'too late', delayMs: 10_000 }])
    const started = Date.now()
    const res = await task('general-purpose', 'Read note.txt slowly', undefined, { 'x-timeout-ms': '2000' })
    expect(Date.now() - started).toBeLessThan(5000)
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.metadata).toMatchObject({ steps: 1, stopped_by: 'deadline' })
    expect(res.body.metadata.tool_calls).toHaveLength(1)
    expect(res.body.error).toBe('Stopped by the deadline: the 2000 ms the run had ran out before a final answer')
  })

  it('the deadline ends a run waiting for a tool, and says the call was cut off', async () => {
    llm.reset([{ toolCalls: [{ name: 'Bash', arguments: { command: 'sleep 20' } }] }])
    const key = await t.key(['read', 'exec'], 'sleeper')
    const res = await task('general-purpose', 'Sleep', key, { 'x-timeout-ms': '2000' })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.metadata).toMatchObject({ steps: 1, stopped_by: 'deadline' })
    expect(res.body.metadata.tool_calls).toEqual([{ tool: 'Bash', execution_id: null, status: 'error', http_status: 504, error_code: 'TIMEOUT' }])
  })
})

describe('Task input and failures', () => {
  it('answers an unknown subagent_type with 400 listing the valid options, without asking the LLM', async () => {
    const res = await task('generl-purpose', 'Do it')
    expect(res.statusCode).toBe(400)
    expect(res.body.error_code).toBe('VALIDATION_ERROR')
    expect(res.body.error_message).toBe(
      "Invalid value for subagent_type: must be one of ['curator', 'general-purpose', 'glossary-annotator', 'notebook-author']",
    )
    expect(res.body.details).toMatchObject({
      tool: 'Task',
      parameter: 'subagent_type',
      received: '"generl-purpose"',
      valid_options: ['curator', 'general-purpose', 'glossary-annotator', 'notebook-author'],
    })
    expect(llm.requests).toHaveLength(0)
  })

  it('wants a 3-5 word description', async () => {
    const res = await t.call('Task', { description: 'Check', prompt: 'x', subagent_type: 'general-purpose' })
    expect(res.statusCode).toBe(400)
    expect(res.body.error_message).toBe('Value for description must be 3 to 5 words: got 1')
    expect(llm.requests).toHaveLength(0)
  })

  it('an LLM failure mid-run is the LLM’s error, with the calls made so far in its details', async () => {
    llm.reset([readTurn(), { raw: { status: 400, body: { error: { message: 'context too long' } } } }])
    const res = await task('general-purpose', 'Read then fail')
    expect(res.statusCode).toBe(502)
    expect(res.body.error_code).toBe('UPSTREAM_ERROR')
    expect(res.body.details).toMatchObject({ subagent_type: 'general-purpose', steps: 1, tool_calls: [{ tool: 'Read', status: 'ok' }] })
  })
})

describe('the glossary annotator', () => {
  it('writes its entries with the post it last read as their context', async () => {
    const post = { id: 777001, thread_id: 99001, timestamp: '2014-02-16T01:24:30Z', author: 'Soma', body: 'The vatis channels vys.', tags: ['qm_post'] }
    const imported = await t.app.inject({
      method: 'POST',
      url: '/v1/corpus/import',
      headers: { authorization: `Bearer ${t.adminKey}`, 'content-type': 'application/x-ndjson' },
      payload: `${JSON.stringify(post)}\n`,
    })
    expect(imported.statusCode, imported.body).toBe(200)
    llm.reset([
      { toolCalls: [{ name: 'read_post', arguments: { post_id: 777001 } }] },
      { toolCalls: [{ name: 'glossary_search', arguments: { query: 'vatis' } }] },
      { toolCalls: [{ name: 'glossary_create', arguments: { term: 'Vatis', definition: 'A practitioner of [[vys]]-based magic.', tags: ['magic'] } }] },
    ])
    const key = await t.key(['read', 'write'], 'annotator')
    const res = await t.call('Task', { description: 'Annotate post 777001', prompt: 'Annotate post 777001', subagent_type: 'glossary-annotator' }, { key })
    // Three turns is the steps budget of this app: the run ends there, its writes done.
    expect(res.body.metadata.tool_calls.map((c: any) => [c.tool, c.status])).toEqual([
      ['read_post', 'ok'],
      ['glossary_search', 'ok'],
      ['glossary_create', 'ok'],
    ])
    const search = await t.call('glossary_search', { query: 'Vatis' }, { key })
    const entry = (await t.app.inject({ url: `/v1/glossary/entries/${search.body.entries[0].id}`, headers: { authorization: `Bearer ${key}` } })).json().entry
    expect(entry).toMatchObject({ term: 'Vatis', status: 'tentative', first_seen_post_id: 777001, first_seen_thread_id: 99001 })
  })
})

describe('AgentService.run from outside a tool call (a workflow step)', () => {
  it('runs for an explicit caller, its calls recorded as children of the given execution, with its own budgets', async () => {
    const key = await t.key(['read'], 'workflow-owner')
    const caller = await t.app.keys.authenticate(`Bearer ${key}`, '127.0.0.1')
    const parent = crypto.randomUUID()
    const callTool = innerCaller((request) => t.app.pipeline.invoke(request), {
      caller,
      executionId: parent,
      depth: 0,
      context: { requestId: 'workflow-step-1', dryRun: false },
      clientIp: '127.0.0.1',
    })
    const usages: unknown[] = []
    const host = { caller, callTool, timeoutMs: 20_000, onUsage: (u: unknown) => void usages.push(u) }
    llm.reset([readTurn(), { answer: 'It says hello.' }])
    const run = await t.app.agents.run({ type: 'general-purpose', prompt: 'Read note.txt', host })
    expect(run).toMatchObject({ answer: 'It says hello.', subagent_type: 'general-purpose', steps: 2, stopped_by: null, notes: [] })
    expect(usages).toHaveLength(2)
    const [child] = await children(parent)
    expect(child).toMatchObject({ tool: 'Read', status: 'ok', agent_id: 'general-purpose', request_id: 'workflow-step-1', parent_execution_id: parent })
    expect(child.caller.name).toBe('workflow-owner')

    llm.reset([readTurn(), { answer: 'never asked' }])
    const short = await t.app.agents.run({ type: 'general-purpose', prompt: 'Read note.txt', host, budgets: { maxSteps: 1 } })
    expect(short).toMatchObject({ steps: 1, stopped_by: 'steps', answer: 'Reading the note.' })
    expect(llm.remaining()).toBe(1)
  })
})
