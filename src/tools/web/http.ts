/**
 * Seed 003 `http`: `run(method, url, headers=None, params=None, json=None, data=None, timeout=20)`.
 * Through the SSRF guard (src/net), TLS verified, redirects followed with a check at every hop.
 * The call ran when the server answered, whatever the status: `success` is false for 4xx/5xx, with
 * `metadata.status_code`; a refused address, a timeout or no answer at all are errors (403/504/502).
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { decodeText, isTextual } from '../../net/body.js'
import { guardedFetch, parseFetchUrl } from '../../net/fetch.js'
import { defineTool } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'
import { allowlistOf, cutText, summarizeHeaders, textBudget } from './support/common.js'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const
// Set by the HTTP client from the URL and body; a caller's value would contradict it.
const CLIENT_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect'])
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

const StringMap = (description: string) => Type.Object({}, { additionalProperties: Type.String(), description })

export default defineTool({
  name: 'http',
  toolset: 'codex',
  category: 'WEB',
  description:
    'Perform HTTP requests with headers, query parameters and a JSON or text body. TLS is verified; internal addresses are refused (SSRF guard); redirects are followed; large bodies are truncated. Metadata: status_code, headers (truncated), elapsed_ms, final_url.',
  input: Type.Object({
    method: Type.Optional(StringEnum(METHODS, { description: 'HTTP method', default: 'GET' })),
    url: Type.String({ description: 'The URL to request (http or https)' }),
    headers: Type.Optional(StringMap('Request headers, name → value')),
    params: Type.Optional(StringMap("Query parameters, appended to the URL's query string")),
    json: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'JSON body; sets Content-Type: application/json. Not with data' })),
    data: Type.Optional(Type.String({ description: 'Raw request body. Not with json' })),
    timeout: Type.Optional(
      Type.Integer({ description: 'Timeout in seconds for the whole request, redirects and body included', minimum: 1, maximum: 120, default: 20 }),
    ),
  }),
  examples: [
    {
      summary: 'A GET with a query parameter',
      value: { method: 'GET', url: 'https://api.github.com/repos/nodejs/node', params: { per_page: '1' }, timeout: 20 },
    },
    { summary: 'A JSON POST', value: { method: 'POST', url: 'https://httpbin.org/post', headers: { 'x-trace': 'demo' }, json: { name: 'toolgate' } } },
  ],
  output: ToolResult({
    status_code: Type.Integer({ description: 'HTTP status of the final response' }),
    headers: Type.Object({}, { additionalProperties: Type.String(), description: 'Response headers (at most 50 entries / 8 KB; Set-Cookie values redacted)' }),
    elapsed_ms: Type.Integer(),
    final_url: Type.String({ description: 'The URL that answered, after redirects' }),
    redirects: Type.Integer(),
    content_type: Type.Union([Type.String(), Type.Null()]),
    bytes: Type.Integer({ description: 'Body bytes read (after decompression)' }),
    truncated: Type.Boolean({ description: 'The body was cut at the size limit' }),
    headers_truncated: Type.Boolean(),
    dry_run: Type.Boolean(),
  }),
  scope: 'network',
  supportsDryRun: true,
  annotations: { title: 'HTTP request', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  timeout: { defaultMs: 20_000, minMs: 1_000, maxMs: 120_000 },
  timeoutFromArgs: (args) => (args.timeout === undefined ? undefined : args.timeout * 1000),
  precheck(args) {
    const method = args.method ?? 'GET'
    if (args.json !== undefined && args.data !== undefined) fail('VALIDATION_ERROR', 'json and data are mutually exclusive: send one body')
    if ((args.json !== undefined || args.data !== undefined) && (method === 'GET' || method === 'HEAD')) {
      fail('VALIDATION_ERROR', `A ${method} request cannot carry a body: use POST, PUT or PATCH, or pass the values as params`)
    }
    for (const [name, value] of Object.entries(args.headers ?? {})) {
      if (!TOKEN.test(name)) fail('VALIDATION_ERROR', `Invalid header name: ${JSON.stringify(name)}`, { details: { parameter: 'headers' } })
      if (/[\r\n\0]/.test(value))
        fail('VALIDATION_ERROR', `Invalid value for header ${name}: line breaks are not allowed`, { details: { parameter: 'headers' } })
      if (CLIENT_HEADERS.has(name.toLowerCase()))
        fail('VALIDATION_ERROR', `Header ${name} is set by the HTTP client from the URL and body: remove it`, { details: { parameter: 'headers' } })
    }
    parseFetchUrl(args.url)
  },
  async execute(args, ctx) {
    const method = args.method ?? 'GET'
    const url = parseFetchUrl(args.url)
    for (const [k, v] of Object.entries(args.params ?? {})) url.searchParams.append(k, v)
    const headers: Record<string, string> = { ...args.headers }
    const has = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name)
    let body: string | undefined = args.data
    if (args.json !== undefined) {
      body = JSON.stringify(args.json)
      if (!has('content-type')) headers['content-type'] = 'application/json'
    }
    if (ctx.dryRun) {
      return { success: true, output: `[Dry Run] Would send ${method} ${url.href}`, error: null, metadata: { final_url: url.href, dry_run: true } }
    }
    const budget = textBudget(ctx.maxOutputSize, ctx.settings.fetchMaxBytes)
    const res = await guardedFetch(url.href, {
      method,
      headers,
      body,
      timeoutMs: ctx.timeoutMs,
      maxBytes: budget,
      signal: ctx.signal,
      allow: allowlistOf(ctx.settings),
    })
    const contentType = res.headers.get('content-type')
    let output = ''
    if (res.bytes > 0 && !isTextual(contentType, res.body)) {
      output = `[binary content: ${res.bytes}${res.truncated ? '+' : ''} bytes of ${contentType ?? 'unknown type'}]`
    } else if (res.bytes > 0) {
      output = decodeText(res.body, contentType)
      if (res.truncated) output = `${output.replace(/\uFFFD+$/, '')}\n…[truncated: the body is longer than ${budget} bytes]`
    }
    const cut = cutText(output, budget + 256, 'output size limit')
    const summary = summarizeHeaders(res.headers)
    const success = res.status < 400
    return {
      success,
      output: cut.text,
      error: success ? null : `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`,
      metadata: {
        status_code: res.status,
        headers: summary.headers,
        elapsed_ms: res.elapsedMs,
        final_url: res.url,
        redirects: res.redirects,
        content_type: contentType,
        bytes: res.bytes,
        truncated: res.truncated || cut.cut,
        headers_truncated: summary.truncated,
      },
    }
  },
})
