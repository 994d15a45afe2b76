import { describe, expect, it } from 'vitest'
import { shapeProblem } from '../../src/lib/json-shape.js'

describe('shapeProblem', () => {
  it('counts members, items and containers outside strings', () => {
    expect(shapeProblem('{"a":1,"b":[1,2,3]}', 5, 10)).toBeUndefined()
    expect(shapeProblem('{"a":1,"b":[1,2,3]}', 4, 10)).toEqual({ kind: 'elements', limit: 4 })
    expect(shapeProblem(`[${'1,'.repeat(100)}1]`, 100, 10)).toEqual({ kind: 'elements', limit: 100 })
  })

  it('does not count commas and brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ content: `a,b,[c],{d}, "quoted", \\ ${',['.repeat(1000)}` })
    expect(shapeProblem(text, 2, 2)).toBeUndefined()
    expect(shapeProblem('["\\\\",1,2]', 2, 5)).toEqual({ kind: 'elements', limit: 2 })
  })

  it('refuses nesting deeper than the limit', () => {
    expect(shapeProblem(`${'['.repeat(64)}${']'.repeat(64)}`, 1000, 64)).toBeUndefined()
    expect(shapeProblem(`${'['.repeat(65)}${']'.repeat(65)}`, 1000, 64)).toEqual({ kind: 'depth', limit: 64 })
  })

  it('leaves malformed text for the parser', () => {
    expect(shapeProblem('{"a": "unterminated', 1, 1)).toBeUndefined()
  })
})
