/**
 * `npm run bench:ab -- --before <other build's dist/server.js> [--tool fs_list] [--args '{...}']`:
 * one tool call on bench:files' data, against this checkout's build and another one served side
 * by side, called in turn (the order swapped every round) so that the machine's drift falls on
 * both. Prints each side's median and after ÷ before. The other build, e.g. of the commit before:
 * `git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/ && (cd /tmp/before && npm run build)`.
 * Passing this checkout's own dist/server.js as --before shows the noise (an A/A run).
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
  },
})
if (!values.before) throw new Error('--before <path to the other build’s dist/server.js> is required')
const args = JSON.parse(values.args) as Record<string, unknown>
const data = await benchData((m) => console.log(m))
const sides = [
  { name: 'before', server: await startToolgate(data.dir, path.resolve(values.before)), ms: [] as number[] },
  { name: 'after', server: await startToolgate(data.dir), ms: [] as number[] },
]
try {
  for (let i = 0; i < Number(values.warmup); i++) for (const s of sides) await s.server.call(values.tool, args)
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const s of round % 2 ? sides : [...sides].reverse()) {
      const t0 = performance.now()
      await s.server.call(values.tool, args)
      s.ms.push(performance.now() - t0)
    }
  }
  const [before, after] = sides.map((s) => median(s.ms))
  console.log(
    `${values.tool} ${values.args}, median of ${values.rounds} rounds: before ${before.toFixed(2)} ms, after ${after.toFixed(2)} ms, after ÷ before ${(after / before).toFixed(3)}`,
  )
} finally {
  for (const s of sides) await s.server.close()
}
