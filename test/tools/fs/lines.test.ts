/**
 * The streaming line window against a plain reference (split the whole file): random files with
 * empty lines, CRLF, lines far longer than a chunk and no final newline; cold and warm (through
 * the line index), and the index forgotten when the file changes. The SIMD newline count against
 * the indexOf loop on random bytes.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHUNK_BYTES, countNewlines, readWindow } from '../../../src/tools/fs/support/lines.js'
import { clearLineIndexes, lineIndexFor } from '../../../src/tools/fs/support/line-index.js'

let dir: string
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-lines-'))
})
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

/** A seeded random generator, so a failure can be replayed. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
}

function reference(buf: Buffer, offset: number, limit: number, maxLineBytes: number) {
  const all = buf.toString('latin1').split('\n')
  if (buf.length > 0 && buf[buf.length - 1] === 10) all.pop()
  if (buf.length === 0) all.pop()
  const win = all.slice(offset, offset + limit)
  return {
    lines: win.map((l) => [l.slice(0, maxLineBytes), l.length] as const),
    total: all.length,
    more: offset + win.length < all.length,
  }
}

async function windowOf(file: string, offset: number, limit: number, maxLineBytes = 100) {
  const handle = await fs.open(file, 'r')
  try {
    const lines: Array<readonly [string, number]> = []
    const r = await readWindow(handle, await handle.stat(), {
      offset,
      limit,
      maxLineBytes,
      onLine: (head, length) => {
        lines.push([head.toString('latin1'), length])
        return true
      },
    })
    return { ...r, lines }
  } finally {
    await handle.close()
  }
}

function randomFile(seed: number, size: number): Buffer {
  const r = rng(seed)
  const parts: string[] = []
  let total = 0
  while (total < size) {
    // two lines longer than a chunk (and the chunk boundaries) somewhere in the middle
    const long = parts.length === 9000 || parts.length === 20000
    const len = long ? Math.floor((0.5 + r()) * 1.5 * CHUNK_BYTES) : r() < 0.1 ? 0 : Math.floor(r() * 200)
    const line = 'abcdefghij'.repeat(Math.ceil(len / 10)).slice(0, len) + (r() < 0.2 ? '\r' : '')
    parts.push(line)
    total += line.length + 1
  }
  const text = parts.join('\n') + (seed % 2 === 0 ? '\n' : '')
  return Buffer.from(text, 'latin1')
}

describe('readWindow', () => {
  it('matches the reference on small edge-case files', async () => {
    const cases = ['', '\n', 'a', 'a\n', 'a\nb', 'a\nb\n', '\n\n\n', 'x\r\ny\r\n', 'last line without newline\n\nz']
    for (const [i, text] of cases.entries()) {
      const file = path.join(dir, `small-${i}`)
      await fs.writeFile(file, text)
      for (const offset of [0, 1, 2, 3, 5]) {
        for (const limit of [1, 2, 10]) {
          clearLineIndexes()
          const got = await windowOf(file, offset, limit)
          const want = reference(Buffer.from(text), offset, limit, 100)
          expect(got.lines, `${JSON.stringify(text)} @${offset}+${limit}`).toEqual(want.lines)
          expect(got.more).toBe(want.more)
          expect(got.bytes).toBe(want.lines.reduce((s, [, len], k) => s + len + (offset + k < want.total - 1 || text.endsWith('\n') ? 1 : 0), 0))
          if (got.totalLines !== undefined) expect(got.totalLines).toBe(want.total)
        }
      }
    }
  })

  it('matches the reference on multi-chunk files, cold and through the line index', async () => {
    for (const seed of [1, 2, 3]) {
      const buf = randomFile(seed, 6 * CHUNK_BYTES)
      const file = path.join(dir, `big-${seed}`)
      await fs.writeFile(file, buf)
      const total = reference(buf, 0, 0, 1).total
      expect(total).toBeGreaterThan(20_000)
      clearLineIndexes()
      const offsets = [total - 5, 0, 8995, 19_999, 20_000, Math.floor(total / 2), total - 1, total, total + 3, 1, 9000, Math.floor(total / 3)]
      for (const offset of offsets) {
        const got = await windowOf(file, offset, 40)
        const want = reference(buf, offset, 40, 100)
        expect(got.lines, `seed ${seed} offset ${offset}`).toEqual(want.lines)
        expect(got.more).toBe(want.more)
        if (got.totalLines !== undefined) expect(got.totalLines).toBe(total)
      }
      // the deep reads left checkpoints and the total behind
      const idx = lineIndexFor(await fs.stat(file))
      expect(idx.pos.length).toBeGreaterThan(1)
      expect(idx.totalLines).toBe(total)
    }
  })

  it('stops where onLine refuses a line, and says more lines follow', async () => {
    const file = path.join(dir, 'refuse')
    await fs.writeFile(file, 'a\nb\nc\nd\n')
    const handle = await fs.open(file, 'r')
    const seen: string[] = []
    const r = await readWindow(handle, await handle.stat(), {
      offset: 1,
      limit: 10,
      maxLineBytes: 10,
      onLine: (h) => {
        if (seen.length === 2) return false
        seen.push(String(h))
        return true
      },
    })
    await handle.close()
    expect(seen).toEqual(['b', 'c'])
    expect(r).toMatchObject({ count: 2, bytes: 4, more: true })
  })

  it('forgets the line index when the file changes, even at the same size', async () => {
    const file = path.join(dir, 'changing')
    const a = Buffer.from(`${'x'.repeat(99)}\n`.repeat(30_000))
    await fs.writeFile(file, a)
    clearLineIndexes()
    expect((await windowOf(file, 29_990, 2)).lines).toEqual([
      ['x'.repeat(99), 99],
      ['x'.repeat(99), 99],
    ])
    const b = Buffer.from(`${'y'.repeat(49)}\n`.repeat(60_000)) // same size, twice the lines
    await fs.writeFile(file, b)
    expect((await windowOf(file, 59_998, 5)).lines).toEqual([
      ['y'.repeat(49), 49],
      ['y'.repeat(49), 49],
    ])
  })
})

describe('countNewlines', () => {
  it('counts the newlines before `length` only, at every length', () => {
    const r = rng(42)
    const buf = Buffer.alloc(1 << 16)
    for (let trial = 0; trial < 300; trial++) {
      const n = trial < 40 ? trial : Math.floor(r() * (1 << 16))
      const density = r()
      buf.fill(10) // stale bytes past `n` must not count
      for (let i = 0; i < n; i++) buf[i] = r() < density ? 10 : Math.floor(r() * 256)
      let want = 0
      for (let i = 0; i < n; i++) if (buf[i] === 10) want++
      expect(countNewlines(buf, n), `length ${n}`).toBe(want)
    }
  })

  it('counts a buffer made only of newlines', () => {
    expect(countNewlines(Buffer.alloc(1 << 20, 10), 1 << 20)).toBe(1 << 20)
  })
})
