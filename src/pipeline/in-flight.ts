/**
 * The calls each caller has running at once on this instance (TOOLGATE_MAX_CALLS_IN_FLIGHT). The
 * rate limit bounds how often calls start; this bounds how many long ones (subagents, workflow
 * runs, commands) one key keeps going together.
 */
export class InFlight {
  private readonly counts = new Map<string, number>()
  constructor(readonly limit: number) {}

  /** Counts a call of `key` in and returns its leave; null, counting nothing, when `key` already has `limit` running. */
  enter(key: string): (() => void) | null {
    return (this.counts.get(key) ?? 0) >= this.limit ? null : this.occupy(key)
  }

  /**
   * Counts in work a person let go on (an approved call, a workflow run continued after an approval
   * or a restart): it is not refused, but the caller's own new calls wait for it. Returns its leave.
   */
  occupy(key: string): () => void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
    let left = false
    return () => {
      if (!left) this.leave(key)
      left = true
    }
  }

  private leave(key: string): void {
    const n = this.counts.get(key) ?? 0
    if (n <= 1) this.counts.delete(key)
    else this.counts.set(key, n - 1)
  }
}
