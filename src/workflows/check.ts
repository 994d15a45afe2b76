/**
 * workflow_validate's checks: the YAML, schema v1, then what only the server knows — every tool
 * exists and gets its required arguments, every expression parses and refers to something that
 * exists before it, ids are unique. Every problem is reported at once, each with its line:column.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { ExpressionError, parseExpression, referencesOf, type Expr } from './expressions.js'
import { refProblem, type RefContext, type StepInfo, type Where } from './check-refs.js'
import { parseWorkflowFile, type ParsedFile, type Path, type Problem } from './parse.js'
import { LIMITS, PARAM_TYPES, type Workflow } from './schema.js'
import { schemaProblems, showField } from './schema-check.js'
import { hasExpression, parseTemplate } from './templates.js'
import { checkAgentStep, checkToolStep, type ArgumentCheck, type ToolCatalog } from './check-steps.js'

export type { ToolCatalog, ToolInput } from './check-steps.js'

export interface CheckResult {
  /** The workflow, when there are no problems. */
  workflow?: Workflow
  problems: Problem[]
  /** Steps in the file, nested ones included. */
  steps: number
}

/** Arguments checked per event-loop turn: a first check compiles a validator, about 1 ms. */
const ARGUMENTS_PER_TURN = 8
/** Steps checked per event-loop turn (their expressions parsed and resolved). */
const STEPS_PER_TURN = 25
/** Most problems reported for one file: past that the first ones say enough. */
const MAX_PROBLEMS = 100

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v)

export async function checkWorkflow(source: string, catalog: ToolCatalog): Promise<CheckResult> {
  const file = await parseWorkflowFile(source)
  if (file.problems.length) return { problems: file.problems, steps: 0 }
  await nextTurn()
  const problems = schemaProblems(file)
  const root = isObject(file.value) ? file.value : {}
  const report = (path: Path, message: string, opts?: { key?: boolean; offset?: number }) => problems.push({ ...file.at(path, opts), message })
  const { steps, all } = outline(root, report, file)
  const params = isObject(root.params) ? Object.keys(root.params) : []
  checkParams(root, report)
  const ctx: RefContext = { steps, params }
  const checks: ArgumentCheck[] = []
  for (const [i, info] of all.entries()) {
    if (i > 0 && i % STEPS_PER_TURN === 0) await nextTurn()
    checkStep(valueAt(root, info.path), info, { ...ctx, catalog, checks }, report)
  }
  if (isObject(root.outputs)) checkExpressions(root.outputs, ['outputs'], { loops: [] }, ctx, report)
  await checkArguments(checks, report)
  problems.sort((a, b) => a.line - b.line || a.column - b.column)
  const count = countSteps(root.steps)
  if (problems.length) return { problems: problems.slice(0, MAX_PROBLEMS), steps: count }
  return { workflow: root as Workflow, problems, steps: count }
}

type Report = (path: Path, message: string, opts?: { key?: boolean; offset?: number }) => void

const valueAt = (root: unknown, path: Path): any => path.reduce<any>((v, k) => (v == null ? undefined : v[k]), root)

function countSteps(list: unknown): number {
  return Array.isArray(list) ? list.reduce<number>((n, s) => n + 1 + (isObject(s) ? countSteps(s.steps) : 0), 0) : 0
}

/** Every step with an id, in file order (`all`), and by id the first of each; duplicate ids, depth and count are reported here. */
function outline(root: Record<string, any>, report: Report, file: ParsedFile): { steps: Map<string, StepInfo>; all: StepInfo[] } {
  const steps = new Map<string, StepInfo>()
  const all: StepInfo[] = []
  let seq = 0
  const walk = (list: unknown, path: Path, loops: string[]) => {
    if (!Array.isArray(list)) return
    if (loops.length > LIMITS.nesting) report(path, `for_each nested ${loops.length} deep at ${showField(path)}: at most ${LIMITS.nesting}`)
    list.forEach((step, i) => {
      const at = [...path, i]
      if (!isObject(step) || typeof step.id !== 'string') return
      const first = steps.get(step.id)
      if (first) report([...at, 'id'], `Duplicate step id: ${step.id} (first used at line ${first.line}); step ids must be unique in the file`)
      const info: StepInfo = { id: step.id, path: at, seq: seq++, loops, line: file.at(at).line }
      if (!first) steps.set(step.id, info)
      all.push(info)
      walk(step.steps, [...at, 'steps'], [...loops, step.id])
    })
  }
  walk(root.steps, ['steps'], [])
  const total = countSteps(root.steps)
  if (total > LIMITS.steps) report(['steps'], `Too many steps: ${total}, nested ones included; the limit is ${LIMITS.steps}`)
  return { steps, all }
}

