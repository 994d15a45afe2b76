/** Content negotiation: quality values, then specificity, then the client's order; no Accept means the first offered. */
import { describe, expect, it } from 'vitest'
import { preferredType } from '../../src/lib/accept.js'
import { fastestRun } from '../support/fastest.js'

const OFFERED = ['application/json', 'application/x-ndjson']

describe('preferredType', () => {
  it.each([
    [undefined, 'application/json'],
    ['*/*', 'application/json'],
    ['application/x-ndjson', 'application/x-ndjson'],
    ['APPLICATION/X-NDJSON', 'application/x-ndjson'],
    ['application/json, application/x-ndjson', 'application/json'],
    ['application/x-ndjson, application/json', 'application/x-ndjson'],
    ['application/json;q=0.5, application/x-ndjson', 'application/x-ndjson'],
    ['application/*;q=0.9, application/x-ndjson;q=0.9', 'application/x-ndjson'],
    ['text/html', undefined],
    ['application/x-ndjson;q=0, application/json;q=0', undefined],
    ['garbage;;;,,', undefined],
  ])('%s → %s', (accept, type) => expect(preferredType(accept, OFFERED)).toBe(type))

  it('a long hostile header is judged quickly', () => {
    const accept = `${'a/b;q=0.1;'.repeat(1500)}, ${'x/'.repeat(2000)}`
    expect(preferredType(accept, OFFERED)).toBeUndefined()
    expect(fastestRun(() => preferredType(accept, OFFERED), 200)).toBeLessThan(200)
  })
})
