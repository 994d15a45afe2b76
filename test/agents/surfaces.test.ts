/**
 * Subagents on the server's surfaces, without an LLM: GET /v1/agents, Task's 503 when no LLM is
 * configured, Task in every export, MCP's tools/list, the registry (TASK: 1) and "did you mean";
 * and what TOOLGATE_AGENTS_DIR does at start.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { allTools } from '../../src/tools/index.js'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const get = async (url: string, key = t.adminKey) => t.app.inject({ url, headers: key ? { authorization: `Bearer ${key}` } : {} })

describe('GET /v1/agents', () => {
  it('lists the definitions with their tools, and the ones this key’s scopes allow', async () => {
    const key = await t.key(['read'], 'lister')
    const res = await get('/v1/agents', key)
    expect(res.statusCode).toBe(200)
    const { agents, llm_configured } = res.json()
    expect(llm_configured).toBe(false)
    expect(agents.map((a: any) => a.name)).toEqual(['curator', 'general-purpose', 'glossary-annotator', 'notebook-author'])
    const general = agents.find((a: any) => a.name === 'general-purpose')
    expect(general).toMatchObject({ model: null, missing_tools: [], offered_tools: ['Read', 'Glob', 'Grep'] })
    expect(general.tools).toEqual(['Read', 'Write', 'Edit', 'Glob', 'Grep', 'Bash', 'BashOutput', 'KillShell', 'WebSearch', 'WebFetch', 'NotebookEdit'])
    expect(general.description).toMatch(/^General-purpose agent/)
    const admin = (await get('/v1/agents')).json().agents.find((a: any) => a.name === 'general-purpose')
    expect(admin.offered_tools).toEqual(admin.tools)
  })

  it('needs a key', async () => {
    const res = await get('/v1/agents', '')
    expect(res.statusCode).toBe(401)
    expect(res.json().error_code).toBe('UNAUTHORIZED')
  })

  it('is in the OpenAPI document under the agents tag', async () => {
    const doc = (await get('/openapi.json')).json()
    expect(doc.paths['/v1/agents'].get.tags).toEqual(['agents'])
    expect(doc.paths['/v1/agents'].get.security).toEqual([{ bearerAuth: [] }])
  })
})

describe('Task without an LLM', () => {
  it('answers 503 LLM_NOT_CONFIGURED, saying what to set', async () => {
    const res = await t.call('Task', { description: 'Summarize the workspace files', prompt: 'Summarize', subagent_type: 'general-purpose' })
    expect(res.statusCode).toBe(503)
    expect(res.body).toMatchObject({ status: 'error', error_code: 'LLM_NOT_CONFIGURED', success: false })
    expect(res.body.error_message).toContain('LLM_BASE_URL')
  })
})

describe('Task on every surface', () => {
  it('is in the openai, anthropic, langchain and mcp exports', async () => {
    const openai = (await get('/v1/schemas/openai')).json()
    const task = openai.find((x: any) => x.function.name === 'Task')
    expect(task.function.parameters.required).toEqual(['description', 'prompt', 'subagent_type'])
    expect((await get('/v1/schemas/anthropic')).json().some((x: any) => x.name === 'Task')).toBe(true)
    expect((await get('/v1/schemas/langchain')).json().some((x: any) => x.name === 'Task')).toBe(true)
    expect((await get('/v1/schemas/mcp')).json().tools.some((x: any) => x.name === 'Task')).toBe(true)
    expect((await get('/v1/schemas/openai?toolset=claude')).json().map((x: any) => x.function.name)).toContain('Task')
  })

  it('is in MCP tools/list', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { authorization: `Bearer ${t.adminKey}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    })
    const task = res.json().result.tools.find((x: any) => x.name === 'Task')
    expect(task.inputSchema.properties.subagent_type.type).toBe('string')
    expect(task.outputSchema.properties.metadata.properties.tool_calls.type).toBe('array')
  })

  it('counts as TASK: 1 in the registry and the catalog, and is suggested for a near miss', async () => {
    const registry = (await get('/v1/registry')).json()
    expect(registry.by_category.TASK).toBe(1)
    expect(registry.registered_tools).toContain('Task')
    const catalog = (await get('/v1/tools')).json()
    expect(JSON.stringify(catalog)).toContain('Launch a subagent')
    const missing = await t.app.inject({ method: 'POST', url: '/v1/tools/Tsak', headers: { authorization: `Bearer ${t.adminKey}` }, payload: {} })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().details.suggestions).toContain('Task')
  })
})

describe('TOOLGATE_AGENTS_DIR', () => {
  const definition = (name: string, tools: string) => `---\nname: ${name}\ndescription: A custom agent.\ntools: ${tools}\n---\nYou help.\n`

  it('serves the definitions of another folder, reporting tools this server lacks', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-agents-'))
    await fs.writeFile(path.join(dir, 'helper.md'), definition('helper', 'Read, hello, no_such_tool'))
    const app = await buildTestApp({ env: { TOOLGATE_AGENTS_DIR: dir }, tools: allTools.filter((x) => x.name !== 'hello') })
    try {
      const [agent] = (await app.app.inject({ url: '/v1/agents', headers: { authorization: `Bearer ${app.adminKey}` } })).json().agents
      expect(agent).toMatchObject({ name: 'helper', tools: ['Read'], missing_tools: ['hello', 'no_such_tool'] })
      expect(app.logs.text).toContain('Subagent helper lists tools that are not registered: hello, no_such_tool')
      const unknown = await app.call('Task', { description: 'Use the general agent', prompt: 'x', subagent_type: 'general-purpose' })
      expect(unknown.body.error_message).toBe("Invalid value for subagent_type: must be one of ['helper']")
    } finally {
      await app.close()
      await fs.rm(dir, { recursive: true })
    }
  })

  it('stops the start on a broken definition, naming the file, before anything opens', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-agents-'))
    try {
      await fs.writeFile(path.join(dir, 'broken.md'), 'no front matter here\n')
      const config = loadConfig({ TOOLGATE_WORKSPACE: dir, TOOLGATE_DATA_DIR: path.join(dir, 'data'), TOOLGATE_AGENTS_DIR: dir })
      await expect(buildApp({ config })).rejects.toThrow(`Invalid subagent definition ${path.join(dir, 'broken.md')}: it must start with YAML front matter`)
      await expect(fs.stat(path.join(dir, 'data'))).rejects.toThrow()
      const missing = loadConfig({ TOOLGATE_WORKSPACE: dir, TOOLGATE_DATA_DIR: path.join(dir, 'data'), TOOLGATE_AGENTS_DIR: path.join(dir, 'nope') })
      await expect(buildApp({ config: missing })).rejects.toThrow(/the folder cannot be read \(ENOENT\); check TOOLGATE_AGENTS_DIR/)
    } finally {
      await fs.rm(dir, { recursive: true })
    }
  })
})
