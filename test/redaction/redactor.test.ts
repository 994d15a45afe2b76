import { describe, it, expect } from 'vitest'
import { createRedactor, normaliseFieldName, SECRET_KINDS } from '../../src/redaction/index.js'
import { SECRET_PATTERNS } from '../../src/redaction/patterns.js'
import { b64, cases, j } from '../support/secret-cases.js'
import { fastestRun } from '../support/fastest.js'

const r = createRedactor()

describe('value patterns', () => {
  it.each(cases.map((c) => [c.kind, c] as const))('%s is redacted inside a nested object', (kind, c) => {
    const text = c.text.replace('%s', c.secret)
    const input = { request: { args: [{ note: text }, 'plain'], n: 1 } }
    const before = structuredClone(input)
    const out = r.redact(input)
    const json = JSON.stringify(out)

    expect(json).not.toContain(c.secret)
    expect(json).toContain(`[REDACTED:${kind}]`)
    // Surrounding text survives: every piece of the template around the secret is still there.
    for (const piece of c.keep ?? c.text.split('%s').filter(Boolean)) expect(out.request.args[0]).toEqual({ note: expect.stringContaining(piece) })
    expect(out.request.args[1]).toBe('plain')
    expect(input).toEqual(before)
    expect(r.containsSecret(text)).toBe(true)
  })

  it("removes the server's configured secrets whatever their shape, and leaves look-alikes alone", () => {
    const hexKey = '3b1f0c9a7d5e2f4a6b8c0d1e2f3a4b5c6d7e8f9a0b1c2d3e'
    const known = createRedactor({ knownSecrets: [hexKey, 'short'] })
    expect(known.redactString(`key ${hexKey} and ${hexKey.toUpperCase()}`)).toBe('key [REDACTED:configured_secret] and [REDACTED:configured_secret]')
    expect(known.redact({ name: `x${hexKey}y` })).toEqual({ name: 'x[REDACTED:configured_secret]y' })
    expect(known.mayRedact(JSON.stringify({ name: hexKey }))).toBe(true)
    expect(r.redactString(`key ${hexKey}`)).toBe(`key ${hexKey}`) // unknown, it has no shape of a secret
    expect(known.redactString('short story')).toBe('short story') // too short to be told from words
  })

  it('a secret used as an object key is redacted too; ordinary keys stay', () => {
    const hexKey = '3b1f0c9a7d5e2f4a6b8c0d1e2f3a4b5c6d7e8f9a0b1c2d3e'
    const known = createRedactor({ knownSecrets: [hexKey] })
    const token = j('ghp_', 'FAKEfakeFAKEfake0123456789abcdefABCD')
    expect(known.redact({ [hexKey]: 1, [token]: 2, name: 'x' })).toEqual({
      '[REDACTED:configured_secret]': 1,
      '[REDACTED:github_token]': 2,
      name: 'x',
    })
    expect(known.redact(new Map([[hexKey, 1]]))).toEqual({ '[REDACTED:configured_secret]': 1 })
  })

  it('an assignment to a name ending in PASS or SECRET_KEY is a secret; bypass= and passes= are not', () => {
    expect(r.redactString('bypass=true passes=3')).toBe('bypass=true passes=3')
    expect(r.redactString('MYSQL_PASS=abc123xyz')).toBe('MYSQL_PASS=[REDACTED:generic_secret]')
  })

  it('covers every built-in kind', () => {
    expect(new Set(cases.map((c) => c.kind))).toEqual(new Set(SECRET_KINDS))
  })

  it('keeps scheme, user and host of a URL with a password', () => {
    expect(r.redactString('postgres://admin:s3cr3t@db:5432/x')).toBe('postgres://admin:[REDACTED:url_password]@db:5432/x')
  })

  it('keeps the Bearer word and the assignment name', () => {
    expect(r.redactString('Authorization: Bearer abcDEF0123456789ghiJKL')).toBe('Authorization: Bearer [REDACTED:bearer_token]')
    expect(r.redactString('password: "hunter2"')).toBe('password: "[REDACTED:generic_secret]"')
  })

  it('gives an Anthropic key its own kind, not the OpenAI one', () => {
    const out = r.redactString(j('key sk-', 'ant-api03-FAKEfake0123456789FAKEfake0123456789'))
    expect(out).toBe('key [REDACTED:anthropic_api_key]')
  })

  it('does not re-redact its own markers', () => {
    for (const c of cases) {
      const once = r.redactString(c.text.replace('%s', c.secret))
      expect(r.redactString(once)).toBe(once)
      expect(r.containsSecret(once)).toBe(false)
    }
  })

  it.each([
    'a skeleton in the closet',
    'sk-1 is too short to be a key',
    'the task-management-and-scheduling-subsystem',
    'commit 3f786850e387550fdab836ed7e6dc881de23001b fixed it',
    'request 123e4567-e89b-12d3-a456-426614174000 done',
    'ghp_short is not a token',
    `encoded ${b64('The quick brown fox jumps over the lazy dog')}`,
    'Basic concepts of the system',
    'bearer instruments and the bearer of bad news',
    'usage: max_tokens: 500, token_count=3, prompt_tokens: 12, total_tokens=15',
    'PWD=/home/me/project',
    'see https://example.com/path?x=1#frag and ssh://git@github.com:22/org/repo',
    'mail alice@example.com about AKIA1234',
    'feature tg_enable_every_feature_flag_for_users_now',
    'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b4b0b822cd15d6c15b0f00a08',
  ])('leaves a lookalike alone: %s', (text) => {
    expect(r.redactString(text)).toBe(text)
    expect(r.containsSecret(text)).toBe(false)
  })

  // A gate may only skip text the pattern cannot match: every spelling the pattern redacts passes it.
  it.each(SECRET_PATTERNS.filter((p) => p.gate).map((p) => [p.kind, p] as const))('%s: its gate lets through whatever the pattern matches', (kind, p) => {
    const spellings = [
      ...cases.filter((c) => c.kind === kind).map((c) => c.text.replace('%s', c.secret)),
      'PASSWORD=x1',
      'Passwd:\tx1',
      'db_password = "x1"',
      '\\"api_key\\": \\"x1\\"',
      "access-key:'x1'",
      'PRIVATE_KEY=x1',
      'my-Token= x1',
      'x_secret\t=\tx1',
      '{"githubToken":"x1"}',
      'apiKey=x1',
      '?access_token=x1&',
    ]
    for (const text of spellings) {
      expect(text.replace(p.regex, '#'), text).not.toBe(text) // the pattern matches it…
      expect(p.gate?.test(text), text).toBe(true) // …and so does its gate
      expect(r.redactString(`${text} padding`)).not.toContain('x1 padding')
    }
    expect(p.gate?.flags).not.toContain('g') // test() keeps no lastIndex between strings
    // and prose that only names the word is what it skips
    expect(p.gate?.test('the token total and the secret of a key')).toBe(false)
  })

  it('skips short strings and stays fast on large blobs', () => {
    expect(r.redactString('pw=abc')).toBe('pw=abc')
    // Keywords present so every pattern runs over a megabyte of word characters: a pattern that
    // backtracks quadratically would take minutes here.
    const blob = `${'A'.repeat(500_000)} sk- token bearer basic :// eyJ tg_ ${'a_b-'.repeat(125_000)}`
    expect(r.redactString(blob) === blob).toBe(true)
    const ms = fastestRun(() => {
      r.redactString(blob)
      // Thousands of BEGIN lines with no END: each body scan must stop at the next BEGIN.
      r.redactString('-----BEGIN PRIVATE KEY-----\n'.repeat(10_000))
    }, 1500)
    expect(ms).toBeLessThan(1500)
  })

  it('accepts extra patterns', () => {
    const custom = createRedactor({ extraPatterns: [{ name: 'acme_key', regex: /acme-[0-9a-f]{16}/ }] })
    expect(custom.redactString('use acme-0123456789abcdef now')).toBe('use [REDACTED:acme_key] now')
    expect(custom.containsSecret('acme-0123456789abcdef')).toBe(true)
  })
})

