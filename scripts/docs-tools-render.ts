/**
 * Renders docs/tools.md, the tool reference, from registered tools: pure (tools in, Markdown out)
 * so that `npm run docs:tools` writes it and test/docs/tools-reference.test.ts compares it.
 * It reads the registry's effective input schemas, so the limits shown are the ones enforced.
 */
import { toPlainSchema } from '../src/exports/json-schema.js'
import { TOOLSET_INSTRUCTIONS } from '../src/exports/toolset-instructions.js'
import { CATEGORY_ORDER } from '../src/tools/registry.js'
import type { AnyTool } from '../src/tools/define.js'

type Schema = Record<string, any>

/** The seed each toolset comes from (docs/specs/README.md). */
const TOOLSET_SEEDS: Record<string, string> = { alain: '000', booster: '001', claude: '002', codex: '003', glossary: '004' }
/** Nested objects are listed as `parent.child` rows down to this depth; deeper ones are just "object". */
const MAX_DEPTH = 3

/** Text for a Markdown table cell: one line, pipes escaped. */
export const cell = (text: string): string =>
  text
    .replace(/\r?\n+/g, ' ')
    .replace(/\|/g, '\\|')
    .trim()

/** An inline code span that survives backticks inside the value. */
export function code(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${text}${pad}${fence}`
}

/** `string`, `integer or null`, `array of string`, `object of string`, `one of "a", "b"`. */
export function typeOf(schema: Schema): string {
  if (schema.const !== undefined) return `exactly ${code(schema.const)}`
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(code).join(', ')}`
  const union = schema.anyOf ?? schema.oneOf
  if (Array.isArray(union) && union.every((s: Schema) => s.const !== undefined)) return `one of ${union.map((s: Schema) => code(s.const)).join(', ')}`
  if (Array.isArray(union)) return union.map(typeOf).join(' or ')
  if (Array.isArray(schema.type)) return schema.type.join(' or ')
  if (schema.type === 'array') return schema.items ? `array of ${typeOf(schema.items)}` : 'array'
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object' && !Object.keys(schema.properties ?? {}).length) {
    return `object of ${typeOf(schema.additionalProperties)}`
  }
  return schema.type ?? 'any'
}

const range = (min: unknown, max: unknown, unit: string): string | undefined => {
  if (min === undefined && max === undefined) return undefined
  if (min !== undefined && max !== undefined) return min === max ? `${unit}${min}` : `${unit}${min}–${max}`
  return min !== undefined ? `${unit}≥ ${min}` : `${unit}≤ ${max}`
}

/** The limits a schema (and the members of its union, and its array's items) carries. */
export function limitsOf(schema: Schema): string[] {
  const own = [
    range(schema.minimum, schema.maximum, ''),
    range(schema.minLength, schema.maxLength, 'length '),
    range(schema.minItems, schema.maxItems, 'items '),
    schema.pattern !== undefined ? `pattern ${code(schema.pattern)}` : undefined,
    schema.format !== undefined ? `format ${schema.format}` : undefined,
  ].filter((l): l is string => l !== undefined)
  const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined
  const nested = [...(schema.anyOf ?? schema.oneOf ?? []), ...(schema.type === 'array' && schema.items ? [schema.items] : []), ...(values ? [values] : [])]
  const prefix = (s: Schema) => (s === schema.items ? 'each: ' : s === values ? 'each value: ' : '')
  const inner = nested.flatMap((s: Schema) => limitsOf(s).map((l) => `${prefix(s)}${l}`))
  return [...new Set([...own, ...inner])]
}

interface ParameterRow {
  name: string
  schema: Schema
  required: boolean
}

/** The rows of an object schema: its properties, then those of nested objects and arrays of objects. */
export function parameterRows(schema: Schema, prefix = '', depth = 1): ParameterRow[] {
  const required = new Set<string>(schema.required ?? [])
  return Object.entries<Schema>(schema.properties ?? {}).flatMap(([key, child]) => {
    const name = `${prefix}${key}`
    const row = { name, schema: child, required: required.has(key) }
    if (depth >= MAX_DEPTH) return [row]
    if (child.type === 'object' && child.properties) return [row, ...parameterRows(child, `${name}.`, depth + 1)]
    if (child.type === 'array' && child.items?.type === 'object') return [row, ...parameterRows(child.items, `${name}[].`, depth + 1)]
    return [row]
  })
}

