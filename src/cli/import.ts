/**
 * `toolgate import corpus <file.ndjson>`: sends the file to POST /v1/corpus/import asking for the
 * NDJSON progress stream, and feeds a progress bar (a TTY) or progress lines (a pipe) from it.
 */
import fs from 'node:fs/promises'
import cliProgress from 'cli-progress'
import type { Command } from 'commander'
import type { components } from './api.js'
import { CliExit, EXIT, refused, reach, type ToolError } from './client.js'
import { action, context } from './command.js'
import { box } from './render.js'

type Summary = components['schemas']['ImportSummary']
type Event = Partial<Summary> & { event: 'progress' | 'done' | 'error'; error_message?: string }

/** The NDJSON events of a response body, one at a time, as they arrive. */
async function* events(body: ReadableStream<Uint8Array>): AsyncGenerator<Event> {
  const decoder = new TextDecoder()
  let rest = ''
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    rest += decoder.decode(chunk, { stream: true })
    const lines = rest.split('\n')
    rest = lines.pop() ?? ''
    for (const l of lines) if (l.trim()) yield JSON.parse(l)
  }
  if (rest.trim()) yield JSON.parse(rest)
}

/** A bar on a terminal; elsewhere one line per progress event (a bar in a log file is noise). */
function progress(total: number) {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: 'importing [{bar}] {percentage}% | {value}/{total} lines | {inserted} new', stream: process.stderr },
      cliProgress.Presets.shades_classic,
    )
    bar.start(total, 0, { inserted: 0 })
    return { update: (e: Event) => bar.update(e.lines ?? 0, { inserted: e.inserted ?? 0 }), stop: () => bar.stop() }
  }
  return { update: (e: Event) => process.stderr.write(`progress: ${e.lines}/${total} lines, ${e.inserted} inserted\n`), stop: () => {} }
}

export function renderSummary(s: Summary): string {
  const errors = s.errors.map((e) => `  line ${e.line}: ${e.error}`)
  return box([
    ['Corpus Import'],
    [
      `Lines:      ${s.lines}`,
      `Inserted:   ${s.inserted}`,
      `Updated:    ${s.updated}`,
      `Unchanged:  ${s.unchanged}`,
      `Rejected:   ${s.rejected}`,
      `Threads:    ${s.threads}`,
      `Duration:   ${Math.round(s.duration_ms)}ms (${Math.round(s.posts_per_second)} posts/s)`,
      ...(errors.length ? ['', 'Rejected lines:', ...errors] : []),
    ],
  ])
}

async function importCorpus(file: string, cmd: Command): Promise<number> {
  const { client, conn, output } = context(cmd)
  const text = await fs.readFile(file, 'utf8').catch((err: Error) => {
    throw new CliExit(EXIT.usage, `cannot read ${file}: ${err.message}`)
  })
  const total = text.split('\n').filter((l) => l.trim() !== '').length
  const res = await reach(conn, () =>
    client.POST('/v1/corpus/import', {
      body: text,
      // The body is the file as it is, not JSON; the answer is read as a stream of progress lines.
      bodySerializer: (b: string) => b,
      headers: { 'content-type': 'application/x-ndjson', accept: 'application/x-ndjson' },
      parseAs: 'stream',
    }),
  )
  if (!res.response.ok || !res.data) refused(res.response.status, res.error as Partial<ToolError>)
  const bar = progress(total)
  let last: Event | undefined
  for await (const e of events(res.data as ReadableStream<Uint8Array>)) {
    if (e.event === 'progress') bar.update(e)
    last = e
  }
  bar.stop()
  if (last?.event !== 'done') throw new CliExit(EXIT.toolError, `the import failed: ${last?.error_message ?? 'the stream ended early'}`)
  const { event: _event, ...summary } = last
  process.stdout.write(output === 'json' ? `${JSON.stringify(summary, null, 2)}\n` : renderSummary(summary as Summary))
  return summary.rejected ? EXIT.toolError : EXIT.ok
}

export function registerImport(p: Command): void {
  p.command('import')
    .description('import data into the server')
    .command('corpus')
    .description('import posts from an NDJSON file (one JSON post per line), with a progress bar')
    .argument('<file>', 'the .ndjson file')
    .action(action(async (file: string, _o: unknown, cmd: Command) => importCorpus(file, cmd)))
}
