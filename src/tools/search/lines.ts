/**
 * Line bookkeeping for the JavaScript engine: a block of whole lines with lazily built line
 * starts, and the context emitter that turns match line ranges into the match and context lines
 * rg would print (-A/-B, ranges merged, context carried across the blocks of a large file).
 */
export interface Hit { kind: 'match' | 'context'; line: number; text: string }
/** Receives printed lines in order; false stops the whole search (the output is full). */
export type Emit = (hit: Hit) => boolean

/** Whole lines of text (ending in '\n'); line numbers are 1-based and absolute in the file. */
export class Lines {
  private starts: number[] | null = null
  constructor(readonly text: string, readonly first: number) {}

  private index(): number[] {
    if (this.starts) return this.starts
    const s = [0]
    const t = this.text
    for (let p = t.indexOf('\n'); p !== -1; p = t.indexOf('\n', p + 1)) s.push(p + 1)
    if (s[s.length - 1] !== t.length) s.push(t.length) // a last line without '\n'
    this.starts = s
    return s
  }

  get count(): number { return this.index().length - 1 }
  get last(): number { return this.first + this.count - 1 }

  /** Line number holding the character at `pos` (a '\n' belongs to the line it ends). */
  lineAt(pos: number): number {
    const s = this.index()
    let lo = 0
    let hi = s.length - 2
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (s[mid] <= pos) lo = mid
      else hi = mid - 1
    }
    return this.first + lo
  }

  /** Start offset of line `n`. */
  start(n: number): number { return this.index()[n - this.first] }

  /** Text of line `n` without its '\n'. */
  lineText(n: number): string {
    const s = this.index()
    const k = n - this.first
    const end = s[k + 1]
    return this.text.slice(s[k], this.text[end - 1] === '\n' ? end - 1 : end)
  }
}

/** Emits match ranges with their context, never printing a line twice. */
export class ContextEmitter {
  private lastEmitted = 0
  private afterUntil = 0
  private tail: string[] = []
  private tailFirst = 1
  lines = 0

  constructor(private readonly before: number, private readonly after: number, private readonly emit: Emit) {}

  private out(kind: Hit['kind'], n: number, block: Lines): boolean {
    this.lastEmitted = n
    if (kind === 'match') this.lines++
    const text = n >= block.first ? block.lineText(n) : this.tail[n - this.tailFirst]
    return this.emit({ kind, line: n, text })
  }

  /** Lines a..b of `block` matched. */
  range(block: Lines, a: number, b: number): boolean {
    const afterEnd = Math.min(this.afterUntil, a - 1)
    for (let n = this.lastEmitted + 1; n <= afterEnd; n++) if (!this.out('context', n, block)) return false
    for (let n = Math.max(a - this.before, this.lastEmitted + 1, 1); n < a; n++) if (!this.out('context', n, block)) return false
    for (let n = Math.max(a, this.lastEmitted + 1); n <= b; n++) if (!this.out('match', n, block)) return false
    this.afterUntil = b + this.after
    return true
  }

  /** The block is done: print its pending after-context, keep its last lines for before-context. */
  endBlock(block: Lines): boolean {
    const end = Math.min(this.afterUntil, block.last)
    for (let n = this.lastEmitted + 1; n <= end; n++) if (!this.out('context', n, block)) return false
    if (this.before > 0 && block.count > 0) {
      const from = Math.max(block.first, block.last - this.before + 1)
      const kept = from > block.first ? [] : this.tail.slice(Math.max(0, this.tail.length - (this.before - block.count)))
      const keptFirst = from > block.first ? from : block.first - kept.length
      for (let n = from; n <= block.last; n++) kept.push(block.lineText(n))
      this.tail = kept
      this.tailFirst = keptFirst
    }
    return true
  }
}
