/**
 * Seed 002 `WebFetch` (`url`, `prompt`), as in Claude Code: fetch a page through the SSRF guard,
 * turn its HTML into Markdown, and answer `prompt` from it with the LLM. Without an LLM the
 * Markdown itself is the output and `messages` says the prompt was not applied. Unlike Claude
 * Code, an http:// URL is fetched as given (not upgraded to https), and redirects to another host
 * are followed (each hop through the same guard).
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { isTextual } from '../../net/body.js'
import { guardedFetch } from '../../net/fetch.js'
import { defineTool, type ToolContext } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'
import { allowlistOf, textBudget } from './support/common.js'
import { pageTextOffThread } from './support/page-thread.js'

/** The fetch itself, within the call's timeout (the rest is the LLM's). */
const FETCH_TIMEOUT_MS = 30_000
/** Markdown sent to the LLM, in bytes (about 25k tokens). */
const LLM_CONTENT_BYTES = 100_000
const ACCEPT = 'text/html,application/xhtml+xml;q=0.9,text/markdown;q=0.9,text/plain;q=0.8,*/*;q=0.1'
const SYSTEM =
  'You answer a request about one web page. The page content, converted to Markdown, is given between --- lines. ' +
  'Use only that content; if it does not hold the answer, say so. Quote sparingly and keep links when they help.'

/**
 * The page through the SSRF guard, as text (Markdown when it is HTML) cut to what its use can take:
 * the LLM's share, or the answer's when the LLM is not used; other media refused.
 */
async function fetchPage(url: string, ctx: ToolContext) {
  const res = await guardedFetch(url, {
    headers: { accept: ACCEPT },
    timeoutMs: Math.min(ctx.timeoutMs, FETCH_TIMEOUT_MS),
    maxBytes: ctx.settings.fetchMaxBytes,
    signal: ctx.signal,
    allow: allowlistOf(ctx.settings),
  })
  const contentType = res.headers.get('content-type')
  if (res.bytes > 0 && !isTextual(contentType, res.body)) {
    fail(
      'UNSUPPORTED_MEDIA_TYPE',
      `WebFetch reads HTML and text; ${res.url} answered ${contentType ?? 'an unknown type'} (${res.bytes} bytes). Use http for other content`,
      {
        details: { status_code: res.status, content_type: contentType, final_url: res.url },
      },
    )
  }
  const forLlm = res.status < 400 && ctx.services.llm?.configured === true
  const budget = forLlm
    ? { maxBytes: LLM_CONTENT_BYTES, why: 'page cut to fit the model' }
    : { maxBytes: textBudget(ctx.maxOutputSize, ctx.settings.fetchMaxBytes), why: 'output size limit' }
  const page = await pageTextOffThread({ body: res.body, contentType, url: res.url, ...budget }, ctx)
  if (res.truncated) ctx.warn(`The page is larger than TOOLGATE_FETCH_MAX_BYTES (${ctx.settings.fetchMaxBytes} bytes); only its beginning was read`)
  if (page.form === 'text') ctx.warn('The page is nested too deeply, or too large or slow, to convert to Markdown: its text is given with the tags stripped')
  return { res, contentType, page, forLlm }
}

export default defineTool({
  name: 'WebFetch',
  toolset: 'claude',
  category: 'WEB',
  description:
    'Fetches content from a specified URL and processes it using an AI model. Takes a URL and a prompt as input, fetches the URL content, converts HTML to Markdown, and answers the prompt from the content. Without a configured LLM it returns the Markdown. Internal addresses are refused.',
  input: Type.Object({
    url: Type.String({ format: 'uri', description: 'The URL to fetch content from' }),
    prompt: Type.String({ description: 'The prompt to run on the fetched content' }),
  }),
  examples: [{ summary: 'Summarize a page', value: { url: 'https://nodejs.org/en/about', prompt: 'What is Node.js, in one sentence?' } }],
  output: ToolResult({
    status_code: Type.Integer(),
    final_url: Type.String(),
    content_type: Type.Union([Type.String(), Type.Null()]),
    title: Type.String(),
    bytes: Type.Integer({ description: 'Body bytes read (after decompression)' }),
    elapsed_ms: Type.Integer({ description: 'Time the fetch took' }),
    redirects: Type.Integer(),
    truncated: Type.Boolean({ description: 'The body, or the Markdown given to the LLM or returned, was cut' }),
    method: StringEnum(['llm', 'markdown'] as const, { description: 'llm: the prompt was applied; markdown: the output is the page as Markdown' }),
    model: Type.String(),
  }),
  scope: 'network',
  annotations: { title: 'Fetch a URL', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  timeout: { defaultMs: 120_000, minMs: 1_000, maxMs: 300_000 },
  async execute({ url, prompt }, ctx) {
    if (ctx.dryRun) return { success: true, output: `[Dry Run] Would fetch ${url}`, error: null, metadata: { final_url: url } }
    const { res, contentType, page, forLlm } = await fetchPage(url, ctx)
    const facts = {
      status_code: res.status,
      final_url: res.url,
      content_type: contentType,
      ...(page.title && { title: page.title }),
      bytes: res.bytes,
      elapsed_ms: res.elapsedMs,
      redirects: res.redirects,
    }

    const truncated = res.truncated || page.cut
    if (!forLlm) {
      const ok = res.status < 400
      if (!ok) ctx.warn(`The prompt was not applied: ${res.url} answered HTTP ${res.status}`)
      else ctx.warn('No LLM is configured (LLM_BASE_URL), so the prompt was not applied: the output is the page as Markdown')
      const error = ok ? null : `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`
      return { success: ok, output: page.text, error, metadata: { ...facts, truncated, method: 'markdown' as const } }
    }

    if (page.cut) ctx.warn(`The page's Markdown was cut to ${LLM_CONTENT_BYTES} bytes for the LLM`)
    const answer = await ctx.services.llm.chat(
      [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: `Web page content (${res.url}):\n---\n${page.text}\n---\n\n${prompt}` },
      ],
      { signal: ctx.signal, onUsage: (u) => ctx.reportUsage(u), maxTokens: 2048 },
    )
    return {
      success: true,
      output: answer.content,
      error: null,
      metadata: { ...facts, truncated, method: 'llm' as const, model: answer.model },
    }
  },
})
