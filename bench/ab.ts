/**
 * `npm run bench:ab -- --before <other build's dist/server.js> [--tool fs_list] [--args '{...}']`:
 * one tool call on bench:files' data, against this checkout's build and another one served side
 * by side, called in turn (the order swapped every round) so that the machine's drift falls on
 * both. Prints each side's median and after ÷ before. The other build, e.g. of the commit before:
 * `git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/ && (cd /tmp/before && npm run build)`.
 * Passing this checkout's own dist/server.js as --before shows the noise (an A/A run).
 * `--load N`: throughput instead, N callers at once for 3 s a side each round (what a second
 * core hides from calls in turn, such as the database's thread, shows here).
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { benchData } from './files-data.js'
import { startToolgate } from './files-reference.js'
import { median } from './stats.js'

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    tool: { type: 'string', default: 'fs_list' },
    args: { type: 'string', default: '{"path":"wide","details":true}' },
    rounds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    load: { type: 'string', default: '0' },
  },
})
if (!values.before) throw new Error('--before <path to the other build’s dist/server.js> is required')
const args = JSON.parse(values.args) as Record<string, unknown>

async function timed(call: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now()
  await call()
  return performance.now() - t0
}

/** Calls answered per second by `callers` callers calling one after another for 3 s. */
async function callsPerSecond(call: () => Promise<unknown>, callers: number): Promise<number> {
  let answered = 0
  const end = performance.now() + 3000
  const caller = async () => {
    for (; performance.now() < end; answered++) await call()
  }
  await Promise.all(Array.from({ length: callers }, caller))
  return answered / 3
}
const data = await benchData((m) => console.log(m))
const sides = [
  { name: 'before', server: await startToolgate(data.dir, path.resolve(values.before)), readings: [] as number[] },
  { name: 'after', server: await startToolgate(data.dir), readings: [] as number[] },
]
try {
  for (let i = 0; i < Number(values.warmup); i++) for (const s of sides) await s.server.call(values.tool, args)
  const load = Number(values.load)
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const s of round % 2 ? sides : [...sides].reverse()) {
      if (load > 0) s.readings.push(await callsPerSecond(() => s.server.call(values.tool, args), load))
      else s.readings.push(await timed(() => s.server.call(values.tool, args)))
    }
  }
  const [before, after] = sides.map((s) => median(s.readings))
  const unit = load > 0 ? ` calls/s with ${load} callers` : ' ms'
  console.log(
    `${values.tool} ${values.args}, median of ${values.rounds} rounds: before ${before.toFixed(2)}${unit}, after ${after.toFixed(2)}${unit}, after ÷ before ${(after / before).toFixed(3)}`,
  )
} finally {
  for (const s of sides) await s.server.close()
}
