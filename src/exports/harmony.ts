/**
 * The tools as gpt-oss's Harmony developer message expects them: a `# Tools` section of
 * TypeScript-like namespaces, laid out as openai/harmony's renderer lays them out (`## ns`, blank
 * line, `namespace ns {`, each function's description as `//` lines, `type fn = (_: {…}) => any;`
 * or `() => any;` without parameters, a blank line after each, `} // namespace ns`). Properties
 * sit at column 0, nested objects' properties (and their closing brace) 4 spaces further in;
 * integers are `number`; a string enum is a union of literals; optional properties carry `?`;
 * defaults trail the property (`// default: "x"`, an enum's without quotes, other values as JSON).
 *
 * Beyond the reference renderer, which drops them, each property's constraints get one comment
 * line each above it, after its description: `// type: integer`, `// format: …`, `// minLength:
 * 300`, `// pattern: ^Step [0-9]+: .+` (the regex as is), `// minimum: 1`, `// minItems: 3`…, and
 * for an array of scalars its items' own (`// items.minLength: 10`).
 *
 * Names: `notebook.add_dependency` is function `add_dependency` in namespace `notebook` (split at
 * the last dot), so the model calls `to=notebook.add_dependency`, the tool's own name; undotted
 * names go in namespace `functions`, so `Read` is called as `functions.Read`. `harmonyNameMap`
 * maps every recipient back to its tool. When a toolset with instructions (toolset-instructions.ts)
 * is included, the message opens with `# Instructions`.
 */
import type { AnyTool } from '../tools/define.js'
import { toParameters, type JsonSchema } from './json-schema.js'
import { instructionsFor } from './toolset-instructions.js'

export const DEFAULT_NAMESPACE = 'functions'
const NESTED_INDENT = '    '
const CONSTRAINTS = [
  'format',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
] as const

export interface HarmonyName {
  namespace: string
  /** The function's name inside its namespace. */
  function: string
  /** What the model writes after `to=`: `namespace.function`. */
  recipient: string
}

/** One tool as the Harmony export lists it (`exportTools('harmony', …)`). */
export interface HarmonyTool extends HarmonyName {
  /** The registered tool name the recipient calls. */
  tool: string
  /** The `//` description lines and the `type … => any;` declaration. */
  definition: string
}

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v)
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

export function harmonyNameOf(name: string): HarmonyName {
  const dot = name.lastIndexOf('.')
  const namespace = dot < 0 ? DEFAULT_NAMESPACE : name.slice(0, dot)
  const fn = dot < 0 ? name : name.slice(dot + 1)
  return { namespace, function: fn, recipient: `${namespace}.${fn}` }
}

const comment = (indent: string, text: string) => text.split('\n').map((line) => `${indent}// ${line}`.trimEnd())

const literal = (v: unknown) => JSON.stringify(v)

function typeList(schema: JsonSchema): string[] {
  return Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === 'string') : typeof schema.type === 'string' ? [schema.type] : []
}

/** Whether `schema` renders as a union, which needs parentheses before `[]`. */
function isUnion(schema: JsonSchema): boolean {
  const variants = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  return (
    (Array.isArray(schema.enum) && schema.enum.length > 1) ||
    (Array.isArray(variants) && variants.length > 1) ||
    typeList(schema).length > 1 ||
    schema.nullable === true
  )
}

/** The TypeScript-like type of `schema`; `indent` is where an object's properties would sit. */
export function typeOf(schema: unknown, indent: string): string {
  if (!isObject(schema)) return 'any'
  let out: string
  const variants = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  const types = typeList(schema)
  if ('const' in schema) out = literal(schema.const)
  else if (Array.isArray(schema.enum) && schema.enum.length > 0) out = schema.enum.map(literal).join(' | ')
  else if (Array.isArray(variants) && variants.length > 0) out = [...new Set(variants.map((v) => typeOf(v, indent)))].join(' | ')
  else if (Array.isArray(schema.allOf) && schema.allOf.length > 0) out = schema.allOf.map((v) => typeOf(v, indent)).join(' & ')
  else if (types.length > 1) out = [...new Set(types.map((t) => typeOf({ ...schema, type: t, nullable: false }, indent)))].join(' | ')
  else {
    const type = types[0] ?? (isObject(schema.properties) ? 'object' : schema.items !== undefined ? 'array' : undefined)
    out = scalarOrComposite(type, schema, indent)
  }
  return schema.nullable === true && !out.split(' | ').includes('null') ? `${out} | null` : out
}

