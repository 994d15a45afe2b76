/**
 * workflow_run's `params` are strings (seed 003: `dict[str, str]`); each is read as the type the
 * workflow declares: numbers and integers as written, booleans as true/false, lists from a JSON
 * array (`["a.md","b.md"]`) or else comma-separated (`a.md, b.md`). Declared defaults fill the rest.
 */
import type { CodedError } from '../errors.js'
import { closest, validationError } from '../tools/validate.js'
import type { ParamType, Workflow } from './schema.js'

const TOOL = { name: 'workflow_run' }

function coerce(name: string, raw: string, type: ParamType): unknown {
  const bad = () => {
    throw validationError(TOOL, `Invalid type for params.${name}: expected ${type}`, {
      parameter: `params.${name}`,
      received: JSON.stringify(raw).slice(0, 200),
      expected: type,
    })
  }
  switch (type) {
    case 'string':
      return raw
    case 'number':
    case 'integer': {
      const n = raw.trim() === '' ? Number.NaN : Number(raw)
      return Number.isFinite(n) && (type === 'number' || Number.isSafeInteger(n)) ? n : bad()
    }
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : bad()
    case 'list':
      return listOf(raw) ?? bad()
  }
}

function listOf(raw: string): unknown[] | undefined {
  if (!raw.trim().startsWith('[')) return raw.trim() === '' ? [] : raw.split(',').map((s) => s.trim())
  try {
    const v = JSON.parse(raw)
    return Array.isArray(v) ? v : undefined
  } catch {
    return undefined
  }
}

/** The run's parameters; throws a 400 VALIDATION_ERROR naming the first wrong one. */
export function bindParams(workflow: Workflow, given: Record<string, string> = {}): Record<string, unknown> {
  const declared = workflow.params ?? {}
  const names = Object.keys(declared)
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(declared, name)) {
      const hint = closest(name, names)
      const known = names.length ? `; it takes ${names.join(', ')}` : '; it takes none'
      throw validationError(TOOL, `Unknown parameter: params.${name.slice(0, 64)} for workflow ${workflow.name}${hint ? ` (did you mean ${hint}?)` : known}`, {
        parameter: `params.${name.slice(0, 64)}`,
        valid_parameters: names,
      })
    }
  }
  const out: Record<string, unknown> = {}
  for (const [name, p] of Object.entries(declared)) {
    if (Object.hasOwn(given, name)) out[name] = coerce(name, given[name], p.type)
    else if (p.default !== undefined) out[name] = p.default
    else throw missing(workflow, name)
  }
  return out
}

function missing(workflow: Workflow, name: string): CodedError {
  const required = Object.entries(workflow.params ?? {})
    .filter(([, p]) => p.default === undefined)
    .map(([n, p]) => ({ name: n, type: p.type, description: p.description ?? '' }))
  return validationError(TOOL, `Missing required parameter: params.${name} (workflow ${workflow.name})`, {
    parameter: `params.${name}`,
    required_parameters: required,
  })
}
