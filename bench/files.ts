/**
 * `npm run bench:files`: the file-tool performance contract of issue 14, in one run.
 *   - toolgate against the MCP reference filesystem server (@modelcontextprotocol/server-filesystem):
 *     the last 100 lines of a 300 MB file (fs_read tail / read_text_file tail), find by name (Glob /
 *     search_files), a 5,000-entry folder (fs_list / list_directory, and with sizes). Each measured
 *     end to end from a client (bench/files-reference.ts). Target: speed ratio (reference ms ÷
 *     toolgate ms) ≥ 1.
 *   - Grep against plain `rg` on the same ≥ 50 MB tree. Target: toolgate ms ÷ rg ms ≤ 1.5. A second
 *     baseline, the same `rg` in toolgate's sandbox (bwrap, as every child process runs), shows what
 *     the sandbox costs and what is toolgate's own.
 * Rounds are interleaved (each case's sides alternate, the order swapped every round); medians are
 * compared. Each side's cheapest call, and a bare HTTP server and stdio echo (bench/floors.ts), are
 * timed the same way: what a round trip costs before any tool work. The table is printed and written under `## File tools` in docs/benchmarks.md.
 * Options (environment): BENCH_FILES_DIR (data, default /tmp/toolgate-bench), BENCH_ROUNDS (25),
 * BENCH_WARMUP (calls per side before measuring, 20).
 */
import { execFile } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { benchData } from './files-data.js'
import { bareFastify, bareFiles, bareHttp, bareStdio } from './floors.js'
import { startReference, startToolgate } from './files-reference.js'
import { writeSection } from './files-report.js'
import { median } from './stats.js'

const ROUNDS = Number(process.env.BENCH_ROUNDS || 25)
// Both servers run each case this often before it is measured: V8 has compiled their paths by then.
const WARMUP = Number(process.env.BENCH_WARMUP || 20)

interface Side {
  name: string
  run: () => Promise<string>
}
interface Case {
  label: string
  kind: 'reference' | 'rg'
  sides: [toolgate: Side, other: Side]
  /**
   * Measured in the same rounds, reported on a row of its own: the same rg in the sandbox (a
   * second baseline for toolgate), or the case's work on bare Fastify (the HTTP floor, against the reference).
   */
  third?: { side: Side; kind: 'second baseline' | 'HTTP floor' }
  same: (a: string, b: string) => boolean
}

function run(file: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(file, args, { cwd, maxBuffer: 1 << 30 }, (err, stdout) => (err && err.code !== 1 ? reject(err) : resolve(String(stdout)))),
  )
}
const rg = (args: string[], cwd: string) => run('rg', args, cwd)

/** `rg args` as Grep runs it: in toolgate's sandbox, seeing `dir` read-only (src/tools/search/engine/rg.ts). */
async function sandboxedRg(dir: string): Promise<(args: string[]) => Promise<string>> {
  const { createSandbox, spawnConfined } = await import('../src/sandbox/index.js')
  const { rgPolicy } = await import('../src/tools/search/engine/rg.js')
  const sandbox = createSandbox({ mode: 'bwrap', memoryBytes: 4096 * 1024 * 1024 })
  // By its real path, as Grep names it: the sandbox binds what it opens by descriptor.
  const bin = await run('sh', ['-c', 'realpath "$(command -v rg)"'], dir).then((p) => p.trim())
  return (args) =>
    new Promise((resolve, reject) => {
      const run = rgPolicy(sandbox, dir, bin, null)
      const child = spawnConfined(sandbox, [run.rg, ...args], run.policy, { stdio: ['ignore', 'pipe', 'ignore'] })
      const out: Buffer[] = []
      child.stdout?.on('data', (d: Buffer) => out.push(d))
      child.once('error', reject)
      child.once('close', (code) => (code === 0 || code === 1 ? resolve(Buffer.concat(out).toString()) : reject(new Error(`rg in bwrap exited with ${code}`))))
    })
}

