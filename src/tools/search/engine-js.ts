/**
 * Grep's JavaScript engine, for machines without `rg`: the shared walker (rg's order and filters)
 * feeding the per-file search, all in synchronous file calls sliced into ~10 ms turns of the event
 * loop, so other calls keep being served. Stops as soon as the output is full.
 */
import { Buffer } from 'node:buffer'
import { searchFile } from './file-search.js'
import { openChecked } from './open-file.js'
import { MAX_COLUMNS, OMITTED } from './output.js'
import { slicer, walk } from './walk.js'
import type { EngineRun, GrepJob } from './job.js'

/** rg replaces lines longer than --max-columns bytes; so does this engine. */
function columns(kind: 'match' | 'context', text: string): string {
  return text.length * 3 > MAX_COLUMNS && Buffer.byteLength(text) > MAX_COLUMNS ? OMITTED[kind] : text
}

/** Searches one file into the output; false once the output is full. */
async function searchOne(job: GrepJob, rel: string, abs: string, run: EngineRun, breathe: () => Promise<void>): Promise<boolean> {
  const { out } = job
  const opened = openChecked(job.root, abs, job.policy)
  if (!opened) return true
  const r = await searchFile(opened.fd, opened.size, {
    re: job.re!, multiline: job.multiline, mode: job.mode, before: job.before, after: job.after, breathe,
    emit: (hit) => out.line(rel, hit.kind, hit.line, columns(hit.kind, hit.text)),
  })
  if (r.skipped === 'large') run.skippedLarge.push(rel)
  if (r.stopped) return false
  if (r.count > 0 && job.mode === 'files_with_matches') return out.file(rel)
  if (r.count > 0 && job.mode === 'count') return out.count(rel, r.count)
  return !out.full
}

export async function runJs(job: GrepJob): Promise<EngineRun> {
  const run: EngineRun = { engine: 'js', skippedLarge: [] }
  const breathe = slicer(job.signal)
  const { root, target, policy } = job
  if (!target.isDir) {
    await searchOne(job, target.rel, target.abs, run, breathe)
    return run
  }
  for (const e of walk({ root, start: target.rel, filter: job.filter, signal: job.signal, symlinks: 'skip', policy })) {
    if (!(await searchOne(job, e.rel, e.abs, run, breathe))) break
    await breathe()
  }
  return run
}
