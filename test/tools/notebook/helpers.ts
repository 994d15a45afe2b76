/** Valid bodies for the five notebook tools (each just long enough), and calls within a session. */
import crypto from 'node:crypto'
import type { TestApp } from '../../helper.js'

export const REF_PYTHON = '/usr/bin/python3'

/** A string of exactly `n` characters, starting with `text`. */
export function exactly(n: number, text = 'Lorem ipsum dolor sit amet. '): string {
  return text.repeat(Math.ceil(n / text.length) + 1).slice(0, n)
}

export const callout = (type: 'tip' | 'warning' | 'note' = 'tip', len = 50) => ({
  type,
  message: exactly(len, `${type} message that explains something useful. `),
})

export function markdownStep(section: number, over: Record<string, unknown> = {}) {
  return {
    section_number: section,
    title: `Step ${section}: Work through part ${section}`,
    body: exactly(300, `Section ${section} explains one idea carefully, with an example and a reason. `),
    callouts: [callout('tip'), callout('warning'), callout('note')],
    estimated_tokens: 900,
    ...over,
  }
}

/** Valid Python of at least 120 characters; `extra` lines go first. */
export function pythonCode(...extra: string[]): string {
  const body = [
    ...extra,
    'values = [1, 2, 3, 4, 5]',
    'total = sum(values)',
    'mean = total / len(values)',
    'print(f"total={total} mean={mean:.2f}")',
    '# padding comment so that the cell is always long enough for the schema',
  ].join('\n')
  return body.length >= 120 ? body : `${body}\n# ${'x'.repeat(120 - body.length)}`
}

export function codeCell(section: number, over: Record<string, unknown> = {}) {
  return { section_number: section, code: pythonCode(), language: 'python', ...over }
}

export function question(correct = 1, options = 3) {
  return {
    prompt: exactly(80, 'Which statement best describes what the previous cell computed and why it matters? '),
    options: Array.from({ length: options }, (_, i) => exactly(10, `Option ${String.fromCharCode(65 + i)} says something. `)),
    correct_index: correct,
    explanation: exactly(60, 'The cell sums the values and divides by their count, which is the mean. '),
  }
}

export function finalizeBody(over: Record<string, unknown> = {}) {
  return {
    outline_summary: exactly(200, 'This notebook walked through loading data, computing statistics and checking results. '),
    reading_time_minutes: 20,
    ...over,
  }
}

export const newSession = (label = 's') => `${label}-${crypto.randomBytes(5).toString('hex')}`

/** Calls tools in one session (X-Session-Id), with an optional key. */
export function session(t: TestApp, id = newSession(), key?: string) {
  const call = (tool: string, body: unknown, headers: Record<string, string> = {}) =>
    t.call(`notebook.${tool}`, body, { key, headers: { 'x-session-id': id, ...headers } })
  return {
    id,
    call,
    dep: (body: Record<string, unknown>) => call('add_dependency', body),
    md: (section: number, over?: Record<string, unknown>) => call('emit_markdown_step', markdownStep(section, over)),
    code: (section: number, over?: Record<string, unknown>) => call('emit_code_cell', codeCell(section, over)),
    quiz: (section: number, questions = [question()]) => call('record_assessment', { section_number: section, questions }),
    finalize: (over?: Record<string, unknown>) => call('finalize', finalizeBody(over)),
  }
}
