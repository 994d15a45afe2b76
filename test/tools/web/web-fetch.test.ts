/**
 * WebFetch end to end: a real HTML page on loopback turned into Markdown (headings, links made
 * absolute, lists; scripts and styles gone), returned as is without an LLM (and `messages` says
 * so), and given with the prompt to an OpenAI-compatible stand-in when one is configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { completion, startLlmStandIn, type LlmStandIn } from '../../support/llm-stand-in.js'
import { PAGE, startServer, tools, type TestServer } from './servers.js'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => server?.close())

describe('WebFetch without an LLM', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { TOOLGATE_NET_ALLOW: '127.0.0.1' }, tools })
  })
  afterAll(async () => t?.close())

  it('returns the page as Markdown and says the prompt was not applied', async () => {
    const res = await t.call('WebFetch', { url: `${server.origin}/page`, prompt: 'What is the answer?' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', success: true, error: null })
    expect(res.body.output).toContain('# Main Title')
    expect(res.body.output).toContain(`[relative link](${server.origin}/docs/start)`)
    expect(res.body.output).not.toContain('do-not-leak')
    expect(res.body.messages.join('\n')).toMatch(/No LLM is configured .*prompt was not applied/)
    expect(res.body.metadata).toMatchObject({
      method: 'markdown',
      status_code: 200,
      final_url: `${server.origin}/page`,
      content_type: 'text/html; charset=utf-8',
      title: 'Test & Page',
      truncated: false,
      redirects: 0,
      bytes: Buffer.byteLength(PAGE),
    })
    expect(typeof res.body.metadata.elapsed_ms).toBe('number')
  })

  it('follows redirects through the guard and reports the final URL', async () => {
    const res = await t.call('WebFetch', { url: `${server.origin}/to?url=/page`, prompt: 'x' })
    expect(res.body.metadata).toMatchObject({ final_url: `${server.origin}/page`, redirects: 1 })
  })

  it('plain text and JSON come back as they are', async () => {
    const res = await t.call('WebFetch', { url: `${server.origin}/echo`, prompt: 'x' })
    expect(JSON.parse(res.body.output).method).toBe('GET')
  })

  it('an error page: success false with the status, the prompt not applied', async () => {
    const res = await t.call('WebFetch', { url: `${server.origin}/missing`, prompt: 'x' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ success: false, error: 'HTTP 404 Not Found', metadata: { status_code: 404 } })
    expect(res.body.output).toBe('# Not here')
  })

  it('binary content: 415', async () => {
    const res = await t.call('WebFetch', { url: `${server.origin}/binary`, prompt: 'x' })
    expect(res.statusCode).toBe(415)
    expect(res.body).toMatchObject({ error_code: 'UNSUPPORTED_MEDIA_TYPE', success: false })
  })

  it('validates url as a URI and needs prompt', async () => {
    expect((await t.call('WebFetch', { url: 'not a url', prompt: 'x' })).statusCode).toBe(400)
    const missing = await t.call('WebFetch', { url: `${server.origin}/page` })
    expect(missing.statusCode).toBe(400)
    expect(missing.body.error_message).toBe('Missing required parameter: prompt')
    const scheme = await t.call('WebFetch', { url: 'ftp://127.0.0.1/x', prompt: 'x' })
    expect(scheme.statusCode).toBe(400)
  })
})

describe('WebFetch with an LLM', () => {
  let t: TestApp
  let llm: LlmStandIn
  beforeAll(async () => {
    llm = await startLlmStandIn(() => ({
      body: completion('The answer is 42.', { model: 'stand-in-model', usage: { prompt_tokens: 120, completion_tokens: 7, total_tokens: 127 } }),
    }))
    // The LLM endpoint is the operator's choice, not the guard's business: it is reached without an allowlist entry for it.
    t = await buildTestApp({ env: { TOOLGATE_NET_ALLOW: `127.0.0.1:${server.port}`, LLM_BASE_URL: llm.url, LLM_MODEL: 'stand-in-model' }, tools })
  })
  afterAll(async () => {
    await t?.close()
    await llm?.close()
  })

  it('sends the page as Markdown with the prompt, answers with the reply, records usage', async () => {
    const res = await t.call('WebFetch', { url: `${server.origin}/page`, prompt: 'What is the answer? Reply in one sentence.' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ success: true, output: 'The answer is 42.', metadata: { method: 'llm', model: 'stand-in-model', status_code: 200 } })
    expect(res.body.messages).toEqual([])

    expect(llm.requests).toHaveLength(1)
    const sent = llm.requests[0]
    expect(sent.body.model).toBe('stand-in-model')
    expect(sent.body.messages[0].role).toBe('system')
    expect(sent.body.messages[0].content).toMatch(/only that content/)
    const user = sent.body.messages[1].content as string
    expect(user).toContain('# Main Title')
    expect(user).toContain(`[relative link](${server.origin}/docs/start)`)
    expect(user).toContain('What is the answer? Reply in one sentence.')
    expect(user).not.toContain('do-not-leak')
    expect(user).not.toContain('<h1>')

    const row = (
      await t.app.inject({ method: 'GET', url: `/v1/executions/${res.body.execution_id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
    ).json().execution
    expect(row.usage).toMatchObject({ prompt_tokens: 120, completion_tokens: 7, total_tokens: 127 })
  })

  it('does not spend the LLM on an error page', async () => {
    const before = llm.requests.length
    const res = await t.call('WebFetch', { url: `${server.origin}/missing`, prompt: 'x' })
    expect(res.body).toMatchObject({ success: false, metadata: { method: 'markdown', status_code: 404 } })
    expect(llm.requests.length).toBe(before)
  })
})
