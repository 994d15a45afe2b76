/**
 * A workflow file against schema v1 (schema.ts), every error at once, in seed 002 §5's words:
 * "Missing required field: steps[0].id", "Invalid type for steps[1].if: expected string or boolean".
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import { closest } from '../tools/validate.js'
import type { ParsedFile, Path, Problem } from './parse.js'
import { workflowJsonSchema } from './schema.js'

const ajv = new Ajv2020({ allErrors: true, strict: false })
const check = ajv.compile(workflowJsonSchema())
const STEP_KINDS = ['tool', 'agent', 'for_each']
const STEP_FIELDS = ['id', 'description', 'if', 'tool', 'with', 'agent', 'prompt', 'for_each', 'steps']
const TOP_FIELDS = ['version', 'name', 'description', 'params', 'steps', 'outputs']
const PARAM_FIELDS = ['type', 'default', 'description']

const pathOf = (instancePath: string): (string | number)[] =>
  instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s))

/** `steps[0].with.file_path`, as messages name a place in the file. */
export const showField = (path: Path) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${String(p).slice(0, 64)}` : String(p).slice(0, 64))).join('') || 'the file'

const valueAt = (root: unknown, path: Path): unknown => path.reduce<any>((v, k) => (v == null ? undefined : v[k]), root)
const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'list' : Number.isInteger(v) ? 'integer' : typeof v)
const stepName = (root: unknown, path: Path) => {
  const id = (valueAt(root, path) as { id?: unknown } | undefined)?.id
  return typeof id === 'string' ? `Step ${id}` : `The step at ${showField(path)}`
}

/** Which fields an object at `path` may have, for "did you mean". */
function knownFields(path: Path): string[] {
  if (path.length === 0) return TOP_FIELDS
  if (path[path.length - 2] === 'params' && path.length === 2) return PARAM_FIELDS
  return STEP_FIELDS
}

function unknownField(path: Path, field: string): string {
  if (path.length === 1 && path[0] === 'params') return `Invalid parameter name: ${field.slice(0, 64)} (use letters, digits and _, not starting with a digit)`
  const hint = closest(field, knownFields(path))
  return `Unknown field: ${showField([...path, field])}${hint ? ` (did you mean ${hint}?)` : ''}`
}

/** One error as a message, or undefined for errors another one already says. */
function describe(e: ErrorObject, root: unknown, anyOf: Map<string, string[]>): { path: Path; message: string; key?: boolean } | undefined {
  const path = pathOf(e.instancePath)
  const at = showField(path)
  const p = e.params as Record<string, any>
  if (e.schemaPath.includes('/oneOf/') || e.schemaPath.includes('/anyOf/')) {
    if (e.keyword === 'type') anyOf.set(e.instancePath, [...(anyOf.get(e.instancePath) ?? []), String(p.type)])
    return undefined
  }
  switch (e.keyword) {
    case 'oneOf': {
      const given = STEP_KINDS.filter((k) => valueAt(root, [...path, k]) !== undefined)
      return given.length === 0
        ? { path, message: `${stepName(root, path)} does nothing: give it one of tool, agent or for_each` }
        : { path, message: `${stepName(root, path)} has ${given.join(' and ')}: a step is one of tool, agent or for_each; split it into steps` }
    }
    case 'anyOf':
      return { path, message: `Invalid type for ${at}: expected ${(anyOf.get(e.instancePath) ?? []).join(' or ')}, received ${typeOf(valueAt(root, path))}` }
    case 'additionalProperties':
      return { path: [...path, p.additionalProperty], key: true, message: unknownField(path, String(p.additionalProperty)) }
    case 'required':
      return { path, message: `Missing required field: ${showField([...path, p.missingProperty])}` }
    case 'dependentRequired':
      return { path: [...path, p.property], key: true, message: `${stepName(root, path)}: ${p.property} needs ${p.missingProperty} beside it` }
    case 'type':
      return { path, message: `Invalid type for ${at}: expected ${p.type}, received ${typeOf(valueAt(root, path))}` }
    case 'const':
      return { path, message: `Invalid value for ${at}: must be ${JSON.stringify(p.allowedValue)}` }
    case 'enum':
      return { path, message: `Invalid value for ${at}: must be one of [${(p.allowedValues as unknown[]).map((v) => `'${v}'`).join(', ')}]` }
    case 'pattern':
      return {
        path,
        message: `Invalid value for ${at}: ${JSON.stringify(String(valueAt(root, path)).slice(0, 64))} is not a name (letters, digits and _, not starting with a digit)`,
      }
    case 'maxLength':
      return { path, message: `Value for ${at} is too long: maximum length is ${p.limit}` }
    case 'minItems':
      return { path, message: `Too few items for ${at}: minimum is ${p.limit}` }
    case 'maxItems':
    case 'maxProperties':
      return { path, message: `Too many items for ${at}: maximum is ${p.limit}` }
    default:
      return { path, message: `Invalid value for ${at}: ${e.message ?? 'not allowed'}` }
  }
}

/** The file's problems against the schema; empty when it fits. */
export function schemaProblems(file: ParsedFile): Problem[] {
  if (check(file.value)) return []
  const anyOf = new Map<string, string[]>()
  const seen = new Set<string>()
  const problems: Problem[] = []
  for (const e of check.errors ?? []) {
    const d = describe(e, file.value, anyOf)
    if (!d || seen.has(d.message)) continue
    seen.add(d.message)
    problems.push({ ...file.at(d.path, { key: d.key }), message: d.message })
  }
  return problems
}
