/**
 * The calls each caller has running at once on this instance (TOOLGATE_MAX_CALLS_IN_FLIGHT). The
 * rate limit bounds how often calls start; this bounds how many long ones (subagents, workflow
 * runs, commands) one key keeps going together.
 */
export class InFlight {
  private readonly counts = new Map<string, number>()
  constructor(readonly limit: number) {}

  /** Counts a call of `key` in; false, counting nothing, when `key` already has `limit` running. */
  enter(key: string): boolean {
    const n = this.counts.get(key) ?? 0
    if (n >= this.limit) return false
    this.counts.set(key, n + 1)
    return true
  }

  leave(key: string): void {
    const n = this.counts.get(key) ?? 0
    if (n <= 1) this.counts.delete(key)
    else this.counts.set(key, n - 1)
  }
}
