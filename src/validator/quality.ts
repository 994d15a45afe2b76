/**
 * The quality rule behind `validator.run_quality`, on any nbformat 4 notebook (3 is upgraded first).
 *
 * Counting: markdown cells M, code cells C (raw cells count for neither); headings are ATX `#`
 * lines outside code fences; words are runs of non-whitespace holding a letter or digit (markdown.ts).
 * - stepCount: markdown headings whose text matches `Step N:` (`^Step\s+\d+\s*:\s*\S`, any case).
 * - markdownRatio: M / (M + C), rounded to 2 decimals (0 without such cells).
 * - estimatedTokens: characters (code points) of every cell's source / 4, rounded.
 * - estimatedReadingTime: markdown words / 200 per minute + non-blank code lines / 10 per minute,
 *   rounded up, at least 1 minute.
 * - hasRequiredSections: a title (a level-1 heading), a setup section (a heading naming setup,
 *   installation, prerequisites, requirements, environment, dependencies or getting started), at
 *   least one `Step N:` section, and a summary (summary, conclusion, wrap-up, recap, takeaways).
 * - qualityScore (0-100): the weighted checks of WEIGHTS below, summed and rounded: title 10,
 *   setup 10, steps 5 per `Step N:` heading up to 15, step_code 15 × the share of step sections
 *   holding a non-blank code cell, step_explanation 10 × the share of step sections with at least
 *   50 words of markdown besides their heading, markdown_ratio 20 when 0.3 ≤ markdownRatio ≤ 0.8,
 *   summary 10, next_steps 5 (next steps, references, further reading, resources), no_empty_cells
 *   5 (no cell whose source is blank).
 * - meetsStandards: qualityScore ≥ 80, hasRequiredSections, markdownRatio within 0.3-0.8 and
 *   stepCount ≥ 3.
 * A step section runs from its heading to the next heading of the same or a higher level (fewer
 * `#`), or to the end of the notebook; the code cells in between are its code.
 */
import type { Notebook } from '../notebook/model.js'
import { sourceText } from '../notebook/model.js'
import { NEXT_STEPS_HEADING, SETUP_HEADING, STEP_HEADING, SUMMARY_HEADING, charCount, headingsOf, wordCount, type Heading } from './markdown.js'

export const WEIGHTS = {
  title: 10,
  setup: 10,
  steps: 15,
  step_code: 15,
  step_explanation: 10,
  markdown_ratio: 20,
  summary: 10,
  next_steps: 5,
  no_empty_cells: 5,
} as const

export const RULE = {
  minScore: 80,
  minSteps: 3,
  minRatio: 0.3,
  maxRatio: 0.8,
  pointsPerStep: 5,
  stepWords: 50,
  wordsPerMinute: 200,
  codeLinesPerMinute: 10,
  charsPerToken: 4,
} as const

export interface QualityMetrics {
  qualityScore: number
  stepCount: number
  markdownRatio: number
  estimatedTokens: number
  estimatedReadingTime: number
  hasRequiredSections: boolean
  meetsStandards: boolean
}

export interface QualityCheck {
  name: keyof typeof WEIGHTS
  points: number
  max: number
  passed: boolean
  detail: string
}
export interface StepSection {
  number: number
  title: string
  cell_index: number
  has_code: boolean
  explanation_words: number
}
export interface QualityCounts {
  markdown_cells: number
  code_cells: number
  raw_cells: number
  markdown_words: number
  code_lines: number
  characters: number
}
export interface QualityReport {
  metrics: QualityMetrics
  counts: QualityCounts
  checks: QualityCheck[]
  steps: StepSection[]
}

interface At extends Heading {
  cell: number
}

/** For each heading, the next one of the same or a higher level (fewer `#`): one pass with a stack, not a search per heading. */
function sectionEnds(headings: At[]): (At | undefined)[] {
  const ends: (At | undefined)[] = new Array(headings.length)
  const open: number[] = []
  headings.forEach((h, k) => {
    while (open.length > 0 && headings[open[open.length - 1]].level >= h.level) ends[open.pop() as number] = h
    open.push(k)
  })
  return ends
}

const round2 = (x: number) => Math.round(x * 100) / 100
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The cells counted by kind, their words, code lines and characters, and every markdown heading. */
function countCells(nb: Notebook, texts: string[]): { counts: QualityCounts; headings: At[] } {
  const counts: QualityCounts = { markdown_cells: 0, code_cells: 0, raw_cells: 0, markdown_words: 0, code_lines: 0, characters: 0 }
  const headings: At[] = []
  nb.cells.forEach((cell, i) => {
    const text = texts[i]
    counts.characters += charCount(text)
    if (cell.cell_type === 'markdown') {
      counts.markdown_cells++
      counts.markdown_words += wordCount(text)
      for (const h of headingsOf(text)) headings.push({ ...h, cell: i })
    } else if (cell.cell_type === 'code') {
      counts.code_cells++
      counts.code_lines += text.split('\n').filter((l) => l.trim() !== '').length
    } else counts.raw_cells++
  })
  return { counts, headings }
}

/** The headings a tutorial is judged by: its title, setup, `Step N:` sections, summary and next steps. */
function outlineOf(nb: Notebook, texts: string[], headings: At[]) {
  const ends = sectionEnds(headings)
  const find = (re: RegExp) => headings.find((h) => re.test(h.text))
  return {
    title: headings.find((h) => h.level === 1),
    setup: find(SETUP_HEADING),
    summary: find(SUMMARY_HEADING),
    next: find(NEXT_STEPS_HEADING),
    steps: headings.flatMap((h, k) => {
      const m = STEP_HEADING.exec(h.text)
      return m ? [section(nb, texts, h, ends[k], Number(m[1]))] : []
    }),
  }
}
type Outline = ReturnType<typeof outlineOf>

