/**
 * What an expression may refer to, where it stands: `params.<declared name>`, `steps.<id>.output`
 * or `.status` of a step that runs before it (not itself, not a later one, not inside a for_each it
 * is not in), and `item` / `index` inside a for_each only.
 */
import { closest } from '../tools/validate.js'
import { showPath, type Expr } from './expressions.js'
import type { Path } from './parse.js'

export interface StepInfo {
  id: string
  path: Path
  /** Order in the file (pre-order): a step may use the steps with a lower number. */
  seq: number
  /** Ids of the for_each steps around it, outermost first. */
  loops: string[]
  line: number
}

/** Where an expression stands: in a step (its own fields), or in `outputs` (after every step). */
export interface Where {
  /** The step whose field holds the expression; undefined for `outputs`. */
  step?: StepInfo
  /** for_each steps whose items the expression sees (a for_each's own `for_each:` and `if:` do not). */
  loops: string[]
}

export interface RefContext {
  steps: Map<string, StepInfo>
  params: string[]
}

type Ref = Extract<Expr, { kind: 'ref' }>
const ROOTS = ['params', 'steps', 'item', 'index']
const STEP_FIELDS = ['output', 'status']

/** The problem with one reference, or undefined when it is sound. */
export function refProblem(ref: Ref, where: Where, ctx: RefContext): string | undefined {
  const [root, name, field] = ref.path
  const shown = showPath(ref.path)
  switch (root) {
    case 'params': {
      if (name === undefined || ctx.params.includes(String(name))) return undefined
      const hint = closest(String(name), ctx.params)
      return `Unknown parameter reference: ${shown}${hint ? ` (did you mean params.${hint}?)` : ctx.params.length ? '' : ' (the workflow declares no params)'}`
    }
    case 'steps':
      return stepProblem(String(name ?? ''), field, shown, where, ctx)
    case 'item':
    case 'index':
      return where.loops.length ? undefined : `${root} is defined only inside a for_each's steps: ${shown} is outside any`
    default: {
      const hint = typeof root === 'string' ? closest(root, ROOTS) : undefined
      return `Unknown name in expression: ${shown}${hint ? ` (did you mean ${hint}?)` : ''}; use params.<name>, steps.<id>.output, item or index`
    }
  }
}

function stepProblem(id: string, field: string | number | undefined, shown: string, where: Where, ctx: RefContext): string | undefined {
  const target = ctx.steps.get(id)
  if (!target) {
    const hint = closest(id, [...ctx.steps.keys()])
    return `Unknown step reference: ${shown} (no step has the id ${JSON.stringify(id.slice(0, 64))}${hint ? `; did you mean steps.${hint}?` : ''})`
  }
  const self = where.step
  if (self && target.id === self.id) return `Cycle: step ${self.id} refers to its own result (${shown})`
  if (self?.loops.includes(target.id) || where.loops.includes(target.id)) {
    return `Cycle: step ${self?.id ?? target.id} is inside for_each ${target.id} and cannot use its result (${shown}), which exists once the loop has ended`
  }
  if (self && target.seq > self.seq) {
    return `Forward reference: step ${self.id} uses ${shown}, but step ${target.id} runs after it (line ${target.line}); a step can use only the steps before it`
  }
  const outer = target.loops.find((l) => !where.loops.includes(l) && !self?.loops.includes(l))
  if (outer) return `${shown} is inside for_each ${outer}: outside the loop use steps.${outer}.output, one entry per item`
  if (field === undefined || !STEP_FIELDS.includes(String(field))) {
    return `Invalid step reference: ${shown}; use steps.${target.id}.output (its result) or steps.${target.id}.status`
  }
  return undefined
}
