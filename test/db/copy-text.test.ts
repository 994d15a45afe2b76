/** COPY text encoding: what would split a line or a field is escaped, NUL never reaches Postgres. */
import { describe, expect, it } from 'vitest'
import { NULL_FIELD, copyInt, copyJson, copyText, copyTime } from '../../src/db/copy-text.js'

describe('copyText', () => {
  it('leaves plain text alone and escapes backslash, newline, carriage return and tab', () => {
    expect(copyText('plain text, ünïcode ✓')).toBe('plain text, ünïcode ✓')
    expect(copyText('a\\b\nc\rd\te')).toBe('a\\\\b\\nc\\rd\\te')
  })

  it('writes NULL as \\N, and a literal "\\N" so that it stays text', () => {
    expect(copyText(null)).toBe(NULL_FIELD)
    expect(copyText(undefined)).toBe(NULL_FIELD)
    expect(copyText('\\N')).toBe('\\\\N')
  })

  it('replaces NUL, which Postgres text cannot hold', () => {
    expect(copyText('a\u0000b')).toBe('a\uFFFDb')
  })
})

describe('copyJson', () => {
  it('serializes and escapes for COPY, so a backslash in JSON survives', () => {
    expect(copyJson({ path: 'C:\\x', text: 'two\nlines\t!' })).toBe('{"path":"C:\\\\\\\\x","text":"two\\\\nlines\\\\t!"}')
  })

  it('turns the \\u0000 escape jsonb refuses into U+FFFD', () => {
    expect(copyJson({ s: 'a\u0000b' })).toBe('{"s":"a\uFFFDb"}')
  })

  it('is NULL for null and undefined', () => {
    expect(copyJson(null)).toBe(NULL_FIELD)
    expect(copyJson(undefined)).toBe(NULL_FIELD)
  })
})

describe('copyInt and copyTime', () => {
  it('writes whole numbers, and NULL for what is not a finite number', () => {
    expect(copyInt(200)).toBe('200')
    expect(copyInt(12.9)).toBe('12')
    expect(copyInt(Number.NaN)).toBe(NULL_FIELD)
    expect(copyInt(null)).toBe(NULL_FIELD)
  })

  it('writes the same ISO 8601 text as toISOString, second after second', () => {
    const base = Date.UTC(2026, 10, 23, 20, 14, 8, 0)
    for (const offset of [0, 7, 42, 999, 1000, 1005, 61_001, -5]) {
      expect(copyTime(base + offset)).toBe(new Date(base + offset).toISOString())
    }
    const far = Date.UTC(12000, 0, 1)
    expect(copyTime(far)).toBe(new Date(far).toISOString())
    expect(copyTime(Number.NaN)).toBe(NULL_FIELD)
    expect(copyTime(null)).toBe(NULL_FIELD)
  })
})

describe('copyJson and unpaired surrogates', () => {
  it('replaces half a surrogate pair, which jsonb refuses, and keeps whole pairs', () => {
    expect(copyJson({ s: 'a\ud800b', t: '\udc00', ok: '😀' })).toBe('{"s":"a\uFFFDb","t":"\uFFFD","ok":"😀"}')
  })

  it('cleans keys as well as values, at any depth', () => {
    expect(copyJson({ 'k\u0000': [{ '\ud800': 'v\u0000' }] })).toBe('{"k\uFFFD":[{"\uFFFD":"v\uFFFD"}]}')
  })
})
