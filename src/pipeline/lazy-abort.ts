/**
 * An AbortController made only when a tool asks for its signal: most calls never look at it, and
 * creating one per call showed in the pipeline's profile. Aborting before anyone asked still
 * hands out an aborted signal later.
 */
export class LazyAbort {
  private controller?: AbortController
  private reason?: unknown
  aborted = false

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController()
      if (this.aborted) this.controller.abort(this.reason)
    }
    return this.controller.signal
  }

  abort(reason: unknown): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    this.controller?.abort(reason)
  }
}
