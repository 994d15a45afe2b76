/**
 * Input validation with seed 002 §5's messages. Fastify's own validation is off for tool routes:
 * REST and MCP calls must be checked by the same code and answer with the same words.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { codedError, type CodedError } from '../errors.js'
import type { AnyTool } from './define.js'
import { limitedInput } from './limits.js'

type JsonSchema = Record<string, any>

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv
const ajv = addFormats(new Ajv({ allErrors: false, useDefaults: true, coerceTypes: false, strict: false }))

// String lengths in code points, as JSON Schema and our exports say, but counted only when the
// UTF-16 length cannot decide: Ajv's own check walks every string (40 ms on a 10 MiB Write).
const codePoints = (s: string) => {
  let n = 0
  for (const _ of s) n++
  return n
}
const lengthKeyword = (keyword: 'minLength' | 'maxLength', within: (s: string, limit: number) => boolean) => {
  ajv.removeKeyword(keyword)
  ajv.addKeyword({
    keyword,
    type: 'string',
    schemaType: 'number',
    errors: true,
    validate: function check(limit: number, data: string) {
      const ok = within(data, limit)
      if (!ok)
        (check as { errors?: unknown[] }).errors = [
          { keyword, params: { limit }, message: `must NOT have ${keyword === 'maxLength' ? 'more' : 'fewer'} than ${limit} characters` },
        ]
      return ok
    },
  })
}
lengthKeyword('maxLength', (s, limit) => s.length <= limit || codePoints(s) <= limit)
lengthKeyword('minLength', (s, limit) => s.length >= 2 * limit || codePoints(s) >= limit)

export type Validation = { ok: true; value: Record<string, unknown> } | { ok: false; error: CodedError }

export function compileInputValidator(tool: AnyTool): (args: unknown) => Validation {
  const schema = limitedInput(tool.input) as JsonSchema
  const check: ValidateFunction = ajv.compile(schema)
  const properties: Record<string, JsonSchema> = schema.properties ?? {}
  const known = new Set(Object.keys(properties))
  const required = new Set<string>(schema.required ?? [])
  const absentWhenNull = new Set([...known].filter((k) => !required.has(k) && !acceptsNull(properties[k])))
  const nested = [...known].filter((k) => hasNestedObjects(properties[k]))
  return (args) => {
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return { ok: false, error: validationError(tool, 'The request body must be a JSON object of parameters', {}) }
    }
    // A fresh top-level object for defaults to land in (the body itself is parsed per request and
    // never shared), built in the same pass that refuses a misspelt parameter: a bug in the caller
    // that would otherwise pass silently.
    const value: Record<string, unknown> = {}
    for (const key of Object.keys(args)) {
      if (!known.has(key)) {
        const hint = closest(key, [...known])
        return {
          ok: false,
          error: validationError(tool, `Unknown parameter: ${key.slice(0, 64)}${hint ? ` (did you mean ${hint}?)` : ''}`, {
            parameter: key.slice(0, 64),
            valid_parameters: [...known],
          }),
        }
      }
      const v = (args as Record<string, unknown>)[key]
      // Seed 003's `None`: null for an optional parameter means "not given", so its default applies.
      if (v === null && absentWhenNull.has(key)) continue
      // Known names are the schema's own: never "__proto__".
      value[key] = v
    }
    for (const key of nested) if (value[key] !== undefined) value[key] = dropNulls(value[key], properties[key])
    if (!check(value)) return { ok: false, error: describe(tool, schema, check.errors![0], value) }
    const nul = nulAt(value, '')
    if (nul !== undefined) {
      return {
        ok: false,
        error: validationError(tool, `Value for ${nul || 'parameters'} contains a NUL character (\\u0000), which no parameter accepts`, { parameter: nul }),
      }
    }
    return { ok: true, value }
  }
}

/** Whether `s` itself accepts null: then a null is a value the tool handles, not an absence. */
function acceptsNull(s: JsonSchema | undefined): boolean {
  if (!s) return false
  if (s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null')) || s.const === null) return true
  if (Array.isArray(s.enum) && s.enum.includes(null)) return true
  return [s.anyOf, s.oneOf].some((list) => Array.isArray(list) && list.some(acceptsNull))
}

const hasNestedObjects = (s: JsonSchema | undefined): boolean =>
  !!s && (typeof s.properties === 'object' || (typeof s.items === 'object' && !Array.isArray(s.items) && hasNestedObjects(s.items)))

/**
 * The same rule inside objects the schema describes (and arrays of them): optional properties
 * that are null are left out. Copies what it changes; the caller's value is never touched.
 */
function dropNulls(v: unknown, s: JsonSchema): unknown {
  if (Array.isArray(v)) {
    if (typeof s.items !== 'object' || Array.isArray(s.items)) return v
    const items = v.map((item) => dropNulls(item, s.items))
    return items.some((item, i) => item !== v[i]) ? items : v
  }
  if (typeof v !== 'object' || v === null || typeof s.properties !== 'object') return v
  const required = new Set<string>(s.required ?? [])
  const out: Record<string, unknown> = {}
  let changed = false
  for (const [k, sub] of Object.entries(v)) {
    const prop = Object.hasOwn(s.properties, k) ? s.properties[k] : undefined
    if (sub === null && prop && !required.has(k) && !acceptsNull(prop)) {
      changed = true
      continue
    }
    const next = prop ? dropNulls(sub, prop) : sub
    changed ||= next !== sub
    // An unknown key stays, for the schema to refuse; defineProperty keeps "__proto__" a plain key.
    Object.defineProperty(out, k, { value: next, enumerable: true, writable: true, configurable: true })
  }
  return changed ? out : v
}

/**
 * Where a NUL character is, in a string value or a key, as a parameter name; undefined when none.
 * No parameter takes one: file names, command lines and Postgres text all end at it or refuse it.
 * Runs on validated arguments, whose sizes the schema has already bounded.
 */
function nulAt(v: unknown, at: string): string | undefined {
  if (typeof v === 'string') return v.includes('\0') ? at : undefined
  if (typeof v !== 'object' || v === null) return undefined
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const found = nulAt(v[i], `${at}[${i}]`)
      if (found !== undefined) return found
    }
    return undefined
  }
  for (const [k, sub] of Object.entries(v)) {
    const name = at ? `${at}.${k.slice(0, 64)}` : k.slice(0, 64)
    if (k.includes('\0')) return name
    const found = nulAt(sub, name)
    if (found !== undefined) return found
  }
  return undefined
}

