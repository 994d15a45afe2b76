/**
 * Grep runs ripgrep, whose regexes match in linear time, in another process: a caller's pattern
 * can never stall the event loop. `rg` (TOOLGATE_RG) runs in the OS sandbox, seeing the workspace
 * read-only with a clean environment; its NUL-delimited output is parsed into GrepOutput, and it is
 * killed as soon as the output is full or the call is aborted. rg searches in parallel and the
 * result is sorted here into path order (folder by folder); content that outgrows the answer is
 * searched again by rg in path order (`--sort path`, one thread), streamed and cut where the answer
 * is full. Without rg, Grep answers 503 GREP_NOT_AVAILABLE saying how to install it.
 */
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import { accessSync, constants, promises as fs, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import { codedError, fail } from '../../../errors.js'
import { sortInSlices } from '../../../lib/sort-in-slices.js'
import { DEFAULT_PATH, realTmpdir, type Sandbox, type SandboxPolicy, spawnConfined } from '../../../sandbox/index.js'
import { grepIgnoreRules, rgArgs } from './rg-args.js'
import type { GrepJob } from './job.js'

const MAX_COLLECTED = 64 << 20
const MAX_STDERR = 8 << 10
export interface Rg {
  path: string
  version: string
}
const checked = new Map<string, Promise<Rg | null>>()

/** Absolute path of `bin` (a name looked up on the server's PATH, or an absolute path) when it is an executable file. */
function locate(bin: string): string | null {
  const dirs = path.isAbsolute(bin) ? [''] : (process.env.PATH || DEFAULT_PATH).split(':').filter((d) => path.isAbsolute(d))
  for (const dir of dirs) {
    const file = dir === '' ? bin : path.join(dir, bin)
    try {
      accessSync(file, constants.X_OK)
      // By its real path: the sandbox binds it by descriptor, checked to be what it names.
      if (statSync(file).isFile()) return realpathSync(file)
    } catch {
      /* next */
    }
  }
  return null
}

/** The rg binary `bin` names, looked up on each call (installing rg needs no restart); `rg --version` checked once per file. */
export async function detectRg(bin: string): Promise<Rg | null> {
  const file = locate(bin)
  if (file === null) return null
  let rg = checked.get(file)
  if (!rg) {
    rg = new Promise<Rg | null>((resolve) => {
      execFile(file, ['--version'], { timeout: 5000, env: { PATH: DEFAULT_PATH } }, (err, stdout) => {
        const version = String(stdout).split('\n')[0].trim()
        resolve(err || !version.startsWith('ripgrep') ? null : { path: file, version })
      })
    })
    checked.set(file, rg)
    void rg.then((r) => {
      if (r === null) checked.delete(file)
    })
  }
  return rg
}

/** The rg to run, or 503 GREP_NOT_AVAILABLE with how to install it (the server's paths are not shown). */
export async function requireRg(bin: string, tool = 'Grep'): Promise<Rg> {
  const rg = await detectRg(bin)
  if (rg) return rg
  const where = bin === 'rg' ? "no rg was found on the server's PATH" : 'TOOLGATE_RG does not name an executable ripgrep'
  fail(
    'GREP_NOT_AVAILABLE',
    `${tool} needs ripgrep (rg) and ${where}. Install ripgrep (Debian/Ubuntu: apt-get install ripgrep; Alpine: apk add ripgrep; ` +
      "macOS: brew install ripgrep; others: https://github.com/BurntSushi/ripgrep#installation) or set TOOLGATE_RG to the rg binary's absolute path",
  )
}

/**
 * `items` in path order: folder by folder, names compared as strings (`a/b` < `a-b` < `a.txt`).
 * That is a string compare in which `/` sorts before every other character: each path's key has
 * it as `\0` (never in a path), made once, and compared natively. A comparison in JavaScript, a
 * character at a time, took 388 ms for 4,096 paths of 3.8 KB under one deep folder.
 */
export async function inWalkOrder<T>(items: T[], pathOf: (item: T) => string): Promise<T[]> {
  const keyed = items.map((item) => ({ item, key: pathOf(item).replaceAll('/', '\0') }))
  await sortInSlices(keyed, (a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return keyed.map((k) => k.item)
}

const clean = (p: string) => (p.startsWith('./') ? p.slice(2) : p)

function rgError(stderr: string): Error {
  const text = stderr
    .trim()
    .replace(/\n{2,}/g, '\n')
    .slice(0, 600)
  if (/regex|not allowed in a regex/i.test(text)) {
    return codedError('VALIDATION_ERROR', `Invalid regex pattern (ripgrep syntax): ${text}`, { details: { parameter: 'pattern' } })
  }
  if (/glob/i.test(text)) return codedError('VALIDATION_ERROR', `Invalid glob: ${text}`, { details: { parameter: 'glob' } })
  return new Error(`rg failed: ${text}`) // a server fault: logged, never shown
}

/** The parent rules in a private temp file (a child's stdin is a socket, which rg cannot open). */
export async function withIgnoreFile<T>(rules: string | null, fn: (file: string | null) => Promise<T>): Promise<T> {
  if (rules === null) return fn(null)
  const file = path.join(await realTmpdir(), `toolgate-rg-${crypto.randomUUID()}.ignore`)
  await fs.writeFile(file, rules, { flag: 'wx', mode: 0o600 })
  try {
    return await fn(file)
  } finally {
    await fs.rm(file, { force: true })
  }
}

/** Where rg and its ignore file are in the sandbox: a folder of their own, never inside the bound workspace (policy.ts). */
const RG_INSIDE = '/run/toolgate-rg'

/** The sandbox policy for one rg run over `root` (read-only), and the paths of rg and its ignore file as rg is given them. */
export function rgPolicy(
  sandbox: Sandbox,
  root: string,
  rg: string,
  ignoreFile: string | null,
): { rg: string; ignoreFile: string | null; policy: SandboxPolicy } {
  const policy: SandboxPolicy = { writable: [], readable: [root], network: false, cwd: root, env: { PATH: DEFAULT_PATH }, bareEtc: true }
  if (sandbox.mode === 'off') return { rg, ignoreFile, policy }
  const files = { rg, ...(ignoreFile !== null && { ignore: ignoreFile }) }
  return { rg: `${RG_INSIDE}/rg`, ignoreFile: ignoreFile && `${RG_INSIDE}/ignore`, policy: { ...policy, privateDir: { path: RG_INSIDE, files } } }
}

export async function runRg(job: GrepJob): Promise<void> {
  return withIgnoreFile(await grepIgnoreRules(job), async (file) => {
    // `--sort path` keeps rg to one thread (128 vs 88 ms over bench:files' 52 MB on 2 cores): only for answers that will be cut.
    if (!(await spawnRg(job, file, false))) await spawnRg(job, file, true)
  })
}

interface ContentLine {
  kind: 'match' | 'context'
  n: number
  text: string
}

/**
 * One rg run. Unsorted, content is kept per file and printed in path order at the end; false when
 * it outgrew the answer's budget (rg killed, nothing printed), so that the caller runs it sorted.
 */
async function spawnRg(job: GrepJob, ignoreFile: string | null, sorted: boolean): Promise<boolean> {
  const run = rgPolicy(job.sandbox, job.root, job.rg, ignoreFile)
  const child = spawnConfined(job.sandbox, [run.rg, ...rgArgs(job, { ignoreFile: run.ignoreFile, sorted })], run.policy, { stdio: ['ignore', 'pipe', 'pipe'] })
  const reading = new RgOutput(job, sorted, () => child.kill('SIGKILL'))
  const onAbort = () => reading.stop()
  job.signal.addEventListener('abort', onAbort, { once: true })
  if (job.signal.aborted) reading.stop()
  child.stdout!.on('data', (chunk: Buffer) => reading.data(chunk))
  child.stderr!.on('data', (chunk: Buffer) => reading.error(chunk))
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (c) => resolve(c))
  }).finally(() => job.signal.removeEventListener('abort', onAbort))
  job.signal.throwIfAborted()
  return reading.finish(code)
}

