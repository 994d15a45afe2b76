/** The output buffers: the foreground cap (bytes, UTF-8 safe) and the background ring (offsets, drops). */
import { describe, expect, it } from 'vitest'
import { CappedOutput, OutputRing } from '../../../src/exec/buffers.js'

describe('CappedOutput', () => {
  it('keeps everything under the budget', () => {
    const out = new CappedOutput(10)
    out.push('abc')
    out.push('def')
    expect(out.text()).toBe('abcdef')
    expect(out.truncated).toBe(false)
  })

  it('keeps the first bytes, counts the rest and never splits a character', () => {
    const out = new CappedOutput(5)
    out.push('abcé') // 5 bytes
    out.push('éé') // 4 more
    expect(out.text()).toBe('abcé\n…[truncated: 4 bytes omitted]')
    const cut = new CappedOutput(4)
    cut.push('abcé')
    expect(cut.text()).toBe('abc\n…[truncated: 2 bytes omitted]')
  })
})

describe('OutputRing', () => {
  it('reads from a cursor and reports what is left', () => {
    const ring = new OutputRing(100)
    ring.push('hello ')
    ring.push('world')
    expect(ring.read(0, 100)).toEqual({ text: 'hello world', next: 11, dropped: 0, remaining: 0 })
    expect(ring.read(6, 3)).toEqual({ text: 'wor', next: 9, dropped: 0, remaining: 2 })
    expect(ring.read(11, 100)).toEqual({ text: '', next: 11, dropped: 0, remaining: 0 })
  })

  it('drops the oldest output past its cap and says how much a reader missed', () => {
    const ring = new OutputRing(10)
    ring.push('0123456789')
    ring.push('abcde')
    expect(ring.end).toBe(15)
    expect(ring.read(0, 100)).toEqual({ text: '56789abcde', next: 15, dropped: 5, remaining: 0 })
    ring.push('x'.repeat(25))
    expect(ring.read(15, 100)).toEqual({ text: 'x'.repeat(10), next: 40, dropped: 15, remaining: 0 })
  })
})
