/** Small tools shared by the export tests; Read and Bash mirror seed 002 §1. */
import { Type } from 'typebox'
import { defineTool, type AnyTool } from '../../src/tools/define.js'
import { createRegistry } from '../../src/tools/registry.js'

type Extra = Partial<Pick<AnyTool, 'annotations' | 'output' | 'category' | 'toolset'>>

export function tool(name: string, description: string, input: AnyTool['input'], extra: Extra = {}): AnyTool {
  return defineTool({
    name,
    toolset: 'test',
    category: 'OTHER',
    description,
    input,
    output: Type.Object({ ok: Type.Boolean() }),
    scope: 'read',
    execute: () => ({}) as never,
    ...extra,
  }) as AnyTool
}

export const Read = tool(
  'Read',
  'Read contents of a file from the filesystem',
  Type.Object({
    file_path: Type.String({ description: 'Absolute path to the file to read' }),
    offset: Type.Optional(Type.Integer({ description: 'Line number to start reading from', minimum: 0 })),
    limit: Type.Optional(Type.Integer({ description: 'Maximum number of lines to read', minimum: 1, maximum: 10000 })),
  }),
  {
    category: 'FILE',
    output: Type.Object({ content: Type.String(), lines: Type.Integer() }),
    annotations: { title: 'Read file', readOnlyHint: true, openWorldHint: false },
  },
)

export const Bash = tool(
  'Bash',
  'Execute a bash command',
  Type.Object({
    command: Type.String({ description: 'The command to execute' }),
    timeout: Type.Optional(Type.Integer({ description: 'Timeout in milliseconds', default: 120000, minimum: 1000, maximum: 600000 })),
    run_in_background: Type.Optional(Type.Boolean({ description: 'Run command in background', default: false })),
  }),
)

export const readParameters = {
  type: 'object',
  properties: {
    file_path: { type: 'string', description: 'Absolute path to the file to read' },
    offset: { type: 'integer', description: 'Line number to start reading from', minimum: 0 },
    limit: { type: 'integer', description: 'Maximum number of lines to read', minimum: 1, maximum: 10000 },
  },
  required: ['file_path'],
}

/** Seed 002 §1, "Simple Tool Schema". */
export const seedOpenAIRead = {
  type: 'function',
  function: { name: 'Read', description: 'Read contents of a file from the filesystem', parameters: readParameters },
}

/** Seed 002 §1, "Tool with Enum Parameter". */
export const seedOpenAIBash = {
  type: 'function',
  function: {
    name: 'Bash',
    description: 'Execute a bash command',
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The command to execute' },
        timeout: { type: 'integer', description: 'Timeout in milliseconds', default: 120000, minimum: 1000, maximum: 600000 },
        run_in_background: { type: 'boolean', description: 'Run command in background', default: false },
      },
      required: ['command'],
    },
  },
}

/** Seed 002 §2. */
export const seedAnthropicRead = {
  name: 'Read',
  description: 'Read contents of a file from the filesystem',
  input_schema: readParameters,
}

export const NoteAdd = tool(
  'notebook.add_dependency',
  'Add a dependency to a notebook',
  Type.Object(
    {
      notebook: Type.String(),
      ref: Type.Ref('Dep'),
    },
    { $defs: { Dep: Type.Object({ name: Type.String(), version: Type.Optional(Type.String()) }) } },
  ),
)

export const Validate = tool(
  'validator.run_quality',
  'Run quality checks',
  Type.Object({
    level: Type.Union([Type.Literal('fast'), Type.Literal('full')]),
  }),
  { annotations: { destructiveHint: false } },
)

export const Empty = tool('ping', 'No arguments', Type.Object({}))

export const ALL: AnyTool[] = [Read, Bash, NoteAdd, Validate, Empty]

/** A tool as the registry serves it: its input schema with the default limits of src/tools/limits.ts. */
export function served(t: AnyTool): AnyTool {
  return createRegistry([t]).get(t.name)!.tool
}

type Limits = Record<string, Partial<Record<'maxLength' | 'maximum' | 'minimum', number>>>

/**
 * A seed's parameters plus the documented limits, added to the named properties. It only adds: a
 * limit the seed already states, or a property the seed lacks, is a mistake in the test.
 */
export function plusLimits<T extends { properties: Record<string, object> }>(params: T, limits: Limits): T {
  // Served schemas are closed too: the validator refuses an unknown parameter, and the schema says so.
  const out = { ...structuredClone(params), additionalProperties: false }
  for (const [name, added] of Object.entries(limits)) {
    const prop = out.properties[name] as Record<string, unknown> | undefined
    if (!prop) throw new Error(`the seed has no parameter ${name}`)
    for (const [k, v] of Object.entries(added)) {
      if (k in prop) throw new Error(`the seed already states ${name}.${k}`)
      prop[k] = v
    }
  }
  return out
}

/** Seed 002's Read and Bash as served: paths are PATH_MAX, commands 100,000 characters, integers 32-bit. */
export const READ_LIMITS: Limits = { file_path: { maxLength: 4096 }, offset: { maximum: 2_147_483_647 } }
export const BASH_LIMITS: Limits = { command: { maxLength: 100_000 } }

/**
 * A served schema split in two: what the seed wrote (`rest`, to compare with the seed exactly) and
 * the limits the registry added where the seed states none (`added`, as `path keyword=value`).
 */
export function splitLimits(served: unknown, seed: unknown, at = ''): { rest: unknown; added: string[] } {
  if (typeof served !== 'object' || served === null || Array.isArray(served)) return { rest: served, added: [] }
  const s = served as Record<string, unknown>
  const o = (typeof seed === 'object' && seed !== null ? seed : {}) as Record<string, unknown>
  const rest: Record<string, unknown> = {}
  const added: string[] = []
  for (const [k, v] of Object.entries(s)) {
    if ((k === 'maxLength' || k === 'maximum' || k === 'minimum') && !(k in o)) added.push(`${at || '.'} ${k}=${v}`)
    // Every served object is closed (limits.ts); that rule is checked on its own, not per seed.
    else if (k === 'additionalProperties' && v === false && !(k in o)) continue
    else if (k === 'properties' && typeof v === 'object' && v !== null) {
      const props: Record<string, unknown> = {}
      for (const [name, sub] of Object.entries(v)) {
        const split = splitLimits(sub, (o.properties as Record<string, unknown> | undefined)?.[name], `${at}.${name}`)
        props[name] = split.rest
        added.push(...split.added)
      }
      rest[k] = props
    } else if (k === 'items') {
      const split = splitLimits(v, o.items, `${at}[]`)
      rest[k] = split.rest
      added.push(...split.added)
    } else rest[k] = v
  }
  return { rest, added }
}
