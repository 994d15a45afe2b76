/** UUIDv7 execution ids: valid RFC 9562 text, and ordered as they were made, within a millisecond too. */
import { describe, expect, it } from 'vitest'
import { isUuid, uuidv7 } from '../../src/lib/uuidv7.js'

describe('uuidv7', () => {
  it('makes version 7, variant 10 ids carrying the current time', () => {
    const before = Date.now()
    const id = uuidv7()
    expect(isUuid(id)).toBe(true)
    expect(id[14]).toBe('7')
    expect('89ab').toContain(id[19])
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16)
    expect(ms).toBeGreaterThanOrEqual(before)
    expect(ms).toBeLessThanOrEqual(Date.now() + 1)
  })

  it('sorts ids in the order they were made, however many share a millisecond', () => {
    const ids = Array.from({ length: 20_000 }, () => uuidv7())
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(ids)
  })

  it('fills the random part with fresh random bits, across refills of its pool', () => {
    // 2,000 ids span several pools of 256.
    const tails = Array.from({ length: 2_000 }, () => uuidv7().slice(19))
    expect(new Set(tails).size).toBe(tails.length)
    expect(new Set(tails.map((t) => t[0]))).toEqual(new Set(['8', '9', 'a', 'b']))
    // Every random hex position takes (nearly) all sixteen values.
    for (const pos of [1, 2, 3, 5, 10, 16]) expect(new Set(tails.map((t) => t[pos])).size).toBeGreaterThanOrEqual(15)
  })
})
