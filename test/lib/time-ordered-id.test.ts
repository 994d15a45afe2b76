/**
 * Execution ids are uuid v7 (src/lib/time-ordered-id.ts, random bits from a pool): history pages
 * and sorts by id, so toolgate relies on ids made in one process sorting in the order they were
 * made, within one millisecond too, and on their random part being random.
 */
import { validate as isUuid, version } from 'uuid'
import { describe, expect, it } from 'vitest'
import { timeOrderedId as uuidv7 } from '../../src/lib/time-ordered-id.js'

describe('execution ids (uuid v7)', () => {
  it('are version 7 ids carrying the current time', () => {
    const before = Date.now()
    const id = uuidv7()
    expect(isUuid(id)).toBe(true)
    expect(version(id)).toBe(7)
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16)
    expect(ms).toBeGreaterThanOrEqual(before)
    expect(ms).toBeLessThanOrEqual(Date.now() + 1)
  })

  it('sort in the order they were made, however many share a millisecond', () => {
    const ids = Array.from({ length: 20_000 }, () => uuidv7())
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(ids)
  })

  it('draw fresh random bits for every id, past a refill of the pool', () => {
    const tails = Array.from({ length: 1000 }, () => uuidv7().slice(-12))
    expect(new Set(tails).size).toBe(tails.length)
  })

  it('cursors that are not UUIDs are told apart', () => {
    for (const bad of ['', 'x', '1234', `${uuidv7()}0`, "' or 1=1 --"]) expect(isUuid(bad), bad).toBe(false)
  })
})
