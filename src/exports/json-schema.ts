/**
 * Turns a tool's TypeBox schema into plain JSON Schema that LLM providers accept: enumerable keys
 * only (no `~kind`), every `$ref` inlined (providers resolve none), and a top level that is
 * always `{type: "object", properties, required?}`.
 */
export type JsonSchema = Record<string, unknown>

// Keywords whose value is a schema, a list of schemas, or a map of name → schema.
const SCHEMA_ONE = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
])
const SCHEMA_LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems'])
const SCHEMA_MAP = new Set(['properties', 'patternProperties', 'dependentSchemas'])
const DEF_KEYS = ['$defs', 'definitions'] as const
const DROPPED = new Set(['$defs', 'definitions', '$id', '$schema'])

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Deep copy of JSON data (defaults, enums, examples): enumerable own keys only. */
export function cloneData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneData)
  if (!isObject(value)) return value
  const out: JsonSchema = {}
  for (const key of Object.keys(value)) out[key] = cloneData(value[key])
  return out
}

type Scope = Record<string, JsonSchema>
interface Walk {
  scopes: Scope[]
  stack: string[]
}

function resolve(ref: string, walk: Walk): { def: JsonSchema; depth: number } {
  const local = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)
  const name = local ? decodeURIComponent(local[1]).replaceAll('~1', '/').replaceAll('~0', '~') : ref
  for (let depth = walk.scopes.length - 1; depth >= 0; depth--) {
    const scope = walk.scopes[depth]
    const def = Object.hasOwn(scope, name) ? scope[name] : local ? undefined : Object.values(scope).find((d) => d.$id === ref) // bare `$ref: "Node"` (TypeBox)
    if (def) return { def, depth }
  }
  if (ref === '#') throw new Error('cannot inline $ref "#": the schema refers to itself recursively')
  throw new Error(`cannot inline $ref "${ref}": only local $defs/definitions references are supported`)
}

function walkSchema(node: unknown, walk: Walk): unknown {
  if (Array.isArray(node)) return node.map((n) => walkSchema(n, walk)) // draft-07 tuple `items`
  if (!isObject(node)) return node // `true`/`false` schemas
  const defs: Scope = {}
  for (const k of DEF_KEYS) if (isObject(node[k])) Object.assign(defs, node[k])
  const inner: Walk = Object.keys(defs).length ? { ...walk, scopes: [...walk.scopes, defs] } : walk

  let out: JsonSchema = {}
  if (typeof node.$ref === 'string') {
    const ref = node.$ref
    if (inner.stack.includes(ref)) {
      throw new Error(
        `recursive schema: $ref chain ${[...inner.stack, ref].join(' -> ')} never ends; OpenAI and Anthropic tool schemas cannot express recursion`,
      )
    }
    const { def, depth } = resolve(ref, inner)
    const resolved = walkSchema(def, { scopes: inner.scopes.slice(0, depth + 1), stack: [...inner.stack, ref] })
    if (isObject(resolved)) out = resolved
  }
  for (const key of Object.keys(node)) {
    if (key === '$ref' || DROPPED.has(key)) continue
    const value = node[key]
    if (SCHEMA_ONE.has(key)) out[key] = walkSchema(value, inner)
    else if (SCHEMA_LIST.has(key) && Array.isArray(value)) out[key] = value.map((v) => walkSchema(v, inner))
    else if (SCHEMA_MAP.has(key) && isObject(value)) {
      const map: JsonSchema = {}
      for (const name of Object.keys(value)) map[name] = walkSchema(value[name], inner)
      out[key] = map
    } else out[key] = cloneData(value)
  }
  return out
}

/** Deep clone with `$ref`s inlined and `$defs`/`definitions`/`$id`/`$schema` removed. Throws on recursion. */
export function toPlainSchema(schema: unknown): JsonSchema {
  const out = walkSchema(schema, { scopes: [], stack: [] })
  return isObject(out) ? out : {}
}

/** `{type: "object", properties, required?, ...rest}`: the top level every tool surface requires. */
export function toObjectSchema(schema: JsonSchema): JsonSchema {
  const { type: _type, properties, required, ...rest } = schema
  const out: JsonSchema = { type: 'object', properties: isObject(properties) ? properties : {} }
  if (Array.isArray(required) && required.length > 0) out.required = required
  return Object.assign(out, rest)
}

const KEEP = new Set([
  'type',
  'properties',
  'required',
  'description',
  'enum',
  'const',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'nullable',
  'title',
  'examples',
])

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip)
  if (!isObject(node)) return node
  const out: JsonSchema = {}
  for (const key of Object.keys(node)) {
    if (!KEEP.has(key)) continue
    const value = node[key]
    if (key === 'items' || key === 'additionalProperties') out[key] = strip(value)
    else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) out[key] = value.map(strip)
    else if (key === 'properties' && isObject(value)) {
      const map: JsonSchema = {}
      for (const name of Object.keys(value)) map[name] = strip(value[name])
      out[key] = map
    } else out[key] = cloneData(value)
  }
  return out
}

/** Keeps only the keywords providers honour in function parameters, with an object top level. */
export function stripForProvider(schema: unknown): JsonSchema {
  const stripped = strip(schema)
  return toObjectSchema(isObject(stripped) ? stripped : {})
}

/** A tool's input schema as OpenAI/Anthropic/LangChain parameters. */
export function toParameters(schema: unknown): JsonSchema {
  return stripForProvider(toPlainSchema(schema))
}
