/** A notebook job's answer fitted in the worker to the caller's cap: strings cut shorter first, then the list its tool counts shortened. */
import { describe, expect, it } from 'vitest'
import { fitAnswer } from '../../src/notebook/worker.js'

const size = (v: unknown) => Buffer.byteLength(JSON.stringify(v, (_k, x) => (ArrayBuffer.isView(x) ? undefined : x)))

describe('fitAnswer', () => {
  it('fits 1,000 issues of 4,000 lone surrogates (24 MB of JSON) to 50,000 bytes, keeping bytes and totals', () => {
    const bytes = new Uint8Array(1_000_000)
    const answer = { issues: Array.from({ length: 1_000 }, (_, i) => ({ code: 'X', message: '\ud800'.repeat(4_000), n: i })), issuesTotal: 1_000, fixed: bytes }
    expect(size(answer)).toBeGreaterThan(24_000_000)
    const fitted = fitAnswer(answer, 50_000, (v) => v.issues)
    expect(size(fitted)).toBeLessThanOrEqual(50_000)
    expect(fitted.fixed).toBe(bytes)
    expect(fitted.issuesTotal).toBe(1_000)
    expect(fitted.issues.length).toBeGreaterThan(100)
    expect(fitted.issues[0]).toEqual({ code: 'X', message: `${'\ud800'.repeat(20)}… [3980 more characters]`, n: 0 })
    expect(answer.issues).toHaveLength(1_000) // the job's own value is left as it was
  })

  it('never shortens a list its tool does not count: strings are cut, the list is left whole', () => {
    const answer = { checks: Array.from({ length: 9 }, (_, i) => ({ id: `c${i}`, detail: 'd'.repeat(200) })), steps: [] as unknown[] }
    const fitted = fitAnswer(answer, 1_000, (v) => v.steps)
    expect(fitted.checks).toHaveLength(9)
    expect(fitted.checks[0].detail).toBe(`${'d'.repeat(20)}… [180 more characters]`)
  })

  it('leaves an answer within the cap as it is, strings up to 4,000 characters whole (positive control)', () => {
    const answer = { steps: [{ title: 'a'.repeat(3_000) }, { title: 'b' }], total: 2 }
    expect(fitAnswer(answer, 100_000)).toEqual(answer)
    expect((fitAnswer({ s: 'c'.repeat(5_000) }, 100_000) as { s: string }).s).toBe(`${'c'.repeat(4_000)}… [1000 more characters]`)
  })
})
