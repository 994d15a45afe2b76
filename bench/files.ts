/**
 * `npm run bench:files`: the figures issue 3 asks for, side by side in one run.
 *   1. Grep on a generated source tree of ≥ 50 MB (bench/files-data.ts): toolgate's Grep over real
 *      HTTP on loopback (files_with_matches and content; Grep runs rg) against `rg` and `grep -r`
 *      run directly on the same folder. Median of 5 runs each after a warm-up
 *      run (page cache warm for everyone). Target: toolgate ≤ 1.5 × rg + one HTTP round
 *      trip, the round trip being the median of `hello` calls.
 *   2. Read of the last 100 lines of a 1 GB file (offset = lines − 100, limit 100): median time
 *      (target < 50 ms) and the server's resident memory growth (target < 50 MB). The server runs in
 *      this process, so process.memoryUsage().rss is the server's (sampled every 5 ms for the peak).
 * The app is the real buildApp with the real loadConfig (PGlite in a temp data folder), listening
 * on 127.0.0.1.
 * Options (environment): BENCH_FILES_DIR (data folder, default /tmp/toolgate-bench), BENCH_RUNS (5).
 */
import { execFile } from 'node:child_process'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { benchData } from './files-data.js'

const RUNS = Number(process.env.BENCH_RUNS || 5)
const KEY = 'tg_bench_files_key_0123456789abcdef'
const CASES = [
  { mode: 'files_with_matches', pattern: 'useEffect', rg: ['-l'], grep: ['-rl'] },
  { mode: 'content', pattern: 'XYZZY_[0-9]+', rg: ['-n'], grep: ['-rnE'] },
] as const
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const ms = (x: number) => `${x.toFixed(1)} ms`
const pad = (s: string, n: number) => s.padEnd(n)

async function timed<T>(fn: () => Promise<T>, runs = RUNS): Promise<{ ms: number; first: number; last: T }> {
  const t = performance.now()
  let last = await fn() // warm-up
  const first = performance.now() - t
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    last = await fn()
    times.push(performance.now() - t0)
  }
  return { ms: median(times), first, last }
}

function run(cmd: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(cmd, args, { cwd, maxBuffer: 1 << 30 }, (err, stdout) => (err && err.code !== 1 ? reject(err) : resolve(String(stdout)))))
}

async function loadTools() {
  const { allTools } = await import('../src/tools/index.js')
  const { searchTools } = await import('../src/tools/search/index.js')
  const fileTools = await import('../src/tools/fs/index.js').then((m) => m.fileTools as typeof allTools).catch(() => [])
  const tools = [...new Map([...allTools, ...searchTools, ...fileTools].map((t) => [t.name, t])).values()]
  return { tools, hasRead: tools.some((t) => t.name === 'Read') }
}

async function main() {
  const log = (m: string) => console.log(m)
  const data = await benchData(log)
  const hasRg = await run('rg', ['--version'], data.dir).then((v) => v.split('\n')[0], () => null)
  const { loadConfig } = await import('../src/config.js')
  const { buildApp } = await import('../src/app.js')
  const { tools, hasRead } = await loadTools()
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-bench-files-'))
  const config = loadConfig({
    TOOLGATE_WORKSPACE: data.dir, TOOLGATE_DATA_DIR: dataDir, TOOLGATE_BOOTSTRAP_KEY: KEY, LOG_LEVEL: 'warn',
    TOOLGATE_RATE_LIMITS: '*=10000000/minute', TOOLGATE_HISTORY_FLUSH_MS: '50',
  })
  const app = await buildApp({ config, tools })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const post = async (tool: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/v1/tools/${tool}`, {
      method: 'POST', body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}`, 'x-max-output-size': String(64 << 20), ...headers },
    })
    const json = (await res.json()) as Record<string, any>
    if (res.status !== 200) throw new Error(`${tool} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`)
    return json
  }
  try {
    await Promise.all(Array.from({ length: 20 }, () => post('hello', {})))
    const rtt = (await timed(() => post('hello', {}), 51)).ms
    log(`\ntoolgate bench:files — ${os.cpus().length} CPUs, Node ${process.version}, ${hasRg ?? 'rg not installed'}`)
    log(`tree/: ${data.treeFiles} files, ${(data.treeBytes / 2 ** 20).toFixed(1)} MB;  big/huge.txt: ${(data.bigBytes / 2 ** 30).toFixed(2)} GB, ${data.bigLines} lines`)
    log(`HTTP round trip (hello, median of 51): ${ms(rtt)}\n`)
    log(`${pad('Grep', 24)}${pad('rg direct', 12)}${pad('grep -r', 12)}${pad('toolgate', 14)}${pad('vs rg', 8)}${pad('target ≤ 1.5×rg+rtt', 22)}same result`)
    for (const c of CASES) {
      const body = { pattern: c.pattern, path: 'tree', output_mode: c.mode }
      const rgRun = hasRg ? await timed(() => run('rg', [...c.rg, '-e', c.pattern, '--', 'tree'], data.dir)) : null
      const grepRun = await timed(() => run('grep', [...c.grep, '-e', c.pattern, '--', 'tree'], data.dir))
      const tgRg = hasRg ? await timed(() => post('Grep', body)) : null
      const lines = (s: string) => s.split('\n').filter(Boolean).length
      const same = tgRg !== null && lines(grepRun.last) === lines(tgRg.last.output) && (!rgRun || lines(rgRun.last) === lines(tgRg.last.output))
      const target = rgRun && tgRg ? 1.5 * rgRun.ms + rtt : null
      log(`${pad(`${c.mode === 'content' ? 'content' : 'files'} /${c.pattern}/`, 24)}${pad(rgRun ? ms(rgRun.ms) : 'n/a', 12)}${pad(ms(grepRun.ms), 12)}` +
        `${pad(tgRg ? ms(tgRg.ms) : 'n/a', 14)}${pad(rgRun && tgRg ? `${(tgRg.ms / rgRun.ms).toFixed(2)}×` : '', 8)}` +
        `${pad(target !== null && tgRg ? `${tgRg.ms <= target ? 'PASS' : 'FAIL'} (≤ ${ms(target)})` : 'n/a', 22)}` +
        `${same ? `yes (${lines(tgRg.last.output)} lines)` : tgRg ? 'NO' : 'n/a (Grep needs rg)'}`)
    }
    if (!hasRead) log('\nRead: not available')
    else {
      const offset = data.bigLines - 100
      const file = path.join(data.dir, 'big', 'huge.txt')
      const rss0 = process.memoryUsage().rss
      let peak = rss0
      const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss) }, 5)
      const read = await timed(() => post('Read', { file_path: file, offset, limit: 100 }))
      clearInterval(sampler)
      const rss1 = process.memoryUsage().rss
      const out = String(read.last.output)
      const ok = out.includes(String(data.bigLines - 1).padStart(10, '0')) && read.last.metadata?.lines === 100
      const growth = (Math.max(peak, rss1) - rss0) / 2 ** 20
      log(`\nRead last 100 lines of 1 GB (offset ${offset}, limit 100): median ${ms(read.ms)} ${read.ms < 50 ? 'PASS' : 'FAIL'} (target < 50 ms; first call ${ms(read.first)}); ` +
        `RSS growth ${growth.toFixed(1)} MB (peak), ${((rss1 - rss0) / 2 ** 20).toFixed(1)} MB after ${growth < 50 ? 'PASS' : 'FAIL'} (target < 50 MB); ` +
        `${ok ? 'last line present' : 'UNEXPECTED OUTPUT'}`)
    }
  } finally {
    await app.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
