/**
 * BashOutput's `filter`: the lines of up to a megabyte of output that match a caller's regular
 * expression, picked by ripgrep in the sandbox, reading them on its stdin. ripgrep's engine is
 * linear in the text, bounds its own memory and runs in another process: no pattern holds the
 * server's thread (JavaScript's engine backtracks; re2js, RE2 in JavaScript, took seconds of
 * the thread for `(?i)\pL{1000}z` on one long line), and the call's timeout ends it.
 */
import { fail } from '../../../errors.js'
import { spawnConfined } from '../../../sandbox/index.js'
import type { ToolContext } from '../../define.js'
import { requireRg, rgPolicy } from '../../search/engine/rg.js'

/** Flags that make rg a plain line filter: no config, every byte text, lines printed as they are. */
const AS_FILTER = ['--no-config', '--text', '--no-line-number', '--no-filename', '--color=never', '--no-messages']
const MAX_STDERR = 4096

/** The lines of `text` that match `pattern`, each ending in a newline; a pattern rg refuses is a 400. */
export async function filterLines(text: string, pattern: string, ctx: Pick<ToolContext, 'workspace' | 'signal' | 'services' | 'settings'>): Promise<string> {
  const rg = await requireRg(ctx.settings.rg, 'BashOutput with a filter')
  const run = rgPolicy(ctx.services.sandbox, ctx.workspace, rg.path, null)
  const child = spawnConfined(ctx.services.sandbox, [run.rg, ...AS_FILTER, '--regexp', pattern, '-'], run.policy, { stdio: ['pipe', 'pipe', 'pipe'] })
  const out: Buffer[] = []
  let stderr = ''
  child.stdout!.on('data', (b: Buffer) => out.push(b))
  child.stderr!.on('data', (b: Buffer) => {
    if (stderr.length < MAX_STDERR) stderr += b.toString('utf8')
  })
  child.stdin!.on('error', () => {}) // rg exits early on a bad pattern; its exit code says why
  child.stdin!.end(text)
  const kill = () => child.kill('SIGKILL')
  ctx.signal.addEventListener('abort', kill, { once: true })
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', resolve)
  }).finally(() => ctx.signal.removeEventListener('abort', kill))
  ctx.signal.throwIfAborted()
  if (code === 2) {
    const why = /^error: (.*)$/m.exec(stderr)?.[1] ?? stderr.trim().slice(0, 300)
    fail('VALIDATION_ERROR', `Invalid value for filter: not a regular expression ripgrep accepts (${why})`, { details: { received: pattern } })
  }
  if (code !== 0 && code !== 1) throw new Error(`rg as a filter exited with ${code}: ${stderr.slice(0, 300)}`)
  const kept = Buffer.concat(out).toString('utf8')
  return kept === '' || kept.endsWith('\n') ? kept : `${kept}\n`
}
