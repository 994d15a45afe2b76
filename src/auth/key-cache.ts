/**
 * Recently verified keys, by the Authorization header that carried them (process memory only), so
 * that a hot key costs no parsing, hashing or query. How long an entry is trusted depends on
 * whether revocations are being heard: a revocation reaches every instance within a second,
 * through the notification channel while it is fresh, through a sub-second lifetime when it is not.
 * During a database outage an entry is still good for tools that need no database.
 */
import type { Caller } from '../tools/define.js'

/** How long a verified key is trusted while revocations are heard at once. */
export const HEARD_MS = 5_000
/** How long when they may not be: under a second, so that a revocation still lands within one. */
export const UNHEARD_MS = 900
/** How old a verification may be to let a key in while the database is unreachable. */
export const OUTAGE_GRACE_MS = 60 * 60_000
const MAX_ENTRIES = 10_000

export interface CachedKey {
  caller: Caller
  /** When the lookup that verified it began. */
  at: number
}

export class KeyCache {
  private readonly entries = new Map<string, CachedKey>()
  /** Bumped by every revocation: a lookup that began before one must not cache what it read. */
  generation = 0

  /** `deliveredBefore`: every revocation committed before this time has been heard (0: none is sure). */
  constructor(private readonly deliveredBefore: () => number) {}

  /** The entry for `authorization` when it may be trusted now without asking the database. */
  fresh(authorization: string, now: number): Caller | undefined {
    const e = this.entries.get(authorization)
    if (!e) return undefined
    const age = now - e.at
    if (age < UNHEARD_MS) return e.caller
    // Older entries only while every revocation older than UNHEARD_MS is known to have arrived.
    return age < HEARD_MS && this.deliveredBefore() >= now - UNHEARD_MS ? e.caller : undefined
  }

  /** The entry for `authorization` when the database cannot be asked (an outage). */
  known(authorization: string, now: number): Caller | undefined {
    const e = this.entries.get(authorization)
    return e && now - e.at < OUTAGE_GRACE_MS ? e.caller : undefined
  }

  /** Caches a verification, unless a revocation came since its lookup began (`generation` then). */
  set(authorization: string, entry: CachedKey, generation: number): void {
    if (generation !== this.generation) return
    this.entries.delete(authorization)
    this.entries.set(authorization, entry)
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!)
  }

  delete(authorization: string): void {
    this.entries.delete(authorization)
  }

  /** Forgets a revoked key under every header that carried it. */
  dropKey(id: string): void {
    this.generation++
    for (const [k, v] of this.entries) if (v.caller.id === id) this.entries.delete(k)
  }

  /** Forgets everything: revocations may have been missed (the channel was away). */
  clear(): void {
    this.generation++
    this.entries.clear()
  }
}
