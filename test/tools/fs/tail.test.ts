/**
 * readTail on random files against a reference split: every line count, files with and without
 * a final newline, lines that cross the 64 KB chunks it reads backwards in.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readTail } from '../../../src/tools/fs/support/tail.js'

let dir: string
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-tail-'))
})
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

/** What `tail -n` shows: the last `n` lines, a final newline ending the last line. */
function reference(text: string, n: number): string {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text
  const lines = body.split('\n')
  return text === '' ? '' : lines.slice(Math.max(0, lines.length - n)).join('\n') + (text.endsWith('\n') ? '\n' : '')
}

async function tailOf(text: string, n: number): Promise<string> {
  const file = path.join(dir, 'f.txt')
  await fs.writeFile(file, text, 'latin1')
  const handle = await fs.open(file)
  try {
    const tail = await readTail(handle, text.length, n)
    const shown = text.slice(tail.from)
    // The bytes it read on the way, when it returns them, are exactly those lines.
    if (tail.bytes) expect(tail.bytes.toString('latin1')).toBe(shown)
    return shown
  } finally {
    await handle.close()
  }
}

describe('readTail', () => {
  it('finds the last lines as tail -n does, on small edge cases', async () => {
    for (const text of ['', '\n', 'a', 'a\n', 'a\nb', 'a\nb\n', '\n\n\n', 'a\n\nb\n\n']) {
      for (const n of [1, 2, 3, 10]) expect(await tailOf(text, n), `${JSON.stringify(text)} n=${n}`).toBe(reference(text, n))
    }
  })

  it('finds them across 64 KB chunks, on random files', async () => {
    let seed = 11
    const r = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
    for (let trial = 0; trial < 12; trial++) {
      const lines = Array.from({ length: 50 + Math.floor(r() * 4000) }, () => 'x'.repeat(Math.floor(r() * (r() < 0.05 ? 70_000 : 120))))
      const text = lines.join('\n') + (r() < 0.7 ? '\n' : '')
      for (const n of [1, 7, 100, lines.length - 1, lines.length + 5]) expect(await tailOf(text, n), `trial ${trial} n=${n}`).toBe(reference(text, n))
    }
  })
})
