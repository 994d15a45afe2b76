/** Writes bench:files' table under `## File tools` in docs/benchmarks.md, leaving other sections as they are. */
import { promises as fs } from 'node:fs'
import path from 'node:path'

const FILE = path.join(import.meta.dirname, '..', 'docs', 'benchmarks.md')
const HEADING = '## File tools'

export async function writeSection(setup: string, rows: string[]): Promise<void> {
  const section = [
    HEADING,
    '',
    'Command: `npm run bench:files` (bench/files.ts). toolgate (`node dist/server.js` in its own process, PGlite) is called over',
    "HTTP on loopback with a key (undici's `request()`: see below for why not `fetch`); the MCP reference filesystem server over",
    'stdio with the MCP SDK client; `rg` directly. Ratio:',
    'for the reference rows, reference ms ÷ toolgate ms (above 1 = toolgate faster); for Grep, toolgate ms ÷ rg ms. The second',
    "baseline for Grep is the same `rg` run in toolgate's sandbox (bwrap, as Grep runs it): its gap to `rg` is the sandbox's",
    "cost, the rest is toolgate's own. The setup line also times opening the big file through the workspace guard (every folder",
    'from the root opened through the one before it, links read, each step a thread-pool round trip) against a plain open:',
    'confinement paid by every file tool call, which the reference, checking the prefix of a realpath, does not pay. It gives',
    "each side's cheapest call and the bare transports under them (bench/floors.ts), taken in turns as the cases are. The",
    '"HTTP floor" rows do the tail\'s and the listing\'s work on bare Fastify with plain `fs` (bench/bare-files.ts: no key,',
    'guard, rate limit, validation or history), measured in the same rounds against the reference: what any HTTP server pays',
    'for these cases here before toolgate adds anything.',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${setup}.`,
    '',
    '| Case | toolgate | ms | Other | ms | Ratio | Target | | Same result |',
    '|---|---|---:|---|---:|---:|---|---|---|',
    ...rows,
    '',
  ].join('\n')
  const old = await fs.readFile(FILE, 'utf8').catch(() => '# Benchmarks\n')
  const start = old.indexOf(`${HEADING}\n`)
  let next = start === -1 ? -1 : old.indexOf('\n## ', start + HEADING.length)
  if (next !== -1) next += 1
  const text = start === -1 ? `${old.trimEnd()}\n\n${section}` : `${old.slice(0, start)}${section}${next === -1 ? '' : `\n${old.slice(next)}`}`
  await fs.mkdir(path.dirname(FILE), { recursive: true })
  await fs.writeFile(FILE, text)
}