/** What one rg run prints, split into records (NUL or newline ended) and handed to the answer. */
class RgOutput {
  private readonly content: boolean
  private readonly delim: number
  private readonly limit: number
  private readonly collected: { path: string; n: number }[] = []
  private readonly lines = new Map<string, ContentLine[]>()
  private overflowed = false
  private stopped = false
  private size = 0
  private records = 0
  private pending = Buffer.alloc(0)
  private stderr = ''

  constructor(
    private readonly job: GrepJob,
    private readonly sorted: boolean,
    private readonly kill: () => void,
  ) {
    this.content = job.mode === 'content'
    this.delim = job.mode === 'files_with_matches' ? 0 : 10
    this.limit = this.content ? job.out.spec.budget : MAX_COLLECTED
  }

  stop(): void {
    this.stopped = true
    this.kill()
  }

  data(chunk: Buffer): void {
    if (this.stopped) return
    this.size += chunk.length
    let buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk
    for (let i = buf.indexOf(this.delim); i !== -1 && !this.stopped; i = buf.indexOf(this.delim)) {
      this.record(buf.subarray(0, i))
      buf = buf.subarray(i + 1)
    }
    this.pending = Buffer.from(buf)
    if (this.size > this.limit && !this.sorted) {
      if (this.content) this.overflowed = true
      else this.job.out.truncated = true
      this.stop()
    }
  }

