/**
 * The shared-memory ring that carries history rows from the answering thread to the writer's:
 * every row arrives once, whole and in order, across wrap-arounds, with any text; a full ring says
 * so instead of overwriting; and it holds up with the reader in another thread.
 */
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { RingReader, RingWriter, ringMemory } from '../../src/history/row-ring.js'

const pair = (bytes: number) => {
  const memory = ringMemory(bytes)
  return { writer: new RingWriter(memory), reader: new RingReader(memory), memory }
}

describe('history row ring', () => {
  it('hands over rows in order, and each only once', () => {
    const { writer, reader } = pair(1024)
    expect(reader.takeRows()).toEqual([])
    expect(writer.push('["a",1]')).toBe(true)
    expect(writer.push('["b",2]')).toBe(true)
    expect(reader.takeRows()).toEqual(['["a",1]', '["b",2]'])
    expect(reader.takeRows()).toEqual([])
    expect(writer.push('["c",3]')).toBe(true)
    expect(reader.take()).toBe('["c",3]\n')
  })

  it('keeps rows whole across many wrap-arounds, multi-byte text included', () => {
    const { writer, reader } = pair(500)
    const sent: string[] = []
    const got: string[] = []
    for (let i = 0; i < 2_000; i++) {
      // Lengths vary so that the wrap point falls everywhere; some rows carry 2-, 3- and 4-byte characters.
      const row = JSON.stringify([i, 'x'.repeat(i % 37), i % 5 === 0 ? 'é€😀' : ''])
      if (!writer.push(row)) {
        got.push(...reader.takeRows())
        expect(writer.push(row)).toBe(true)
      }
      sent.push(row)
      if (i % 7 === 0) got.push(...reader.takeRows())
    }
    got.push(...reader.takeRows())
    expect(got).toEqual(sent)
  })

  it('refuses a row it has no room for, and overwrites nothing', () => {
    const { writer, reader } = pair(100)
    const row = JSON.stringify(['0123456789'])
    let pushed = 0
    while (writer.push(row)) pushed++
    // Room is reserved for the worst case (3 bytes a character), so fewer than 100/15 fit.
    expect(pushed).toBeGreaterThan(0)
    expect(writer.push(row)).toBe(false)
    expect(reader.takeRows()).toEqual(Array(pushed).fill(row))
    expect(writer.push(row)).toBe(true)
    expect(reader.takeRows()).toEqual([row])
  })

  it('refuses a row larger than the whole ring', () => {
    const { writer, reader } = pair(64)
    expect(writer.push(JSON.stringify(['y'.repeat(100)]))).toBe(false)
    expect(reader.takeRows()).toEqual([])
  })

  it('delivers every row to a reader in another thread while the writer keeps writing', async () => {
    const memory = ringMemory(4096)
    const writer = new RingWriter(memory)
    // The reader thread takes rows until it sees the last one, then sends them all back. It loads
    // the TypeScript module through tsx, as the app's own worker does under tests.
    const module = new URL('../../src/history/row-ring.ts', import.meta.url).href
    const reader = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads')
       import('tsx/esm/api').then((tsx) => { tsx.register(); return import(workerData.module) }).then(({ RingReader }) => {
         const ring = new RingReader(workerData.memory)
         const rows = []
         const poll = () => {
           rows.push(...ring.takeRows())
           if (rows.length && rows[rows.length - 1] === '"end"') parentPort.postMessage(rows)
           else setImmediate(poll)
         }
         poll()
       })`,
      { eval: true, workerData: { memory, module } },
    )
    const sent: string[] = []
    let refused = 0
    for (let i = 0; i < 20_000; i++) {
      const row = JSON.stringify({ i, pad: 'z'.repeat(i % 50) })
      while (!writer.push(row)) {
        refused++
        await new Promise((r) => setImmediate(r))
      }
      sent.push(row)
    }
    while (!writer.push('"end"')) await new Promise((r) => setImmediate(r))
    const got = await new Promise<string[]>((resolve) => reader.once('message', resolve))
    await reader.terminate()
    expect(got.slice(0, -1)).toEqual(sent)
    // 20,000 rows through 4 KB: the writer must have found the ring full, and waited, many times.
    expect(refused).toBeGreaterThan(0)
  })
})
