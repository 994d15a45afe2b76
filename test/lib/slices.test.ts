/** sortInSlices and mapInSlices: what sort and map give, in slices with turns of the event loop between. */
import { describe, expect, it } from 'vitest'
import { mapInSlices } from '../../src/lib/slices.js'
import { sortInSlices } from '../../src/lib/sort-in-slices.js'

const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key

describe('sortInSlices', () => {
  it.each([0, 1, 4_095, 4_096, 4_097, 10_000, 50_001])('%i items: the order Array.prototype.sort gives, ties kept in order', async (n) => {
    // Few distinct keys: many ties, so stability shows.
    const items = Array.from({ length: n }, (_, i) => ({ key: Math.floor(Math.random() * 50), at: i }))
    const expected = [...items].sort(byKey)
    const sorted = await sortInSlices(items, byKey)
    expect(sorted).toBe(items) // in place
    expect(sorted).toEqual(expected)
  })

  it('lets other work run between slices', async () => {
    const items = Array.from({ length: 100_000 }, () => Math.random())
    let ticks = 0
    const ticker = setInterval(() => ticks++, 0)
    await sortInSlices(items, (a, b) => a - b)
    clearInterval(ticker)
    expect(items.every((v, i) => i === 0 || items[i - 1] <= v)).toBe(true)
    expect(ticks).toBeGreaterThan(0)
  })
})

describe('mapInSlices', () => {
  it.each([0, 3, 4_096, 4_097, 10_000])('%i items: what map gives, in order', async (n) => {
    const items = Array.from({ length: n }, (_, i) => i)
    expect(await mapInSlices(items, (i) => i * 2)).toEqual(items.map((i) => i * 2))
  })
})