/**
 * What confinement costs a file tool before it reads a byte: opening `rel` through the workspace
 * guard (every folder from the root opened in turn, links read, each a thread-pool round trip)
 * against a plain open, in this process, median ms of 200 each.
 */
async function guardedOpen(dir: string, rel: string): Promise<{ guarded: number; plain: number }> {
  const { openForRead } = await import('../src/workspace/open.js')
  const time = async (open: () => Promise<{ close(): Promise<void> }>) => {
    const ms: number[] = []
    for (let i = 0; i < 220; i++) {
      const t = performance.now()
      await (await open()).close()
      if (i >= 20) ms.push(performance.now() - t)
    }
    return median(ms)
  }
  const { open } = await import('node:fs/promises')
  return {
    guarded: await time(async () => (await openForRead(dir, rel)).handle),
    plain: await time(() => open(path.join(dir, rel))),
  }
}

const lines = (s: string) => s.split('\n').filter((l) => l.trim() !== '')
const lastLine = (s: string) => lines(s).at(-1)

/** Interleaved rounds: every side once per round, the order reversed every other round, after a few warm-up calls each. */
async function measure(c: Case): Promise<{ ms: number[]; same: boolean[] }> {
  const sides = c.third ? [...c.sides, c.third.side] : c.sides
  for (let i = 1; i < WARMUP; i++) for (const side of sides) await side.run()
  const outs: string[] = []
  for (const side of sides) outs.push(await side.run())
  const times: number[][] = sides.map(() => [])
  const order = sides.map((_, i) => i)
  for (let r = 0; r < ROUNDS; r++) {
    for (const i of r % 2 === 0 ? order : [...order].reverse()) {
      const t = performance.now()
      outs[i] = await sides[i].run()
      times[i].push(performance.now() - t)
    }
  }
  return { ms: times.map(median), same: outs.slice(1).map((o) => c.same(outs[0], o)) }
}

// The cheapest calls are quick: more rounds than the cases, for a steady median.
const CHEAPEST_ROUNDS = 60
const CHEAPEST_WARMUP = 20
interface Cheapest {
  hello: number
  reference: number
  fastify: number
  http: number
  stdio: number
}

/** Median ms of each side's cheapest call and of the bare transports, taken in turns (the order reversed every other round). */
async function measureCheapest(calls: Record<keyof Cheapest, () => Promise<unknown>>): Promise<Cheapest> {
  const names = Object.keys(calls) as (keyof Cheapest)[]
  const times = new Map(names.map((n) => [n, [] as number[]]))
  for (let r = 0; r < CHEAPEST_WARMUP + CHEAPEST_ROUNDS; r++) {
    for (const name of r % 2 === 0 ? names : [...names].reverse()) {
      const t = performance.now()
      await calls[name]()
      if (r >= CHEAPEST_WARMUP) times.get(name)!.push(performance.now() - t)
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(times.get(n)!)])) as unknown as Cheapest
}