describe('sensitive field names', () => {
  it.each([
    'password',
    'Password',
    'PASSWORD',
    'passwd',
    'pwd',
    'secret',
    'clientSecret',
    'client-secret',
    'token',
    'accessToken',
    'ACCESS_TOKEN',
    'refresh-token',
    'idToken',
    'apiKey',
    'api-key',
    'API_KEY',
    'apikey',
    'X-API-Key',
    'x_api_key',
    'Authorization',
    'proxy-authorization',
    'cookie',
    'Set-Cookie',
    'privateKey',
    'credentials',
    'sessionToken',
    'auth',
    'github_token',
    'openaiApiKey',
    'secret_key',
    'secretKey',
    'access_key',
    'AWS_SECRET_ACCESS_KEY',
    'db_password',
    'oldPassword',
    'webhook_secret',
    'OAuthToken',
  ])('redacts the value of %s', (name) => {
    const input = { outer: { [name]: 'value-that-is-not-a-pattern' } }
    expect(r.redact(input)).toEqual({ outer: { [name]: '[REDACTED]' } })
  })

  it.each([
    'file',
    'entry',
    'key_id',
    'keyId',
    'key',
    'name',
    'tool',
    'path',
    'content',
    'message',
    'monkey',
    'keyboard',
    'tokens_used',
    'max_tokens',
    'maxTokens',
    'token_count',
    'prompt_tokens',
    'total_tokens',
    'idempotency_key',
    'idempotencyKey',
    'public_key',
    'cache_key',
    'next_page_token',
    'key_hash',
    'prefix',
  ])('keeps the value of %s', (name) => {
    const input = { [name]: 'harmless value', nested: [{ [name]: 42 }] }
    expect(r.redact(input)).toEqual(input)
  })

  it('redacts whatever type the value has, but keeps null, undefined and empty string', () => {
    const input = { password: 1234, token: { a: 1 }, secret: ['x'], apiKey: null, auth: undefined, cookie: '' }
    expect(r.redact(input)).toEqual({ password: '[REDACTED]', token: '[REDACTED]', secret: '[REDACTED]', apiKey: null, auth: undefined, cookie: '' })
  })

  it('splits runs of capitals as before, and in linear time on a long one', () => {
    expect(normaliseFieldName('HTTPServerToken')).toBe('http_server_token')
    expect(normaliseFieldName('XMLHttpAPIKey')).toBe('xml_http_api_key')
    expect(normaliseFieldName('ABcD')).toBe('a_bc_d')
    expect(r.redact({ OAuthTOKEN: 'v', DBPassword: 'v' })).toEqual({ OAuthTOKEN: '[REDACTED]', DBPassword: '[REDACTED]' })
    // A parameter name is the caller's: 200,000 capitals took ~15 s with the old expression.
    const name = `${'A'.repeat(200_000)}Token`
    expect(r.redact({ [name]: 'v' })).toEqual({ [name]: '[REDACTED]' })
    // A new name each run: the redactor remembers its verdict on a name it has seen.
    let run = 0
    expect(fastestRun(() => r.redact({ [`${'A'.repeat(200_000 + ++run)}Token`]: 'v' }), 500)).toBeLessThan(500)
  })

  it('accepts extra field names, normalised', () => {
    const custom = createRedactor({ extraFields: ['license-code'] })
    expect(custom.redact({ licenseCode: 'abc', LICENSE_CODE: 'def', license: 'ok' })).toEqual({
      licenseCode: '[REDACTED]',
      LICENSE_CODE: '[REDACTED]',
      license: 'ok',
    })
  })
})

