/**
 * A sparse line index per file, kept in memory between calls. Reaching line 9,000,000 of a large
 * file means counting every newline before it once; the scan leaves behind checkpoints (byte
 * position → newlines before it, one per chunk), so paging on through the same file jumps
 * straight to the nearest checkpoint. An entry is valid only for the exact file version it was
 * built from (device, inode, size, mtime and ctime; ctime cannot be set back by a writer), and
 * only line counts are stored, never content. Bounded: a few hundred files, LRU.
 */
import type { Stats } from 'node:fs'

const MAX_FILES = 256
const MAX_POINTS = 1 << 16

export interface Checkpoint {
  pos: number
  lines: number
}

export class LineIndex {
  readonly pos: number[] = [0]
  /** Newlines in the file before `pos[i]`. */
  readonly lines: number[] = [0]
  /** Known once a read reached the end of the file. */
  totalLines?: number

  /** Records a checkpoint; positions arrive in any order, but each only once. */
  add(pos: number, lines: number): void {
    if (this.pos.length >= MAX_POINTS) return
    let i = this.pos.length
    while (i > 0 && this.pos[i - 1] > pos) i--
    if (this.pos[i - 1] === pos) return
    this.pos.splice(i, 0, pos)
    this.lines.splice(i, 0, lines)
  }

  /** The furthest checkpoint from which line `offset` (0-based) can still be found by scanning. */
  before(offset: number): Checkpoint {
    let lo = 0
    let hi = this.pos.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (this.lines[mid] < offset) lo = mid
      else hi = mid - 1
    }
    return { pos: this.pos[lo], lines: this.lines[lo] }
  }
}

const cache = new Map<string, LineIndex>()

const versionOf = (st: Stats) => `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`

/** The index of this exact file version, created empty when there is none. */
export function lineIndexFor(st: Stats): LineIndex {
  const key = versionOf(st)
  let idx = cache.get(key)
  if (idx !== undefined) {
    cache.delete(key) // re-insert: most recently used last
  } else {
    idx = new LineIndex()
    // another version of the same file is stale now
    const file = `${st.dev}:${st.ino}:`
    for (const k of cache.keys()) if (k.startsWith(file)) cache.delete(k)
    while (cache.size >= MAX_FILES) cache.delete(cache.keys().next().value as string)
  }
  cache.set(key, idx)
  return idx
}

/** For tests and benchmarks: forget every index. */
export function clearLineIndexes(): void {
  cache.clear()
}
