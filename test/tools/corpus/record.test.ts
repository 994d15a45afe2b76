/** The import's line rules at their boundaries: timestamps, ids, tags, text Postgres cannot store. */
import { describe, expect, it } from 'vitest'
import { normalizeTimestamp, parseLine } from '../../../src/corpus/record.js'

const line = (over: Record<string, unknown>) =>
  JSON.stringify({ id: 1, thread_id: 2, timestamp: '2014-02-16T01:24:30Z', author: 'Soma', body: 'b', tags: ['qm_post'], ...over })

describe('normalizeTimestamp', () => {
  it.each([
    ['2014-02-16T01:24:30Z', '2014-02-16T01:24:30Z'],
    ['2014-02-16T01:24:30', '2014-02-16T01:24:30Z'], // the seed's own form: no offset reads as UTC
    ['2014-02-16 01:24:30', '2014-02-16T01:24:30Z'],
    ['2014-02-16t01:24:30z', '2014-02-16T01:24:30Z'],
    ['2014-02-16T01:24', '2014-02-16T01:24:00Z'],
    ['2014-02-16T01:24:30.5Z', '2014-02-16T01:24:30.5Z'],
    ['2014-02-16T02:24:30+01:00', '2014-02-16T01:24:30.000Z'],
    ['2014-02-15T20:24:30-0500', '2014-02-16T01:24:30.000Z'],
    ['2014-02-16T00:30:00+14:00', '2014-02-15T10:30:00.000Z'],
    ['2016-02-29T00:00:00Z', '2016-02-29T00:00:00Z'],
    ['2000-02-29T00:00:00Z', '2000-02-29T00:00:00Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00Z'],
    ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59Z'],
    ['0050-06-01T12:00:00+01:00', '0050-06-01T11:00:00.000Z'], // not read as 1950
  ])('%s → %s', (input, expected) => expect(normalizeTimestamp(input)).toBe(expected))

  it.each([
    '2014-02-30T00:00:00Z',
    '2015-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2014-13-01T00:00:00Z',
    '2014-00-10T00:00:00Z',
    '2014-02-16T24:00:00Z',
    '2014-02-16T23:60:00Z',
    '2014-02-16T23:59:60Z',
    '2014-02-16T01:24:30+15:00',
    '2014-02-16T01:24:30+01:60',
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:30:00+01:00',
    '2014-02-16',
    '16/02/2014 01:24',
    '2014-02-16T01:24:30.1234567890Z',
    ' 2014-02-16T01:24:30Z',
    '2014-2-16T01:24:30Z',
    '',
    '2014-02-16T1a:24:30Z',
    '2014-02-16X01:24:30Z',
    '2014/02/16T01:24:30Z',
    '0000-02-16T01:24:30Z',
    '2014-02-16T01:24:3 Z',
  ])('refuses %j', (input) => expect(normalizeTimestamp(input)).toBeUndefined())
})

describe('parseLine', () => {
  it('keeps the six fields and ignores others', () => {
    expect(parseLine(line({ extra: 'x' }))).toEqual({
      ok: true,
      record: { id: 1, thread_id: 2, timestamp: '2014-02-16T01:24:30Z', author: 'Soma', body: 'b', tags: ['qm_post'] },
    })
  })

  it.each([
    [{ id: Number.MAX_SAFE_INTEGER }, true],
    [{ id: Number.MAX_SAFE_INTEGER + 1 }, false],
    [{ id: 1 }, true],
    [{ id: 0 }, false],
    [{ id: -1 }, false],
    [{ thread_id: 1e3 }, true],
    [{ thread_id: null }, false],
    [{ author: ' ' }, false],
    [{ author: 'A' }, true],
    [{ body: '' }, true],
    [{ tags: undefined }, true],
    [{ tags: null }, true],
    [{ tags: [] }, true],
    [{ tags: [''] }, false],
    [{ tags: ['qm_post,story_post'] }, false],
    [{ author: 'So\u0000ma' }, false],
    [{ tags: ['a\u0000'] }, false],
  ])('%j → accepted %s', (over, ok) => expect(parseLine(line(over)).ok).toBe(ok))

  it('refuses a lone surrogate, which Postgres would refuse for the whole batch', () => {
    const parsed = parseLine('{"id":1,"thread_id":2,"timestamp":"2014-02-16T01:24:30Z","author":"Soma","body":"bad \\ud800 half"}')
    expect(parsed).toEqual({ ok: false, error: 'body contains an unpaired UTF-16 surrogate (an invalid \\u escape)' })
  })

  it('accepts emoji and other astral characters', () => {
    expect(parseLine(line({ body: 'the vys 🔥 burns' })).ok).toBe(true)
  })

  it.each([
    ['null', 'expected a JSON object (one post per line), got null'],
    ['"text"', 'expected a JSON object (one post per line), got the string "text"'],
    ['42', 'expected a JSON object (one post per line), got a number'],
    ['{"id":1}', 'thread_id is required'],
    ['{"thread_id":1}', 'id is required'],
  ])('%s → %s', (text, error) => expect(parseLine(text)).toEqual({ ok: false, error }))
})

describe('labels stay labels', () => {
  it.each([
    ['an author of 257 characters', { author: 'a'.repeat(257) }, 'author must be at most 256 characters, got 257'],
    ['33 tags', { tags: Array.from({ length: 33 }, (_, i) => `t${i}`) }, 'tags must hold at most 32 tags, got 33'],
    ['a tag of 65 characters', { tags: ['qm_post', 't'.repeat(65)] }, 'tags[1] must be at most 64 characters, got 65'],
    ['a megabyte of author', { author: 'a'.repeat(1 << 20) }, 'author must be at most 256 characters, got 1048576'],
  ])('refuses %s', (_name, over, error) => {
    expect(parseLine(line(over))).toEqual({ ok: false, error })
  })

  it('takes them at the limits (positive control)', () => {
    const over = { author: 'a'.repeat(256), tags: Array.from({ length: 32 }, (_, i) => `${i}`.padEnd(64, 't')) }
    expect(parseLine(line(over))).toMatchObject({ ok: true, record: over })
  })
})
