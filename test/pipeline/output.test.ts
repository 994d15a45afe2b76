/** capOutput, the X-Max-Output-Size cap: what fits is left alone (unserialized), what does not is cut to fit and says so. */
import { describe, expect, it } from 'vitest'
import { capOutput } from '../../src/pipeline/output.js'

const size = (v: unknown) => Buffer.byteLength(JSON.stringify(v))

describe('capOutput', () => {
  it('returns a result that fits as it is, however it is nested', () => {
    const output = { success: true, output: 'é\n"'.repeat(1000), metadata: { entries: Array(500).fill('name'), when: new Date(0), n: 1 } }
    const messages: string[] = []
    expect(capOutput(output, size(output), messages)).toBe(output)
    expect(capOutput(output, 10 * size(output), messages)).toBe(output)
    expect(messages).toEqual([])
  })

  it('measures what a toJSON writes, however it is hidden, rather than bounding what it holds', () => {
    const big = 'y'.repeat(5000)
    const hidden = Object.create(null)
    Object.defineProperty(hidden, 'toJSON', { value: () => big })
    for (const [label, inner] of [
      ['own', Object.assign([1], { toJSON: () => big })],
      ['hidden', hidden],
      ['Date', new Date(0)],
    ] as const) {
      const output = { output: 'x'.repeat(3000), metadata: { inner } }
      const messages: string[] = []
      const max = Buffer.byteLength(JSON.stringify(output)) - 100
      const capped = capOutput(output, max, messages) as typeof output
      expect(messages, label).toHaveLength(1)
      expect(Buffer.byteLength(JSON.stringify(capped))).toBeLessThanOrEqual(max)
    }
  })

  it('cuts the longest string of a result one byte too large, flags it and fits exactly within the cap', () => {
    for (const text of ['a'.repeat(5000), '\u0001"\n'.repeat(2000), '😀'.repeat(2000)]) {
      const output = { success: true, output: text, error: null, metadata: { entries: Array(50).fill('x') } as { entries: string[]; truncated?: boolean } }
      const messages: string[] = []
      const max = size(output) - 1
      const capped = capOutput(output, max, messages) as typeof output
      expect(size(capped)).toBeLessThanOrEqual(max)
      expect(capped.output).toMatch(/truncated/)
      expect(capped.metadata.truncated).toBe(true)
      expect(capped.metadata.entries).toHaveLength(50)
      expect(messages[0]).toMatch(/X-Max-Output-Size/)
      expect(output.output).toBe(text) // the tool's own object is not changed
    }
  })
})
