/** JSON sizes of strings, checked against what JSON.stringify and Buffer really produce. */
import { describe, expect, it } from 'vitest'
import { jsonBytes, jsonPrefix } from '../../src/lib/json-bytes.js'

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