function parameterTable(tool: AnyTool): string[] {
  const rows = parameterRows(toPlainSchema(tool.input) as Schema)
  if (!rows.length) return ['No parameters.']
  return [
    '| parameter | type | required | default | limits | description |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(({ name, schema, required }) => {
      const dflt = schema.default === undefined ? '' : code(schema.default)
      return `| ${cell(code(name))} | ${cell(typeOf(schema))} | ${required ? 'yes' : ''} | ${cell(dflt)} | ${cell(limitsOf(schema).join('; '))} | ${cell(schema.description ?? '')} |`
    }),
  ]
}

function approvalOf(tool: AnyTool): string {
  if (tool.approval === 'always') return 'every call is held for approval'
  if (typeof tool.approval === 'function') return 'decided per call from its arguments and settings ([approvals.md](approvals.md))'
  return 'none (unless `TOOLGATE_APPROVAL_REQUIRED` names it)'
}

/** `120 s`, `1.5 s`, `250 ms`. */
export const duration = (ms: number): string => (ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`)

function facts(tool: AnyTool): string[] {
  const t = tool.timeout
  const timeout = t
    ? `${duration(t.defaultMs)} (${duration(t.minMs ?? 1)}–${duration(t.maxMs)} with \`X-Timeout-Ms\`)`
    : 'the gateway default ([api.md](api.md#context-headers))'
  const returns = Object.keys((toPlainSchema(tool.output) as Schema).properties ?? {})
  return [
    `- toolset \`${tool.toolset}\`, category \`${tool.category}\`, scope \`${tool.scope}\`, route \`POST /v1/tools/${tool.name}\``,
    `- approval: ${approvalOf(tool)}; dry run (\`X-Dry-Run: true\`): ${tool.supportsDryRun ? 'supported, changes nothing' : 'not supported'}`,
    `- timeout: ${timeout}${tool.rateLimit ? `; rate limit ${tool.rateLimit} per caller` : ''}${tool.xml ? '; answers XML with `Accept: application/xml`' : ''}`,
    ...(returns.length ? [`- returns: ${returns.map((r) => `\`${r}\``).join(', ')}`] : []),
  ]
}

function toolSection(tool: AnyTool): string[] {
  const description = tool.description.replace(/\s*\n\s*/g, ' ').trim()
  return [`### \`${tool.name}\``, '', ...facts(tool), '', description, '', ...parameterTable(tool), '']
}

/** Tools of a toolset in category order, then by name: stable whichever file a tool lives in. */
function sorted(tools: AnyTool[]): AnyTool[] {
  const rank = (t: AnyTool) => CATEGORY_ORDER.indexOf(t.category)
  return [...tools].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'en'))
}

function toolsetSection(toolset: string, tools: AnyTool[]): string[] {
  const seed = TOOLSET_SEEDS[toolset]
  const instructions = TOOLSET_INSTRUCTIONS[toolset]
  return [
    `## Toolset \`${toolset}\``,
    '',
    seed ? `Specification: [seed ${seed}](specs/seed-${seed}.md). ${tools.length} tools.` : `${tools.length} tools.`,
    '',
    ...(instructions ? [`Instructions served with this toolset (\`GET /v1/tools?toolset=${toolset}\`, the Harmony export):`, '', instructions, ''] : []),
    ...sorted(tools).flatMap(toolSection),
  ]
}

/** The whole of docs/tools.md. */
export function renderToolReference(tools: AnyTool[]): string {
  const toolsets = [...new Set(tools.map((t) => t.toolset))].sort()
  const of = (toolset: string) => tools.filter((t) => t.toolset === toolset)
  const index = toolsets.map(
    (ts) =>
      `- \`${ts}\`: ${sorted(of(ts))
        .map((t) => `\`${t.name}\``)
        .join(', ')}`,
  )
  const lines = [
    '# Tool reference',
    '',
    '<!-- Generated by `npm run docs:tools` (scripts/docs-tools.ts) from the tool definitions. Do not edit by hand. -->',
    '',
    `${tools.length} tools, grouped by toolset. Each is called with \`POST /v1/tools/{name}\` or over MCP; ` +
      "the limits are those the validator enforces (a tool's own, or the defaults of src/tools/limits.ts). " +
      'How calls, answers and errors work: [api.md](api.md); approvals: [approvals.md](approvals.md).',
    '',
    ...index,
    '',
    ...toolsets.flatMap((ts) => toolsetSection(ts, of(ts))),
  ]
  return `${lines.join('\n').replace(/\n+$/, '')}\n`
}
