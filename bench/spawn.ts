/**
 * What starting a child process costs the server's event loop: `child_process.spawn` from this
 * process against `spawnConfined` through the launcher (src/sandbox/launch.ts), interleaved, in a
 * process holding as much memory as a server with PGlite (`--mb`, 700 by default; a fork copies
 * the page tables of all of it). Reports the time the call blocks the loop and a whole run of
 * `/bin/true`, p50 over the rounds. `npm run bench:spawn [-- --mb 700 --rounds 40]`
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import { createSandbox, DEFAULT_PATH, spawnConfined } from '../src/sandbox/index.js'

const { values } = parseArgs({ options: { mb: { type: 'string', default: '700' }, rounds: { type: 'string', default: '40' } } })
const held: Buffer[] = []
for (let i = 0; i < Number(values.mb); i++) held.push(Buffer.alloc(1 << 20, 1))

const off = createSandbox({ mode: 'off', memoryBytes: 1 << 30 })
const policy = { writable: [], network: false, cwd: '/', env: { PATH: DEFAULT_PATH } }
const ways = {
  'child_process.spawn': () => spawn('/bin/true', [], { stdio: ['ignore', 'pipe', 'pipe'] }),
  'launcher (sandbox off)': () => spawnConfined(off, ['/bin/true'], policy, { stdio: ['ignore', 'pipe', 'pipe'] }),
}

async function once_(start: () => { on(e: string, f: () => void): unknown }): Promise<[blocked: number, total: number]> {
  const t0 = performance.now()
  const child = start()
  const blocked = performance.now() - t0
  await once(child as never, 'close')
  return [blocked, performance.now() - t0]
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const results = new Map(Object.keys(ways).map((k) => [k, { blocked: [] as number[], total: [] as number[] }]))
for (const start of Object.values(ways)) await once_(start) // warm: the launcher starts on first use
for (let r = 0; r < Number(values.rounds); r++) {
  for (const [name, start] of Object.entries(ways)) {
    const [blocked, total] = await once_(start)
    results.get(name)!.blocked.push(blocked)
    results.get(name)!.total.push(total)
  }
}
console.log(`process holding ${values.mb} MB (rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB), ${values.rounds} rounds, p50:`)
for (const [name, r] of results)
  console.log(`  ${name.padEnd(24)} loop blocked ${p50(r.blocked).toFixed(2).padStart(6)} ms   whole run ${p50(r.total).toFixed(2).padStart(6)} ms`)
const [direct, launched] = [...results.values()].map((r) => p50(r.blocked))
console.log(`  the launcher blocks the loop ${(direct / launched).toFixed(1)}x less`)
process.exit(0)