/** What one failed keyword is about: the parameter's name, the value received, the schema's limits in words. */
interface Failure {
  name: string
  received: unknown
  constraints: ReturnType<typeof constraintText>
  params: Record<string, any>
}
type Described = [message: string, details: Record<string, unknown>]

const beyond =
  (what: string) =>
  (f: Failure): Described => [`Value for ${f.name} ${what}: ${f.params.limit}`, { parameter: f.name, received: f.received, constraints: f.constraints }]
const length =
  (what: string, bound: string) =>
  (f: Failure): Described => [
    `Value for ${f.name} is too ${what}: ${bound} length is ${f.params.limit}`,
    { parameter: f.name, received_length: String(f.received).length, constraints: f.constraints },
  ]
const items =
  (what: string, bound: string) =>
  (f: Failure): Described => [
    `Too ${what} items for ${f.name}: ${bound} is ${f.params.limit}`,
    { parameter: f.name, received_count: Array.isArray(f.received) ? f.received.length : 0, constraints: f.constraints },
  ]

/** The message and details of each keyword's failure (seed 002 §5); `required` needs the schema and is apart. */
const DESCRIBE: Record<string, (f: Failure) => Described> = {
  type: (f) => [
    `Invalid type for ${f.name || 'parameters'}: expected ${f.params.type}`,
    { parameter: f.name, received: show(f.received), expected: String(f.params.type) },
  ],
  enum: (f) => [
    `Invalid value for ${f.name}: must be one of [${(f.params.allowedValues as unknown[]).map((v) => `'${v}'`).join(', ')}]`,
    { parameter: f.name, received: JSON.stringify(f.received), valid_options: f.params.allowedValues },
  ],
  maximum: beyond('exceeds maximum'),
  exclusiveMaximum: beyond('exceeds maximum'),
  minimum: beyond('is below minimum'),
  exclusiveMinimum: beyond('is below minimum'),
  minLength: length('short', 'minimum'),
  maxLength: length('long', 'maximum'),
  pattern: (f) => [
    `Value for ${f.name} does not match pattern: ${f.params.pattern}`,
    { parameter: f.name, received: show(f.received), constraints: f.constraints },
  ],
  format: (f) => [`Invalid format for ${f.name}: expected ${f.params.format}`, { parameter: f.name, received: show(f.received) }],
  minItems: items('few', 'minimum'),
  maxItems: items('many', 'maximum'),
  additionalProperties: (f) => [`Unknown parameter: ${f.name ? `${f.name}.` : ''}${String(f.params.additionalProperty).slice(0, 64)}`, { parameter: f.name }],
}

