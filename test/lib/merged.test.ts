/** merged(): `{ ...a, ...b }` as spread defines keys, without spread's cost on the per-call path. */
import { describe, expect, it } from 'vitest'
import { merged } from '../../src/lib/merged.js'

describe('merged', () => {
  it('copies own keys in order, later parts winning, skipping undefined parts', () => {
    const out = merged<Record<string, unknown>>({ a: 1, b: 2 }, undefined, { b: 3, c: 4 })
    expect(out).toEqual({ a: 1, b: 3, c: 4 })
    expect(Object.keys(out)).toEqual(['a', 'b', 'c'])
  })

  it('leaves its parts untouched', () => {
    const a = { x: 1 }
    merged(a, { x: 2, y: 3 })
    expect(a).toEqual({ x: 1 })
  })

  it('keeps an own "__proto__" as a plain key, as spread does, and never swaps the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "b": 2}')
    const out = merged<Record<string, unknown>>(parsed, { c: 3 })
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect((out as { polluted?: boolean }).polluted).toBeUndefined()
    expect(JSON.stringify(out)).toBe(JSON.stringify({ ...parsed, c: 3 }))
    expect(Object.keys(out)).toEqual(['__proto__', 'b', 'c'])
  })

  it('ignores inherited keys, as spread does', () => {
    const child = Object.create({ inherited: 1 }) as Record<string, unknown>
    child.own = 2
    expect(merged(child)).toEqual({ own: 2 })
  })
})
