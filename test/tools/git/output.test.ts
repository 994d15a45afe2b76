/** Git output fitted to the answer: clip's cut and count, capList's bounds. */
import { describe, expect, it } from 'vitest'
import { capList, clip } from '../../../src/tools/git/support/output.js'

const ctx = (maxOutputSize: number) => ({ maxOutputSize, warn: () => {} })

describe('capList', () => {
  it('keeps at most 1,000 items and 16,384 characters', () => {
    expect(capList(Array.from({ length: 5_000 }, () => 'abc'))).toHaveLength(1000)
    expect(capList(Array.from({ length: 100 }, () => 'x'.repeat(1000)))).toHaveLength(16)
    expect(capList(['a', 'b'])).toEqual(['a', 'b'])
  })

  it('keeps the first item whatever its size: an empty list would say there is nothing', () => {
    expect(capList(['x'.repeat(20_000), 'y'])).toEqual(['x'.repeat(20_000)])
  })
})

describe('clip', () => {
  it('with the whole size given, cuts the head it gets and counts from that size', () => {
    const head = 'line\n'.repeat(1_000) // 5,000 bytes of a 1,000,000-byte output
    const out = clip(head, ctx(3_000), 'narrow it', 1_000_000)
    const m = /\n…\[truncated: (\d+) of 1000000 bytes omitted; narrow it\]$/.exec(out.text)
    expect(m).not.toBeNull()
    expect(Buffer.byteLength(out.text.slice(0, m!.index)) + Number(m![1])).toBe(1_000_000)
    expect(out.truncated).toBe(true)
  })

  it('leaves a text within the budget as it is', () => {
    expect(clip('short\n', ctx(3_000), 'narrow it')).toEqual({ text: 'short\n', truncated: false })
  })
})
