/**
 * Grep's rg engine: runs the `rg` binary (found once with `rg --version`) in the OS sandbox, seeing
 * the workspace read-only with a clean environment; parses its NUL-delimited output into the
 * shared GrepOutput, and kills it as soon as the output is full or the call is aborted. files_with_matches and count let rg search in
 * parallel and sort the (small) result here into the walker's order; content streams in path order.
 */
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { codedError, fail } from '../../errors.js'
import { DEFAULT_PATH, spawnConfined } from '../../sandbox/index.js'
import { parentIgnoreRules, rgArgs } from './rg-args.js'
import type { EngineRun, GrepJob } from './job.js'

const MAX_COLLECTED = 64 << 20
const MAX_STDERR = 8 << 10
let detected: Promise<string | null> | undefined

/** rg's version line when `rg` is on PATH, else null; asked once per process. */
export function detectRg(): Promise<string | null> {
  detected ??= new Promise((resolve) => {
    execFile('rg', ['--version'], { timeout: 5000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } }, (err, stdout) =>
      resolve(err ? null : String(stdout).split('\n')[0].trim() || null))
  })
  return detected
}

/** Walker order: folder by folder, names compared as strings (`a/b` < `a-b` < `a.txt`). */
export function byWalkOrder(a: string, b: string): number {
  const x = a.split('/')
  const y = b.split('/')
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1
  return x.length - y.length
}

const clean = (p: string) => (p.startsWith('./') ? p.slice(2) : p)

function rgError(stderr: string): Error {
  const text = stderr.trim().replace(/\n{2,}/g, '\n').slice(0, 600)
  if (/regex|not allowed in a regex/i.test(text)) {
    return codedError('VALIDATION_ERROR', `Invalid regex pattern (ripgrep syntax): ${text}`, { details: { parameter: 'pattern' } })
  }
  if (/glob/i.test(text)) return codedError('VALIDATION_ERROR', `Invalid glob: ${text}`, { details: { parameter: 'glob' } })
  return new Error(`rg failed: ${text}`) // a server fault: logged, never shown
}

/** The parent rules in a private temp file (a child's stdin is a socket, which rg cannot open). */
async function withIgnoreFile<T>(rules: string | null, fn: (file: string | null) => Promise<T>): Promise<T> {
  if (rules === null) return fn(null)
  const file = path.join(os.tmpdir(), `toolgate-rg-${crypto.randomUUID()}.ignore`)
  await fs.writeFile(file, rules, { flag: 'wx', mode: 0o600 })
  try {
    return await fn(file)
  } finally {
    await fs.rm(file, { force: true })
  }
}

export async function runRg(job: GrepJob): Promise<EngineRun> {
  if ((await detectRg()) === null) {
    fail('NOT_CONFIGURED', 'TOOLGATE_GREP_ENGINE=rg but the rg binary is not installed; install ripgrep or set TOOLGATE_GREP_ENGINE=auto')
  }
  return withIgnoreFile(parentIgnoreRules(job), (file) => spawnRg(job, file))
}

async function spawnRg(job: GrepJob, ignoreFile: string | null): Promise<EngineRun> {
  const sorted = job.mode === 'content'
  const child = spawnConfined(job.sandbox, ['rg', ...rgArgs(job, { ignoreFile, sorted })], {
    writable: [], readable: [job.root, ...(ignoreFile ? [ignoreFile] : [])], network: false, cwd: job.root, env: { PATH: DEFAULT_PATH },
  }, { stdio: ['ignore', 'pipe', 'pipe'] })
  const { out } = job
  const delim = job.mode === 'files_with_matches' ? 0 : 10
  const collected: { path: string; n: number }[] = []
  let size = 0
  let records = 0
  let pending = Buffer.alloc(0)
  let stderr = ''
  let stopped = false
  const stop = () => { stopped = true; child.kill('SIGKILL') }
  const onAbort = () => stop()
  job.signal.addEventListener('abort', onAbort, { once: true })
  if (job.signal.aborted) stop()

  const record = (rec: Buffer) => {
    records++
    const nul = rec.indexOf(0)
    if (job.mode === 'files_with_matches') return collected.push({ path: clean(rec.toString('utf8')), n: 1 })
    if (nul === -1) return // `--` between context groups: the shared output prints its own
    const file = clean(rec.subarray(0, nul).toString('utf8'))
    if (job.mode === 'count') return collected.push({ path: file, n: Number(rec.subarray(nul + 1).toString('latin1')) })
    let k = nul + 1
    while (rec[k] >= 48 && rec[k] <= 57) k++
    const n = Number(rec.subarray(nul + 1, k).toString('latin1'))
    const kind = rec[k] === 58 ? 'match' : 'context'
    if (!out.line(file, kind, n, rec.subarray(k + 1).toString('utf8'))) stop()
  }

  child.stdout!.on('data', (chunk: Buffer) => {
    if (stopped) return
    size += chunk.length
    let buf = pending.length ? Buffer.concat([pending, chunk]) : chunk
    for (let i = buf.indexOf(delim); i !== -1 && !stopped; i = buf.indexOf(delim)) {
      record(buf.subarray(0, i))
      buf = buf.subarray(i + 1)
    }
    pending = Buffer.from(buf)
    if (size > MAX_COLLECTED && !sorted) { out.truncated = true; stop() }
  })
  child.stderr!.on('data', (chunk: Buffer) => { if (stderr.length < MAX_STDERR) stderr += chunk.toString('utf8') })

  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (c) => resolve(c))
  }).finally(() => job.signal.removeEventListener('abort', onAbort))
  job.signal.throwIfAborted()
  if (code === 2 && records === 0 && stderr.trim() !== '') throw rgError(stderr)

  collected.sort((a, b) => byWalkOrder(a.path, b.path))
  for (const { path, n } of collected) {
    if (!(job.mode === 'count' ? out.count(path, n) : out.file(path))) break
  }
  return { engine: 'rg', skippedLarge: [] }
}