function scalarOrComposite(type: string | undefined, schema: JsonSchema, indent: string): string {
  switch (type) {
    case 'string':
      return 'string'
    case 'integer':
    case 'number':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'null':
      return 'null'
    case 'array': {
      if (Array.isArray(schema.items)) return `[${schema.items.map((i) => typeOf(i, indent)).join(', ')}]`
      if (!isObject(schema.items)) return 'any[]'
      const item = typeOf(schema.items, indent)
      return isUnion(schema.items) ? `(${item})[]` : `${item}[]`
    }
    case 'object': {
      if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) return objectType(schema, indent)
      if (isObject(schema.additionalProperties)) return `Record<string, ${typeOf(schema.additionalProperties, indent)}>`
      return 'object'
    }
    default:
      return 'any'
  }
}

/** `{`, one entry per property at `indent` (comments above, default after), `indent}`. */
function objectType(schema: JsonSchema, indent: string): string {
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const lines = ['{']
  for (const [key, raw] of Object.entries(schema.properties as JsonSchema)) {
    const prop = isObject(raw) ? raw : {}
    if (typeof prop.description === 'string') lines.push(...comment(indent, prop.description))
    if (Array.isArray(prop.examples) && prop.examples.length > 0) {
      lines.push(`${indent}// Examples:`, ...prop.examples.map((e) => `${indent}// - ${literal(e)}`))
    }
    for (const c of constraintsOf(prop)) lines.push(`${indent}// ${c}`)
    const name = IDENTIFIER.test(key) ? key : literal(key)
    lines.push(`${indent}${name}${required.has(key) ? '' : '?'}: ${typeOf(prop, indent + NESTED_INDENT)},${defaultOf(prop)}`)
  }
  lines.push(`${indent}}`)
  return lines.join('\n')
}

function constraintsOf(prop: JsonSchema): string[] {
  const out: string[] = []
  const own = (s: JsonSchema, prefix: string) => {
    if (typeList(s).includes('integer')) out.push(`${prefix}type: integer`)
    for (const key of CONSTRAINTS) if (s[key] !== undefined) out.push(`${prefix}${key}: ${typeof s[key] === 'string' ? s[key] : literal(s[key])}`)
  }
  own(prop, '')
  // an array of scalars: its items' constraints (an array of objects shows them on the fields)
  if (isObject(prop.items) && !isObject(prop.items.properties)) {
    if (typeof prop.items.description === 'string') out.push(`items: ${prop.items.description.replace(/\n/g, ' ')}`)
    own(prop.items, 'items.')
  }
  return out
}

function defaultOf(prop: JsonSchema): string {
  if (!('default' in prop)) return ''
  const value = prop.default
  if (typeof value === 'string') return Array.isArray(prop.enum) ? ` // default: ${value}` : ` // default: ${literal(value)}`
  return ` // default: ${literal(value)}`
}

/** A tool's description lines and its `type` declaration. */
function definitionOf(tool: AnyTool, fn: string): string {
  const params = toParameters(tool.input)
  const props = isObject(params.properties) ? params.properties : {}
  const signature = Object.keys(props).length === 0 ? `type ${fn} = () => any;` : `type ${fn} = (_: ${objectType(params, '')}) => any;`
  return [...comment('', tool.description), signature].join('\n')
}

export function toHarmony(tool: AnyTool): HarmonyTool {
  const name = harmonyNameOf(tool.name)
  return { ...name, tool: tool.name, definition: definitionOf(tool, name.function) }
}

/** Recipient (`functions.Read`, `notebook.add_dependency`) → tool name, for every tool. Throws on a clash. */
export function harmonyNameMap(tools: readonly AnyTool[]): Record<string, string> {
  const map: Record<string, string> = {}
  for (const tool of tools) {
    const { recipient } = harmonyNameOf(tool.name)
    if (Object.hasOwn(map, recipient)) throw new Error(`tools "${map[recipient]}" and "${tool.name}" would both be called as ${recipient} in Harmony`)
    map[recipient] = tool.name
  }
  return map
}

/** The `# Tools` section: one namespace per group, in the order the groups first appear. */
export function harmonyToolsSection(tools: readonly AnyTool[]): string {
  harmonyNameMap(tools) // refuses clashing names before anything is rendered
  const groups = new Map<string, HarmonyTool[]>()
  for (const tool of tools.map(toHarmony)) groups.set(tool.namespace, [...(groups.get(tool.namespace) ?? []), tool])
  const sections = [...groups].map(([ns, list]) =>
    [`## ${ns}\n`, `namespace ${ns} {\n`, ...list.map((t) => `${t.definition}\n`), `} // namespace ${ns}`].join('\n'),
  )
  return ['# Tools', ...sections].join('\n\n')
}

/** The developer message's content: `# Instructions` (when a toolset has some), then `# Tools`. */
export function harmonyDeveloperMessage(tools: readonly AnyTool[]): string {
  const sections: string[] = []
  const instructions = instructionsFor(tools)
  if (instructions !== null) sections.push('# Instructions', instructions)
  if (tools.length > 0) sections.push(harmonyToolsSection(tools))
  return sections.join('\n\n')
}
