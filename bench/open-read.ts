/**
 * `npx tsx bench/open-read.ts`: a diagnostic, not a contract. Where fs_read's tail spends its own
 * time, in this process with no HTTP: the last 64 KB of bench:files' 300 MB file read through the
 * workspace guard (src/workspace/, as fs_read opens it), with a plain `fs.promises` open, with
 * synchronous calls, and one empty thread-pool round trip; a file four folders deep opened through
 * the guard and plainly. Each called back to back and after a 2 ms pause (the server between an
 * agent's calls). Prints the median and p90 in µs.
 */
import fs from 'node:fs'
import { readTail } from '../src/tools/fs/support/tail.js'
import { openForRead } from '../src/workspace/index.js'
import { benchData } from './files-data.js'

const { dir } = await benchData((m) => console.log(m))
const file = `${dir}/big/huge.txt`
const DEEP = 'tree/pkg3/src/module5/file11.py'
const cases: Record<string, () => Promise<unknown>> = {
  'through the guard': async () => {
    const opened = await openForRead(dir, 'big/huge.txt')
    await readTail(opened.handle, opened.stat.size, 100)
    await opened.handle.close()
  },
  'fs.promises open': async () => {
    const handle = await fs.promises.open(file, 'r')
    await readTail(handle, (await handle.stat()).size, 100)
    await handle.close()
  },
  synchronous: async () => {
    const fd = fs.openSync(file, 'r')
    const size = fs.fstatSync(fd).size
    fs.readSync(fd, Buffer.allocUnsafe(65536), 0, 65536, size - 65536)
    fs.closeSync(fd)
  },
  'one thread-pool round trip': () => fs.promises.access(dir),
  // Opening alone, four folders deep: the guard opens the folder whole, not level by level.
  'deep file: open via the guard': async () => (await openForRead(dir, DEEP)).handle.close(),
  'deep file: plain open': async () => (await fs.promises.open(`${dir}/${DEEP}`, 'r')).close(),
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
for (const pause of [0, 2]) {
  for (const [name, run] of Object.entries(cases)) {
    for (let i = 0; i < 100; i++) await run()
    const us: number[] = []
    for (let i = 0; i < 1000; i++) {
      if (pause) await sleep(pause)
      const t0 = performance.now()
      await run()
      us.push((performance.now() - t0) * 1000)
    }
    us.sort((a, b) => a - b)
    console.log(`${pause ? 'after a 2 ms pause' : 'back to back'}  ${name.padEnd(28)} median ${us[500].toFixed(0)} µs, p90 ${us[900].toFixed(0)} µs`)
  }
}
