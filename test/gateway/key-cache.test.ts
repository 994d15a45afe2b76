/**
 * How long a verified key is trusted without asking the database: five seconds while every
 * revocation is known to have been heard, under one when it is not, an hour during an outage;
 * never after its revocation, and never what a lookup read before a revocation.
 */
import { describe, expect, it } from 'vitest'
import { HEARD_MS, KeyCache, OUTAGE_GRACE_MS, UNHEARD_MS } from '../../src/auth/key-cache.js'
import type { Caller } from '../../src/tools/define.js'

const caller = (id: string): Caller => ({ id, name: id, scopes: ['read'], rateKey: `key:${id}`, workspace: '/ws' })
const T = 1_000_000

/** A cache whose channel has delivered every revocation up to `heard.upTo`. */
function cacheHearing(upTo: number) {
  const heard = { upTo }
  return { cache: new KeyCache(() => heard.upTo), heard }
}

describe('KeyCache', () => {
  it('trusts an entry for HEARD_MS while revocations are heard, and for under a second when they are not', () => {
    const { cache, heard } = cacheHearing(T)
    cache.set('Bearer a', { caller: caller('a'), at: T }, cache.generation)
    heard.upTo = T + 4_000
    expect(cache.fresh('Bearer a', T + 4_000)?.id).toBe('a')
    expect(cache.fresh('Bearer a', T + HEARD_MS)).toBeUndefined()
    // The channel went quiet at T + 1000: past UNHEARD_MS after that, the entry is asked for again.
    heard.upTo = T + 1_000
    expect(cache.fresh('Bearer a', T + 1_000 + UNHEARD_MS)?.id).toBe('a')
    expect(cache.fresh('Bearer a', T + 1_001 + UNHEARD_MS)).toBeUndefined()
    heard.upTo = 0
    expect(UNHEARD_MS).toBeLessThan(1_000)
    expect(cache.fresh('Bearer a', T + UNHEARD_MS - 1)?.id).toBe('a')
    expect(cache.fresh('Bearer a', T + UNHEARD_MS)).toBeUndefined()
  })

  it('lets a known key in during an outage for up to OUTAGE_GRACE_MS, an unknown one never', () => {
    const { cache } = cacheHearing(0)
    cache.set('Bearer a', { caller: caller('a'), at: T }, cache.generation)
    expect(cache.known('Bearer a', T + OUTAGE_GRACE_MS - 1)?.id).toBe('a')
    expect(cache.known('Bearer a', T + OUTAGE_GRACE_MS)).toBeUndefined()
    expect(cache.known('Bearer b', T)).toBeUndefined()
  })

  it('forgets a revoked key under every header, and does not cache a lookup that began before the revocation', () => {
    const { cache } = cacheHearing(T)
    cache.set('Bearer a', { caller: caller('a'), at: T }, cache.generation)
    cache.set('bearer  a', { caller: caller('a'), at: T }, cache.generation)
    cache.set('Bearer b', { caller: caller('b'), at: T }, cache.generation)
    const before = cache.generation
    cache.dropKey('a')
    for (const h of ['Bearer a', 'bearer  a']) {
      expect(cache.fresh(h, T)).toBeUndefined()
      expect(cache.known(h, T)).toBeUndefined()
    }
    expect(cache.fresh('Bearer b', T)?.id).toBe('b')
    cache.set('Bearer a', { caller: caller('a'), at: T }, before)
    expect(cache.known('Bearer a', T)).toBeUndefined()
    cache.clear()
    expect(cache.known('Bearer b', T)).toBeUndefined()
  })
})
