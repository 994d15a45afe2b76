/**
 * WebFetch end to end: a real HTML page on loopback turned into Markdown (headings, links made
 * absolute, lists; scripts and styles gone), returned as is without an LLM (and `messages` says
 * so), and given with the prompt to an OpenAI-compatible stand-in when one is configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deeperThan, htmlToMarkdown, htmlToText } from '../../../src/tools/web/support/markdown.js'
import { buildTestApp, type TestApp } from '../../helper.js'
import { completion, startLlmStandIn, type LlmStandIn } from '../../support/llm-stand-in.js'
import { PAGE, startServer, tools, type TestServer } from './servers.js'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => server?.close())

describe('htmlToMarkdown', () => {
  it('keeps headings, links (absolute), lists and emphasis; drops head, scripts and styles', () => {
    const { markdown, title } = htmlToMarkdown(PAGE, 'http://site.test/dir/page.html')
    expect(title).toBe('Test & Page')
    expect(markdown).toContain('# Main Title')
    expect(markdown).toContain('## Items')
    expect(markdown).toContain('[relative link](http://site.test/docs/start)')
    expect(markdown).toContain('[an absolute one](https://example.org/abs)')
    expect(markdown).toMatch(/^- +first item$/m)
    expect(markdown).toMatch(/^1\. +step one$/m)
    expect(markdown).toContain('![Logo](http://site.test/img/logo.png)')
    expect(markdown).toContain('**42**')
    for (const gone of ['do-not-leak', 'inline script', 'color: red', 'Test & Page']) expect(markdown).not.toContain(gone)
  })

  it('leaves javascript: links as text and data: images as their alt', () => {
    const { markdown } = htmlToMarkdown('<p><a href="javascript:alert(1)">click</a> <img src="data:image/png;base64,AAAA" alt="pic"></p>', 'http://x.test/')
    expect(markdown).toBe('click [image: pic]')
  })
})

describe('the fallback for pages turndown cannot take', () => {
  it('htmlToText: the text without tags, hidden elements and the head dropped, entities decoded', () => {
    const text = htmlToText(PAGE)
    expect(text).toContain('Main Title')
    for (const gone of ['do-not-leak', 'inline script', 'color: red', 'Test', '<']) expect(text).not.toContain(gone)
    expect(htmlToText('<p>a &amp; b &#x41;</p>\n\n\n<p>next</p>')).toBe('a & b A\n\nnext')
    // A script left open hides the rest, as a browser's parser would.
    expect(htmlToText('<p>before</p><script>var x = "<p>in script</p>"')).toBe('before')
  })

  it('deeperThan counts nesting from the tags, not void elements or ones whose end tag may be left out', () => {
    expect(deeperThan(`${'<div>'.repeat(501)}x`, 500)).toBe(true)
    expect(deeperThan(`${'<div><span>'.repeat(250)}x${'</span></div>'.repeat(250)}`.repeat(3), 500)).toBe(false)
    expect(deeperThan(`<ul>${'<li>item<br><img src=x><p>para'.repeat(5_000)}</ul>`, 500)).toBe(false)
    expect(deeperThan(`${'<div/>'.repeat(1_000)}`, 500)).toBe(false)
  })

  it('deeperThan skips scripts, styles and comments: minified code full of `i<n` is not nesting', () => {
    const script = `<script>${'for(i=0;i<n;i++)if(a<b&&c>d)x();'.repeat(1_000)}</script>`
    expect(deeperThan(`<html><head>${script}</head><body>${script}<!-- ${'<div>'.repeat(600)} --><h1>Hello</h1></body></html>`, 500)).toBe(false)
    expect(deeperThan(`${script}${'<div>'.repeat(501)}`, 500)).toBe(true) // positive control
    expect(deeperThan(`${'</b>'.repeat(20_000)}${'<div>'.repeat(501)}`, 500)).toBe(true) // stray end tags do not hide depth
  })

  it('deeperThan and htmlToText stay linear on a tag name with no end (it backtracked: 16 KB took 0.36 s, 200 KB minutes)', () => {
    const started = performance.now()
    for (const html of [`<html><body><a${'b'.repeat(200_000)}`, `<a${' b'.repeat(100_000)}`, '<a'.repeat(100_000)]) {
      expect(deeperThan(html, 500)).toBe(false)
      htmlToText(html)
    }
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})

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
