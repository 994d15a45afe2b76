/**
 * Assembly of the finished notebook (nbformat 4.5) in the order src/notebook/order.ts defines,
 * plus the checks finalize reports as messages: sections missing markdown or code, gaps in the
 * section numbers, code that does not compile, and the markdown ratio against its target.
 */
import { OPENING_CELLS, round2, sortCells, type CellKind } from './order.js'
import { codeCell, markdownCell, type AuthoredCell, type Notebook } from './model.js'
import { setupCode, setupMarkdown, type Dependency } from './setup.js'
import { dependencyId } from './packages.js'

export interface StoredCell {
  seq: number
  section: number
  kind: CellKind
  cell: AuthoredCell
  info: Record<string, any>
}

export interface FinalizeArgs {
  outline_summary: string
  next_steps?: string[]
  references?: string[]
  reading_time_minutes: number
  markdown_ratio_target?: number
}

export interface Assembly {
  notebook: Notebook
  counts: { markdown: number; code: number }
  ratio: number
  /** Things the author should know about the result (one sentence each). */
  notes: string[]
}

/** How far the actual ratio may be from `markdown_ratio_target` before finalize says so. */
export const RATIO_TOLERANCE = 0.05

function overview(sections: Map<number, StoredCell[]>, minutes: number): string {
  const steps = [...sections.entries()].map(([n, cells]) => {
    const step = cells.find((c) => c.kind === 'markdown_step')
    return `${n}. ${step ? String(step.info.title) : `Section ${n}`}`
  })
  return [
    '# Notebook overview',
    `**Estimated reading time:** ${minutes} minute${minutes === 1 ? '' : 's'}`,
    `What you will work through:\n\n${steps.join('\n')}`,
    'Run the setup cell first, then the steps in order.',
  ].join('\n\n')
}

export function assembleNotebook(opts: { runId: string; cells: StoredCell[]; deps: Dependency[]; args: FinalizeArgs; now: Date }): Assembly {
  const { cells, deps, args } = opts
  const ordered = sortCells(cells)
  const sections = new Map<number, StoredCell[]>()
  for (const c of ordered) sections.set(c.section, [...(sections.get(c.section) ?? []), c])

  const out: AuthoredCell[] = [
    markdownCell('overview', overview(sections, args.reading_time_minutes)),
    markdownCell('setup', setupMarkdown(deps)),
    codeCell('setup-code', setupCode(deps), { alain: { kind: 'setup' } }),
    ...ordered.map((c) => c.cell),
    markdownCell('summary', `## Summary\n\n${args.outline_summary.trim()}`),
  ]
  if (args.next_steps?.length) out.push(markdownCell('next-steps', ['## Next steps', args.next_steps.map((s) => `- ${s.trim()}`).join('\n')].join('\n\n')))
  if (args.references?.length)
    out.push(markdownCell('references', ['## References', args.references.map((r, i) => `${i + 1}. ${r.trim()}`).join('\n')].join('\n\n')))

  const counts = {
    markdown: out.filter((c) => c.cell_type === 'markdown').length,
    code: out.filter((c) => c.cell_type === 'code').length,
  }
  const ratio = round2(counts.markdown / out.length)
  const notes = checks(sections, ordered, ratio, args.markdown_ratio_target)

  const notebook: Notebook = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' },
      language_info: { name: 'python' },
      alain: {
        run_id: opts.runId,
        generated_at: opts.now.toISOString(),
        reading_time_minutes: args.reading_time_minutes,
        markdown_ratio: ratio,
        ...(args.markdown_ratio_target !== undefined && { markdown_ratio_target: args.markdown_ratio_target }),
        estimated_tokens: ordered.reduce((n, c) => n + (Number(c.info.estimated_tokens) || 0), 0),
        sections: [...sections.entries()].map(([n, cs]) => ({ number: n, title: cs.find((c) => c.kind === 'markdown_step')?.info.title ?? null })),
        assessment_questions: ordered.reduce((n, c) => n + (Number(c.info.questions) || 0), 0),
        dependencies: deps.map((d) => dependencyId(d.manager, d.package, d.version)),
      },
    },
    cells: out,
  }
  return { notebook, counts, ratio, notes }
}

function checks(sections: Map<number, StoredCell[]>, ordered: StoredCell[], ratio: number, target: number | undefined): string[] {
  const notes: string[] = []
  const numbers = [...sections.keys()]
  const max = Math.max(...numbers)
  const missing = Array.from({ length: max }, (_, i) => i + 1).filter((n) => !sections.has(n))
  if (missing.length) notes.push(`Sections ${missing.join(', ')} have no cells: the notebook skips from one section number to a later one.`)
  for (const [n, cs] of sections) {
    const lacks = [!cs.some((c) => c.kind === 'markdown_step') && 'a markdown step', !cs.some((c) => c.kind === 'code') && 'a code cell'].filter(Boolean)
    if (lacks.length) notes.push(`Section ${n} lacks ${lacks.join(' and ')}; seed 000 asks every section for both markdown explanations and runnable code.`)
  }
  const broken = ordered.map((c, i) => ({ c, index: OPENING_CELLS + i })).filter(({ c }) => c.kind === 'code' && c.info.runnable === false)
  if (broken.length) {
    const list = broken.map((b) => b.index).join(', ')
    notes.push(
      `${broken.length === 1 ? `The code cell at index ${list} does` : `The code cells at indices ${list} do`} not compile (see the messages of the emit_code_cell calls that added them).`,
    )
  }
  if (target !== undefined && Math.abs(ratio - target) > RATIO_TOLERANCE) {
    notes.push(
      `The markdown ratio is ${ratio}, ${ratio < target ? 'below' : 'above'} the target ${target} by more than ${RATIO_TOLERANCE}: ` +
        (ratio < target
          ? 'the notebook is code-heavy; more explanation would bring it closer.'
          : 'the notebook is explanation-heavy; more runnable code would bring it closer.'),
    )
  }
  return notes
}
