/** JSON sizes of strings, checked against what JSON.stringify and Buffer really produce. */
import { describe, expect, it } from 'vitest'
import { jsonBytes, jsonBytesWithin, jsonPrefix, jsonSizeBound } from '../../src/lib/json-bytes.js'

const SAMPLES = [
  '',
  'plain',
  'quote " and \\ backslash',
  'tab\tnew\nline\r\b\f',
  '\u0000\u0001\u001f',
  'é ü ß',
  '中文',
  '😀 pair',
  'lone \ud800 high',
  'lone \udc00 low',
  '\udc00\ud800',
]
const bytesOf = (s: string) => Buffer.byteLength(JSON.stringify(s)) - 2

describe('jsonBytes', () => {
  it.each(SAMPLES)('%j: as JSON.stringify writes it', (s) => {
    expect(jsonBytes(s)).toBe(bytesOf(s))
  })
})

describe('jsonPrefix', () => {
  it('keeps the longest start within the budget, never half a surrogate pair', () => {
    const s = SAMPLES.join('|')
    for (let budget = 0; budget <= jsonBytes(s) + 2; budget++) {
      const prefix = jsonPrefix(s, budget)
      expect(s.startsWith(prefix)).toBe(true)
      expect(jsonBytes(prefix)).toBeLessThanOrEqual(budget)
      // one more character would not fit
      if (prefix.length < s.length) {
        const units = (s.charCodeAt(prefix.length) & 0xfc00) === 0xd800 && (s.charCodeAt(prefix.length + 1) & 0xfc00) === 0xdc00 ? 2 : 1
        expect(jsonBytes(s.slice(0, prefix.length + units))).toBeGreaterThan(budget)
      }
      const last = prefix.charCodeAt(prefix.length - 1)
      if ((last & 0xfc00) === 0xd800) expect((s.charCodeAt(prefix.length) & 0xfc00) === 0xdc00).toBe(false)
    }
  })
})

describe('jsonSizeBound', () => {
  const size = (v: unknown) => Buffer.byteLength(JSON.stringify(v))
  it('is never below the real size of plain data, nested or not', () => {
    const values: unknown[] = [
      SAMPLES,
      { entries: SAMPLES, count: SAMPLES.length, nested: { deeper: [[SAMPLES.join('')], null, true, -1.5e300] } },
      [{ '\u0000key "quoted"': '😀'.repeat(50) }, {}, []],
    ]
    for (const v of values) {
      const bound = jsonSizeBound(v, Number.POSITIVE_INFINITY)
      expect(bound).toBeGreaterThanOrEqual(size(v))
      expect(bound).toBeLessThan(Number.POSITIVE_INFINITY)
    }
  })

  it('gives up (Infinity) past the limit, and on values only serializing can size', () => {
    expect(jsonSizeBound({ text: 'x'.repeat(100) }, 50)).toBe(Number.POSITIVE_INFINITY)
    expect(jsonSizeBound({ at: new Date(0) }, 1e9)).toBe(Number.POSITIVE_INFINITY)
    expect(jsonSizeBound({ map: new Map() }, 1e9)).toBe(Number.POSITIVE_INFINITY)
    expect(jsonSizeBound({ custom: { toJSON: () => 'x'.repeat(1e6) } }, 1e9)).toBe(Number.POSITIVE_INFINITY)
  })
})

describe('jsonBytesWithin', () => {
  it('is what JSON.stringify writes, for every kind of value', () => {
    const values = [
      '',
      'a"b\\c\n\u0001',
      'é😀\ud800',
      1.5,
      -0,
      Number.NaN,
      true,
      null,
      [],
      {},
      [1, null, 'x', undefined],
      { a: 1, b: [1, { c: 'd' }], u: undefined },
    ]
    const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: [nested(depth - 1)] })
    for (const v of [...values, { 'k"é': 'v' }, new Date(0), { d: new Date(0) }, nested(400)]) {
      expect(jsonBytesWithin(v, 1e9), JSON.stringify(v)).toBe(Buffer.byteLength(JSON.stringify(v)))
    }
  })

  it('is Infinity past the limit, found without reading the rest', () => {
    expect(jsonBytesWithin('x'.repeat(100), 101)).toBe(Number.POSITIVE_INFINITY)
    expect(jsonBytesWithin('x'.repeat(100), 102)).toBe(102)
    const huge = Array(1e6).fill('abc')
    const t0 = performance.now()
    expect(jsonBytesWithin(huge, 100)).toBe(Number.POSITIVE_INFINITY)
    expect(performance.now() - t0).toBeLessThan(50)
  })
})