describe('deep copy', () => {
  it('never mutates its input and copies arrays', () => {
    const arr = [{ password: 'x' }, j('AKIA', 'IOSFODNN7EXAMPLE'), 3, null]
    const input = { list: arr, headers: { authorization: 'Bearer abc' } }
    const before = structuredClone(input)
    const out = r.redact(input)
    expect(out).toEqual({ list: [{ password: '[REDACTED]' }, '[REDACTED:aws_access_key]', 3, null], headers: { authorization: '[REDACTED]' } })
    expect(out.list).not.toBe(arr)
    expect(input).toEqual(before)
  })

  it('replaces cycles, but copies a shared object reached twice', () => {
    const shared = { v: 1 }
    const input: Record<string, unknown> = { a: shared, b: shared, list: [] as unknown[] }
    input.self = input
    ;(input.list as unknown[]).push(input.list)
    const out = r.redact(input) as Record<string, unknown>
    expect(out.self).toBe('[Circular]')
    expect(out.list).toEqual(['[Circular]'])
    expect(out.a).toEqual({ v: 1 })
    expect(out.b).toEqual({ v: 1 })
  })

  it('turns Dates into ISO strings and Buffers into a size', () => {
    const out = r.redact({ at: new Date('2024-01-15T10:23:45.123Z'), body: Buffer.from('secret bytes') })
    expect(out).toEqual({ at: '2024-01-15T10:23:45.123Z', body: '[Buffer 12 bytes]' })
  })

  it('truncates past depth 20', () => {
    let deep: Record<string, unknown> = { leaf: 'bottom' }
    for (let i = 0; i < 30; i++) deep = { next: deep }
    const json = JSON.stringify(r.redact(deep))
    expect(json).toContain('"[Truncated]"')
    expect(json).not.toContain('bottom')
  })

  it('copies Errors with name, message, stack and code, redacted', () => {
    const err = Object.assign(new TypeError(j('connect failed for postgres://u:pw123456@db/x')), { code: 'ECONNREFUSED', password: 'p' })
    const out = r.redact({ err }) as unknown as { err: Record<string, unknown> }
    expect(out.err).toMatchObject({
      name: 'TypeError',
      message: 'connect failed for postgres://u:[REDACTED:url_password]@db/x',
      code: 'ECONNREFUSED',
      password: '[REDACTED]',
    })
    expect(String(out.err.stack)).toContain('[REDACTED:url_password]')
    expect(String(out.err.stack)).not.toContain('pw123456')
  })

  it('does not let a "__proto__" key change the copy\'s prototype', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as Record<string, unknown>
    const out = r.redact(input) as Record<string, unknown>
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(Object.keys(out)).toEqual(['__proto__', 'ok'])
  })
})