function checkParams(root: Record<string, any>, report: Report): void {
  if (!isObject(root.params)) return
  for (const [name, p] of Object.entries(root.params)) {
    if (!isObject(p) || p.default === undefined || !(PARAM_TYPES as readonly string[]).includes(p.type)) continue
    if (!fitsType(p.default, p.type)) {
      report(['params', name, 'default'], `Invalid type for params.${name}.default: expected ${p.type}`)
    }
  }
}

export function fitsType(v: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string'
    case 'number':
      return typeof v === 'number' && Number.isFinite(v)
    case 'integer':
      return Number.isSafeInteger(v)
    case 'boolean':
      return typeof v === 'boolean'
    default:
      return Array.isArray(v)
  }
}

/** Plain-valued arguments against their tools' schemas, a slice per event-loop turn. */
async function checkArguments(checks: ArgumentCheck[], report: Report): Promise<void> {
  for (const [i, c] of checks.entries()) {
    if (i > 0 && i % ARGUMENTS_PER_TURN === 0) await nextTurn()
    const problem = c.input.checkArgument(c.name, c.value)
    if (problem) report(c.path, `${problem} (${c.where})`)
  }
}

function checkStep(step: Record<string, any>, info: StepInfo, ctx: RefContext & { catalog: ToolCatalog; checks: ArgumentCheck[] }, report: Report): void {
  // The for_each's own list and condition are read before the loop: they see the loops around it only.
  const outside: Where = { step: info, loops: info.loops }
  const inside: Where = { step: info, loops: step.for_each !== undefined ? [...info.loops, info.id] : info.loops }
  if (typeof step.if === 'string') checkCondition(step.if, [...info.path, 'if'], outside, ctx, report)
  if (typeof step.for_each === 'string') checkCondition(step.for_each, [...info.path, 'for_each'], outside, ctx, report)
  else if (Array.isArray(step.for_each)) checkExpressions(step.for_each, [...info.path, 'for_each'], outside, ctx, report)
  if (typeof step.tool === 'string') checkToolStep(step, info, ctx.catalog, report, ctx.checks)
  if (typeof step.agent === 'string') checkAgentStep(step, info, ctx.catalog, report, ctx.checks)
  if (isObject(step.with)) checkExpressions(step.with, [...info.path, 'with'], inside, ctx, report)
  if (typeof step.prompt === 'string') checkExpressions(step.prompt, [...info.path, 'prompt'], inside, ctx, report)
}

/** `if:` and `for_each:` hold one expression, bare or in `${{ }}`. */
export function parseCondition(text: string): Expr {
  if (!hasExpression(text)) return parseExpression(text)
  const t = parseTemplate(text)
  if (!t.whole) throw new ExpressionError('Write one expression, either bare or as ${{ … }} alone, not text around it')
  return (t.parts.find((p) => typeof p !== 'string') as { expr: Expr }).expr
}

function checkCondition(text: string, path: Path, where: Where, ctx: RefContext, report: Report): void {
  let expr: Expr
  try {
    expr = parseCondition(text)
  } catch (err) {
    if (!(err instanceof ExpressionError)) throw err
    report(path, `Bad expression in ${showField(path)}: ${err.message}`, { offset: err.at })
    return
  }
  const offset = hasExpression(text) ? text.indexOf('${{') + 3 : 0
  for (const ref of referencesOf(expr)) {
    const problem = refProblem(ref, where, ctx)
    if (problem) report(path, problem, { offset: offset + ref.at })
  }
}

/** Every string under `value` (arguments, a prompt, outputs): its expressions parse and refer to what exists. */
function checkExpressions(value: unknown, path: Path, where: Where, ctx: RefContext, report: Report): void {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) checkExpressions(v, [...path, i], where, ctx, report)
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) checkExpressions(v, [...path, k], where, ctx, report)
  if (typeof value !== 'string' || !hasExpression(value)) return
  try {
    for (const part of parseTemplate(value).parts) {
      if (typeof part === 'string') continue
      for (const ref of referencesOf(part.expr)) {
        const problem = refProblem(ref, where, ctx)
        if (problem) report(path, problem, { offset: part.at + ref.at })
      }
    }
  } catch (err) {
    if (!(err instanceof ExpressionError)) throw err
    report(path, `Bad expression in ${showField(path)}: ${err.message}`, { offset: err.at })
  }
}
