/**
 * Bounded copies for logs, history rows and approvals: cut before redaction, so a cut must never
 * keep the head of a secret that the patterns then fail to recognise.
 */
import { describe, expect, it } from 'vitest'
import { bound, createRedactor, cutString, LOG_BOUNDS, NAME_MAX_KEPT, REDACTED, RESULT_BOUNDS } from '../../src/redaction/index.js'
import { cases, j } from '../support/secret-cases.js'

const r = createRedactor()

/** Every 8-character piece of `secret`: none may survive. */
const pieces = (secret: string) => Array.from({ length: Math.max(0, secret.length - 7) }, (_, i) => secret.slice(i, i + 8))

const more: { text: string; secret: string }[] = [
  { text: 'password=%s and more', secret: 'correcthorsebatterystaple' },
  { text: '{"password": "%s", "user": "me"}', secret: 'correct horse battery staple' },
  { text: 'Authorization: Bearer %s\n', secret: 'abcDEF0123456789ghiJKLmnoPQR' },
  { text: 'export AWS_ACCESS_KEY_ID=%s', secret: j('AKIA', 'IOSFODNN7EXAMPLE') },
  { text: 'db at postgres://admin:%s@db:5432/x', secret: 's3cr3tPassw0rdValue' },
  { text: 'git clone https://bob:%s@github.com/x.git', secret: 'Sup3rS3cretPw!2024' },
  { text: 'DATABASE_URL=postgres://app:%s@db/x', secret: 'Sup3rS3cretPw$abc' },
]

describe('cutString then redaction', () => {
  it.each([...cases, ...more].map((c) => [c.text.replace('%s', c.secret), c.secret] as const))(
    'keeps no 8 characters of the secret wherever the cut falls in %j',
    (text, secret) => {
      for (let max = 0; max <= text.length; max++) {
        const out = r.redactString(cutString(text, max))
        for (const piece of pieces(secret)) expect(out, `cut at ${max}: ${out}`).not.toContain(piece)
      }
    },
  )

  it('keeps no 8 characters of a configured secret made of punctuation too, wherever the cut falls', () => {
    const secret = 'Db#Passw0rd!Prod-2024'
    const redactor = createRedactor({ knownSecrets: [secret] })
    const text = `log in as app with ${secret} then`
    for (let max = 0; max <= text.length; max++) {
      const out = redactor.redactString(cutString(text, max))
      for (const piece of pieces(secret)) expect(out, `cut at ${max}: ${out}`).not.toContain(piece)
    }
  })

  it('cuts plain text at a space and says how much was cut', () => {
    expect(cutString('hello world', 100)).toBe('hello world')
    expect(cutString('hello world', 8)).toBe('hello …[5 characters cut]')
    expect(cutString('a'.repeat(10), 5)).toBe('…[10 characters cut]')
  })

  it('never keeps half of a surrogate pair, wherever the cut falls', () => {
    const text = ' 😀 😀😀 x😀'
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
    for (let max = 0; max < text.length; max++) expect(cutString(text, max), `cut at ${max}`).not.toMatch(lone)
    expect(cutString(text, 4)).toBe(' 😀 …[8 characters cut]')
  })

  it('drops a run of password characters whole, `!`, `$` and `#` included', () => {
    expect(cutString('pw Sup3r!Secret$2024#x and more', 12)).toBe('pw …[28 characters cut]')
    expect(cutString('{"pw": "a!b$c"}', 11)).toBe('{"pw": "…[7 characters cut]')
    expect(cutString('pw\u00a0Sup3r!Secret more', 10)).toBe('pw\u00a0…[17 characters cut]')
    expect(cutString('合言葉\u3000Sup3r!Secret', 10)).toBe('合言葉\u3000…[12 characters cut]')
  })
})

describe('bound', () => {
  it('keeps small values as they are, and never mutates its input', () => {
    const input = { a: 'x', n: 1, b: [true, null, { c: 'y' }], d: new Date(0) }
    const before = structuredClone(input)
    expect(bound(input, LOG_BOUNDS)).toEqual(input)
    expect(input).toEqual(before)
  })

  it('cuts long strings, long arrays and objects with many members', () => {
    const out = bound(
      { s: 'word '.repeat(1000), a: Array(200).fill(1), o: Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`k${i}`, i])) },
      LOG_BOUNDS,
    ) as any
    expect(out.s.length).toBeLessThan(LOG_BOUNDS.maxString + 40)
    expect(out.s).toMatch(/…\[\d+ characters cut\]$/)
    expect(out.a).toHaveLength(LOG_BOUNDS.maxEntries + 1)
    expect(out.a.at(-1)).toBe(`[${200 - LOG_BOUNDS.maxEntries} more items]`)
    expect(Object.keys(out.o)).toHaveLength(LOG_BOUNDS.maxEntries + 1)
    expect(out.o['…']).toBe(`[${80 - LOG_BOUNDS.maxEntries} more members]`)
  })

  it('bounds scalars before containers, so a long list cannot crowd out the count beside it; members keep their order', () => {
    const entries = Array.from({ length: 5000 }, (_, i) => `src/components/widgets/file-${i}.tsx`)
    const out = bound({ output: 'word '.repeat(1000), metadata: { entries, count: 5000, path: 'src', truncated: false } }, RESULT_BOUNDS) as any
    expect(out.metadata).toMatchObject({ count: 5000, path: 'src', truncated: false })
    expect(Object.keys(out)).toEqual(['output', 'metadata'])
    expect(Object.keys(out.metadata)).toEqual(['entries', 'count', 'path', 'truncated'])
    expect(out.metadata.entries[0]).toBe(entries[0])
    expect(out.metadata.entries).toContain('[Truncated]')
    expect(JSON.stringify(out).length).toBeLessThan(2 * RESULT_BOUNDS.maxChars)
  })

  it('keeps to the total budget across many strings', () => {
    const out = JSON.stringify(bound(Array(50).fill('x'.repeat(1000)), LOG_BOUNDS))
    expect(out.length).toBeLessThan(LOG_BOUNDS.maxChars + 50 * 30)
  })

  it('hides the value of a name too long to be a parameter, and cuts the name', () => {
    const out = bound({ [`${'A'.repeat(1_000_000)}_password`]: 'hunter2' }, LOG_BOUNDS) as Record<string, unknown>
    const [key] = Object.keys(out)
    expect(key.length).toBeLessThan(NAME_MAX_KEPT + 40)
    expect(out[key]).toBe(REDACTED)
  })

  it('stops at depth and on cycles', () => {
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    expect(bound(cyclic, LOG_BOUNDS)).toEqual({ a: 1, self: '[Circular]' })
    let deep: unknown = 'bottom'
    for (let i = 0; i < 30; i++) deep = [deep]
    expect(JSON.stringify(bound(deep, LOG_BOUNDS))).toContain('[Truncated]')
    expect(JSON.stringify(bound(deep, LOG_BOUNDS))).not.toContain('bottom')
    const out = bound({ ['__proto__']: { polluted: true } }, LOG_BOUNDS) as object
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
  })
})