function describe(tool: AnyTool, root: JsonSchema, e: ErrorObject, data: unknown): CodedError {
  const name = paramName(e.instancePath)
  if (e.keyword === 'required') return missingParameter(tool, root, e, name)
  const received = valueAt(data, e.instancePath)
  const failure: Failure = { name, received, constraints: constraintText(subschema(root, e.schemaPath)), params: e.params }
  const [message, details] = (Object.hasOwn(DESCRIBE, e.keyword) ? DESCRIBE[e.keyword](failure) : undefined) ?? [
    `Invalid value for ${name || 'parameters'}: ${e.message ?? 'not allowed'}`,
    { parameter: name, received: show(received) },
  ]
  return validationError(tool, message, details)
}

/** A required parameter is missing: named in full, with every required parameter of its object listed. */
function missingParameter(tool: AnyTool, root: JsonSchema, e: ErrorObject, name: string): CodedError {
  const missing = name ? `${name}.${e.params.missingProperty}` : String(e.params.missingProperty)
  const parent = subschema(root, e.schemaPath.replace(/\/required$/, ''))
  return validationError(tool, `Missing required parameter: ${missing}`, {
    parameter: missing,
    required_parameters: (parent.required ?? []).map((p: string) => ({
      name: p,
      type: typeName(parent.properties?.[p]),
      description: parent.properties?.[p]?.description ?? '',
    })),
  })
}

export function validationError(tool: AnyTool | { name: string }, message: string, details: Record<string, unknown>): CodedError {
  return codedError('VALIDATION_ERROR', message, { details: { tool: tool.name, ...details } })
}

/** `"100" (string)`, as seed 002 §5 prints a received value. */
function show(v: unknown): string {
  const type = v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v
  const text = JSON.stringify(v) ?? String(v)
  return `${text.length > 200 ? `${text.slice(0, 200)}…` : text} (${type})`
}

function typeName(s: JsonSchema | undefined): string {
  if (!s) return 'any'
  if (s.type) return Array.isArray(s.type) ? s.type.join(' | ') : s.type
  if (s.enum) return 'string'
  return 'any'
}

function constraintText(s: JsonSchema): string | undefined {
  const keys = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern']
  const parts = keys.filter((k) => s[k] !== undefined).map((k) => `${k}=${s[k]}`)
  return parts.length ? parts.join(', ') : undefined
}

/** A parameter's name for a message; nested names are the caller's, so each part is cut to 64. */
function paramName(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~').slice(0, 64))
    .reduce((acc, seg) => (/^\d+$/.test(seg) ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg), '')
}

function valueAt(data: unknown, instancePath: string): unknown {
  let cur: any = data
  for (const seg of instancePath.split('/').slice(1)) cur = cur?.[seg.replace(/~1/g, '/').replace(/~0/g, '~')]
  return cur
}

function subschema(root: JsonSchema, schemaPath: string): JsonSchema {
  let cur: any = root
  for (const seg of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean)) cur = cur?.[seg]
  // schemaPath ends at the keyword; its parent is the schema that declared it.
  return typeof cur === 'object' && cur !== null && !Array.isArray(cur) && 'type' in cur ? cur : parentOf(root, schemaPath)
}

function parentOf(root: JsonSchema, schemaPath: string): JsonSchema {
  const segs = schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean).slice(0, -1)
  let cur: any = root
  for (const seg of segs) cur = cur?.[seg]
  return cur ?? {}
}

/** Levenshtein distance, for "did you mean" hints. */
export function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]
    prev[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1))
      diag = tmp
    }
  }
  return prev[b.length]
}

export function closest(word: string, candidates: string[]): string | undefined {
  if (word.length > 64) return undefined
  const best = candidates.map((c) => ({ c, d: distance(word.toLowerCase(), c.toLowerCase()) })).sort((x, y) => x.d - y.d)[0]
  return best && best.d <= Math.max(2, Math.floor(word.length / 3)) ? best.c : undefined
}
