/**
 * OpenAI's strict function calling (`strict: true`, Structured Outputs) accepts a subset of JSON
 * Schema. The rules applied here are those of OpenAI's "Supported schemas" guide:
 * - the root is an object; every object says `additionalProperties: false` and lists every one of
 *   its properties in `required`;
 * - an optional property becomes required and nullable (`type: [t, "null"]`, `null` added to an
 *   enum, a `{type: "null"}` branch added to an anyOf): the model sends null, which the server takes
 *   as "not given" (src/tools/validate.ts), so the parameter's default applies;
 * - kept keywords: KEPT below, and `format` only for the formats of STRICT_FORMATS;
 * - any other keyword (`default`, `minLength`, `maxLength`, `uniqueItems`, `examples`, `title`, other
 *   formats…) is dropped and said in the description instead, so the model still reads it; the
 *   server validates it as before;
 * - at most 10 levels of nested objects, 5,000 properties and 1,000 enum values in one schema.
 * A schema that cannot follow them (an object of free-form keys, such as `http`'s headers) is
 * exported with `strict: false` and its ordinary parameters; `reason` says why.
 */
import type { JsonSchema } from './json-schema.js'

export const STRICT_FORMATS = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'] as const
export const STRICT_KEYWORDS = [
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'description',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
] as const
const KEPT = new Set<string>(STRICT_KEYWORDS)
export const STRICT_LIMITS = { depth: 10, properties: 5000, enumValues: 1000 } as const

export type StrictResult = { ok: true; schema: JsonSchema } | { ok: false; reason: string }

class NotStrict extends Error {}

interface Tally {
  properties: number
  enumValues: number
}

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v)

/** How a dropped keyword reads in a description. */
function note(key: string, value: unknown): string {
  switch (key) {
    case 'default':
      return `Default: ${JSON.stringify(value)}.`
    case 'minLength':
      return `At least ${value} characters.`
    case 'maxLength':
      return `At most ${value} characters.`
    case 'uniqueItems':
      return value ? 'Items are unique.' : ''
    case 'format':
      return `Format: ${value}.`
    case 'examples':
      return Array.isArray(value) && value.length ? `Example: ${JSON.stringify(value[0])}.` : ''
    default:
      return ''
  }
}

/** Makes `s` also accept null (an optional property, in strict mode). */
function nullable(s: JsonSchema): JsonSchema {
  if (Array.isArray(s.anyOf)) {
    const hasNull = s.anyOf.some((v) => isObject(v) && v.type === 'null')
    return hasNull ? s : { ...s, anyOf: [...s.anyOf, { type: 'null' }] }
  }
  const out: JsonSchema = { ...s }
  if (typeof s.type === 'string') out.type = s.type === 'null' ? 'null' : [s.type, 'null']
  else if (Array.isArray(s.type) && !s.type.includes('null')) out.type = [...s.type, 'null']
  if ('const' in out) {
    out.enum = [out.const, null]
    delete out.const
  } else if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
  return out
}

function objectNode(s: JsonSchema, out: JsonSchema, depth: number, tally: Tally): void {
  if (depth > STRICT_LIMITS.depth) throw new NotStrict(`objects nest deeper than ${STRICT_LIMITS.depth} levels`)
  if (s.additionalProperties !== undefined && s.additionalProperties !== false) {
    throw new NotStrict('an object takes free-form keys (additionalProperties), which strict mode cannot express')
  }
  const props = isObject(s.properties) ? s.properties : {}
  const required = new Set(Array.isArray(s.required) ? s.required : [])
  const mapped: JsonSchema = {}
  for (const [name, sub] of Object.entries(props)) {
    const strict = node(isObject(sub) ? sub : {}, depth, tally)
    mapped[name] = required.has(name) ? strict : nullable(strict)
  }
  tally.properties += Object.keys(props).length
  out.type = 'object'
  out.properties = mapped
  out.required = Object.keys(props)
  out.additionalProperties = false
}

/** One schema node in strict form: kept keywords, the rest as description notes. */
function node(s: JsonSchema, depth: number, tally: Tally): JsonSchema {
  if (Array.isArray(s.oneOf) && !s.anyOf) return node({ ...s, anyOf: s.oneOf, oneOf: undefined }, depth, tally)
  if (s.allOf !== undefined || s.not !== undefined || s.if !== undefined) throw new NotStrict('allOf, not and if/then/else have no strict form')
  const out: JsonSchema = {}
  const notes: string[] = []
  for (const [key, value] of Object.entries(s)) {
    if (value === undefined || key === 'properties' || key === 'required' || key === 'additionalProperties' || key === 'items') continue
    if (key === 'anyOf' && Array.isArray(value)) out.anyOf = value.map((v) => node(isObject(v) ? v : {}, depth, tally))
    else if (key === 'format' && !(STRICT_FORMATS as readonly unknown[]).includes(value)) notes.push(note(key, value))
    else if (KEPT.has(key)) out[key] = value
    else notes.push(note(key, value))
  }
  if (Array.isArray(out.enum)) tally.enumValues += out.enum.length
  const types = Array.isArray(s.type) ? s.type : [s.type]
  if (types.includes('object') || isObject(s.properties)) objectNode(s, out, depth + 1, tally)
  if (types.includes('array')) {
    if (!isObject(s.items)) throw new NotStrict('an array without an item schema (or with a tuple of them) has no strict form')
    out.items = node(s.items, depth, tally)
  }
  if (out.type === undefined && out.anyOf === undefined && out.enum === undefined && out.const === undefined) {
    throw new NotStrict('a parameter of any type has no strict form')
  }
  const own = typeof out.description === 'string' ? out.description.trim() : ''
  // The notes read as sentences after the description's own words.
  const text = [own && notes.some(Boolean) && !/[.!?:]$/.test(own) ? `${own}.` : own, ...notes].filter(Boolean).join(' ')
  if (text) out.description = text
  return out
}

/** `parameters` (an object schema, $refs inlined) in OpenAI's strict form, or why it has none. */
export function toStrictParameters(parameters: JsonSchema): StrictResult {
  const tally: Tally = { properties: 0, enumValues: 0 }
  try {
    const schema = node({ ...parameters, type: 'object' }, 0, tally)
    if (tally.properties > STRICT_LIMITS.properties) throw new NotStrict(`more than ${STRICT_LIMITS.properties} properties`)
    if (tally.enumValues > STRICT_LIMITS.enumValues) throw new NotStrict(`more than ${STRICT_LIMITS.enumValues} enum values`)
    return { ok: true, schema }
  } catch (err) {
    if (err instanceof NotStrict) return { ok: false, reason: err.message }
    throw err
  }
}