async function main() {
  const log = (m: string) => console.log(m)
  const data = await benchData(log)
  const rgVersion = await rg(['--version'], data.dir).then((v) => v.split('\n')[0])
  const boxedRg = await sandboxedRg(data.dir)
  const tg = await startToolgate(data.dir)
  const ref = await startReference(data.dir)
  const floors = { fastify: await bareFastify(), http: await bareHttp(), stdio: await bareStdio() }
  const bare = await bareFiles(data.dir)
  const abs = (p: string) => path.join(data.dir, p)
  const text = (p: Promise<{ text: string }>) => p.then((r) => r.text)
  const cases: Case[] = [
    // the reference's tail gives 99 lines when the file ends with a newline: compare the last line
    {
      label: 'last 100 lines of 300 MB',
      kind: 'reference',
      same: (a, b) => lastLine(a) === lastLine(b) && lines(a).length === 100,
      sides: [
        { name: 'fs_read tail', run: () => text(tg.call('fs_read', { path: 'big/huge.txt', tail: 100 })) },
        { name: 'read_text_file tail', run: () => text(ref.call('read_text_file', { path: abs('big/huge.txt'), tail: 100 })) },
      ],
      third: { kind: 'HTTP floor', side: { name: 'bare Fastify tail, plain fs', run: () => bare.text('tail', { path: 'big/huge.txt', tail: 100 }) } },
    },
    {
      label: 'find by name (**/file1*.ts)',
      kind: 'reference',
      same: (a, b) => lines(a).length === lines(b).length,
      sides: [
        { name: 'Glob', run: () => text(tg.call('Glob', { pattern: '**/file1*.ts', path: 'tree' })) },
        { name: 'search_files', run: () => text(ref.call('search_files', { path: abs('tree'), pattern: '**/file1*.ts' })) },
      ],
    },
    {
      label: 'list 5,000 entries',
      kind: 'reference',
      same: (a, b) => lines(a).length === lines(b).length,
      sides: [
        { name: 'fs_list', run: () => text(tg.call('fs_list', { path: 'wide' })) },
        { name: 'list_directory', run: () => text(ref.call('list_directory', { path: abs('wide') })) },
      ],
      third: { kind: 'HTTP floor', side: { name: 'bare Fastify listing, plain fs', run: () => bare.text('list', { path: 'wide' }) } },
    },
    {
      label: 'list 5,000 entries, sizes',
      kind: 'reference',
      same: (a, b) => lines(a).length + 2 === lines(b).length, // its two summary lines
      sides: [
        { name: 'fs_list details', run: () => text(tg.call('fs_list', { path: 'wide', details: true })) },
        { name: 'list_directory_with_sizes', run: () => text(ref.call('list_directory_with_sizes', { path: abs('wide') })) },
      ],
    },
    {
      label: 'Grep files /useEffect/',
      kind: 'rg',
      same: (a, b) => lines(a).length === lines(b).length,
      sides: [
        { name: 'Grep', run: () => text(tg.call('Grep', { pattern: 'useEffect', path: 'tree' })) },
        { name: 'rg -l', run: () => rg(['-l', '-e', 'useEffect', '--', 'tree'], data.dir) },
      ],
      third: { kind: 'second baseline', side: { name: 'rg -l in bwrap', run: () => boxedRg(['-l', '-e', 'useEffect', '--', 'tree']) } },
    },
    {
      label: 'Grep content /XYZZY_[0-9]+/',
      kind: 'rg',
      same: (a, b) => lines(a).length === lines(b).length,
      sides: [
        { name: 'Grep', run: () => text(tg.call('Grep', { pattern: 'XYZZY_[0-9]+', path: 'tree', output_mode: 'content' })) },
        { name: 'rg -n', run: () => rg(['-n', '-e', 'XYZZY_[0-9]+', '--', 'tree'], data.dir) },
      ],
      third: { kind: 'second baseline', side: { name: 'rg -n in bwrap', run: () => boxedRg(['-n', '-e', 'XYZZY_[0-9]+', '--', 'tree']) } },
    },
  ]
  const rows: string[] = []
  let cheapest: Cheapest = { hello: 0, reference: 0, fastify: 0, http: 0, stdio: 0 }
  let rss = 0
  let opening = { guarded: 0, plain: 0 }
  try {
    // The cheapest call on each side, taken in turns as the cases are: toolgate's `hello`, the
    // reference's `list_allowed_directories`, and the bare transports under them.
    cheapest = await measureCheapest({
      hello: () => tg.call('hello', {}),
      reference: () => ref.call('list_allowed_directories', {}),
      fastify: floors.fastify.call,
      http: floors.http.call,
      stdio: floors.stdio.call,
    })
    const { hello: rtt, reference: refRtt } = cheapest
    for (const c of cases) {
      const { ms, same } = await measure(c)
      const ratio = c.kind === 'reference' ? ms[1] / ms[0] : ms[0] / ms[1]
      const pass = c.kind === 'reference' ? ratio >= 1 : ratio <= 1.5
      const target = c.kind === 'reference' ? 'speed ≥ 1×' : 'time ≤ 1.5× rg'
      const row = (other: Side, otherMs: number, r: number, target: string, verdict: string, same: boolean) =>
        `| ${c.label} | ${c.sides[0].name} | ${ms[0].toFixed(1)} | ${other.name} | ${otherMs.toFixed(1)} | ${r.toFixed(2)}× | ${target} | ${verdict} | ${same ? 'yes' : 'NO'} |`
      rows.push(row(c.sides[1], ms[1], ratio, target, pass ? 'PASS' : 'FAIL', same[0]))
      if (c.kind === 'reference') {
        // Each side less its own cheapest call (toolgate's `hello` over HTTP, the reference's over stdio): the tools' own work.
        const net = (ms[1] - refRtt) / (ms[0] - rtt)
        rows.push(
          `| ${c.label}, net of the cheapest call | ${c.sides[0].name} − hello | ${(ms[0] - rtt).toFixed(1)} | ${c.sides[1].name} − list_allowed_directories | ${(ms[1] - refRtt).toFixed(1)} | ${net.toFixed(2)}× | tools' own work |  | |`,
        )
      }
      if (c.third?.kind === 'second baseline') rows.push(row(c.third.side, ms[2], ms[0] / ms[2], 'second baseline', '', same[1]))
      if (c.third?.kind === 'HTTP floor') {
        // No toolgate on this row: the same work on bare Fastify against the reference ("same": as toolgate's result).
        rows.push(
          `| ${c.label}, HTTP floor | ${c.third.side.name} | ${ms[2].toFixed(1)} | ${c.sides[1].name} | ${ms[1].toFixed(1)} | ${(ms[1] / ms[2]).toFixed(2)}× | no toolgate |  | ${same[1] ? 'yes' : 'NO'} |`,
        )
      }
      log(rows.slice(-(1 + (c.third ? 1 : 0) + (c.kind === 'reference' ? 1 : 0))).join('\n'))
    }
    rss = await tg.rssMb()
    opening = await guardedOpen(data.dir, 'big/huge.txt')
  } finally {
    await ref.close()
    await tg.close()
    for (const floor of [...Object.values(floors), bare]) await floor.stop()
  }
  const setup =
    `${os.cpus().length} CPUs (${os.loadavg()[0].toFixed(1)} load), Node ${process.version}, ${rgVersion}, ` +
    `@modelcontextprotocol/server-filesystem ${ref.version}; median of ${ROUNDS} interleaved rounds after ${WARMUP} warm-up calls a side; the cheapest calls, medians of ${CHEAPEST_ROUNDS} rounds in turns: toolgate's \`hello\` ${cheapest.hello.toFixed(2)} ms over HTTP (undici), the same route on bare Fastify ${cheapest.fastify.toFixed(2)} ms, a bare node:http server ${cheapest.http.toFixed(2)} ms; the reference's \`list_allowed_directories\` ${cheapest.reference.toFixed(2)} ms over stdio, a bare stdio echo ${cheapest.stdio.toFixed(2)} ms; toolgate's resident memory ${rss.toFixed(0)} MB at the end; ` +
    `opening big/huge.txt through the workspace guard ${opening.guarded.toFixed(2)} ms against ${opening.plain.toFixed(2)} ms for a plain open (in the bench's process); ` +
    `tree ${data.treeFiles} files (${(data.treeBytes / 2 ** 20).toFixed(0)} MB), big file ${(data.bigBytes / 2 ** 20).toFixed(0)} MB (${data.bigLines} lines)`
  await writeSection(setup, rows)
  log(`\n${setup}\nwritten to docs/benchmarks.md (## File tools)`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