  error(chunk: Buffer): void {
    if (this.stderr.length < MAX_STDERR) this.stderr += chunk.toString('utf8')
  }

  /** Prints what was kept once rg has ended with `code`; false when the run outgrew the answer. */
  async finish(code: number | null): Promise<boolean> {
    const { job } = this
    if (this.overflowed) return false
    if (code === 2 && this.records === 0 && this.stderr.trim() !== '') throw rgError(this.stderr)
    if (this.content) await printLines(this.lines, job.out)
    for (const { path, n } of await inWalkOrder(this.collected, (c) => c.path)) {
      if (!(job.mode === 'count' ? job.out.count(path, n) : job.out.file(path))) break
    }
    return true
  }

  private record(rec: Buffer): void {
    const { job } = this
    this.records++
    if (job.mode === 'files_with_matches') return void this.collected.push({ path: clean(rec.toString('utf8')), n: 1 })
    const nul = rec.indexOf(0)
    if (nul === -1) return // `--` between context groups: the shared output prints its own
    const file = clean(rec.subarray(0, nul).toString('utf8'))
    if (job.mode === 'count') return void this.collected.push({ path: file, n: Number(rec.subarray(nul + 1).toString('latin1')) })
    let k = nul + 1
    while (rec[k] >= 48 && rec[k] <= 57) k++
    const n = Number(rec.subarray(nul + 1, k).toString('latin1'))
    const line: ContentLine = { kind: rec[k] === 58 ? 'match' : 'context', n, text: rec.subarray(k + 1).toString('utf8') }
    if (this.sorted) {
      if (!job.out.line(file, line.kind, n, line.text)) this.stop()
    } else if (this.lines.has(file)) this.lines.get(file)!.push(line)
    else this.lines.set(file, [line])
  }
}

/** Content rg found in parallel, file by file in path order, until the answer is full. */
async function printLines(lines: Map<string, ContentLine[]>, out: GrepJob['out']) {
  for (const file of await inWalkOrder([...lines.keys()], (f) => f)) {
    for (const { kind, n, text } of lines.get(file)!) if (!out.line(file, kind, n, text)) return
  }
}