function checksOf({ title, setup, summary, next, steps }: Outline, markdownRatio: number, texts: string[]) {
  const ratioOk = markdownRatio >= RULE.minRatio && markdownRatio <= RULE.maxRatio
  const withCode = steps.filter((s) => s.has_code).length
  const explained = steps.filter((s) => s.explanation_words >= RULE.stepWords).length
  const empty = texts.map((t, i) => (t.trim() === '' ? i : -1)).filter((i) => i >= 0)
  const share = (n: number) => (steps.length === 0 ? 0 : n / steps.length)
  const found = (h: At | undefined, what: string) => (h ? `${what}: "${h.text}" (cell ${h.cell})` : `no ${what} heading`)
  return [
    check('title', title ? 1 : 0, title ? `title: "${title.text}" (cell ${title.cell})` : 'no level-1 (#) title heading'),
    check('setup', setup ? 1 : 0, found(setup, 'setup/installation')),
    check('steps', Math.min(steps.length, RULE.minSteps) / RULE.minSteps, `${plural(steps.length, '`Step N:` heading')} (${RULE.minSteps} or more expected)`),
    check('step_code', share(withCode), steps.length === 0 ? 'no step sections' : `${withCode} of ${plural(steps.length, 'step section')} hold runnable code`),
    check(
      'step_explanation',
      share(explained),
      steps.length === 0 ? 'no step sections' : `${explained} of ${plural(steps.length, 'step section')} explain in ${RULE.stepWords}+ words`,
    ),
    check('markdown_ratio', ratioOk ? 1 : 0, `markdown ratio ${markdownRatio} (${RULE.minRatio}-${RULE.maxRatio} expected)`),
    check('summary', summary ? 1 : 0, found(summary, 'summary/conclusion')),
    check('next_steps', next ? 1 : 0, found(next, 'next steps/references')),
    check('no_empty_cells', empty.length === 0 ? 1 : 0, empty.length === 0 ? 'no empty cells' : `empty cells: ${empty.join(', ')}`),
  ]
}

export function assessQuality(nb: Notebook): QualityReport {
  const texts = nb.cells.map((c) => sourceText(c.source))
  const { counts, headings } = countCells(nb, texts)
  const outline = outlineOf(nb, texts, headings)
  const { title, setup, summary, steps } = outline
  const mdAndCode = counts.markdown_cells + counts.code_cells
  const markdownRatio = mdAndCode === 0 ? 0 : round2(counts.markdown_cells / mdAndCode)
  const ratioOk = markdownRatio >= RULE.minRatio && markdownRatio <= RULE.maxRatio
  const checks = checksOf(outline, markdownRatio, texts)
  // fractions of 15 and 10 can land a hair off .5; six decimals is far below any real difference
  const exact = checks.reduce((n, c) => n + c.max * c.fraction, 0)
  const qualityScore = Math.round(Number(exact.toFixed(6)))
  const hasRequiredSections = Boolean(title && setup && steps.length >= 1 && summary)
  const words = counts.markdown_words
  const metrics: QualityMetrics = {
    qualityScore,
    stepCount: steps.length,
    markdownRatio,
    estimatedTokens: Math.round(counts.characters / RULE.charsPerToken),
    // words/200 + lines/10 = (words + 20 × lines) / 200, in integers so that no float rounds up wrongly
    estimatedReadingTime: Math.max(
      1,
      Math.ceil((words * RULE.codeLinesPerMinute + counts.code_lines * RULE.wordsPerMinute) / (RULE.wordsPerMinute * RULE.codeLinesPerMinute)),
    ),
    hasRequiredSections,
    meetsStandards: qualityScore >= RULE.minScore && hasRequiredSections && ratioOk && steps.length >= RULE.minSteps,
  }
  return { metrics, counts, checks: checks.map(({ fraction: _f, ...c }) => c), steps }
}

/** A check's points (shown to 2 decimals; the score sums the exact values), out of its weight. */
function check(name: keyof typeof WEIGHTS, fraction: number, detail: string): QualityCheck & { fraction: number } {
  const max = WEIGHTS[name]
  return { name, points: Number((max * fraction).toFixed(2)), max, passed: fraction >= 1, detail, fraction }
}

/** A step section: its code cells, and the words of its markdown besides the heading line. */
function section(nb: Notebook, texts: string[], h: At, end: At | undefined, number: number): StepSection {
  const stop = end ?? { cell: nb.cells.length, line: 0 }
  let words = 0
  let hasCode = false
  for (let c = h.cell; c <= Math.min(stop.cell, nb.cells.length - 1); c++) {
    const cell = nb.cells[c]
    if (cell.cell_type === 'code') {
      if (c > h.cell && c < stop.cell && texts[c].trim() !== '') hasCode = true
      continue
    }
    if (cell.cell_type !== 'markdown') continue
    const lines = texts[c].split('\n')
    const from = c === h.cell ? h.line + 1 : 0
    const to = c === stop.cell ? stop.line : lines.length
    words += wordCount(lines.slice(from, to).join('\n'))
  }
  return { number, title: h.text, cell_index: h.cell, has_code: hasCode, explanation_words: words }
}
