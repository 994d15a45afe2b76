/** Small tools shared by the export tests; Read and Bash mirror seed 002 §1. */
import { Type } from 'typebox'
import { defineTool, type AnyTool } from '../../src/tools/define.js'

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

export const Read = tool('Read', 'Read contents of a file from the filesystem', Type.Object({
  file_path: Type.String({ description: 'Absolute path to the file to read' }),
  offset: Type.Optional(Type.Integer({ description: 'Line number to start reading from', minimum: 0 })),
  limit: Type.Optional(Type.Integer({ description: 'Maximum number of lines to read', minimum: 1, maximum: 10000 })),
}), {
  category: 'FILE',
  output: Type.Object({ content: Type.String(), lines: Type.Integer() }),
  annotations: { title: 'Read file', readOnlyHint: true, openWorldHint: false },
})

export const Bash = tool('Bash', 'Execute a bash command', Type.Object({
  command: Type.String({ description: 'The command to execute' }),
  timeout: Type.Optional(Type.Integer({ description: 'Timeout in milliseconds', default: 120000, minimum: 1000, maximum: 600000 })),
  run_in_background: Type.Optional(Type.Boolean({ description: 'Run command in background', default: false })),
}))

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

export const NoteAdd = tool('notebook.add_dependency', 'Add a dependency to a notebook', Type.Object({
  notebook: Type.String(),
  ref: Type.Ref('Dep'),
}, { $defs: { Dep: Type.Object({ name: Type.String(), version: Type.Optional(Type.String()) }) } }))

export const Validate = tool('validator.run_quality', 'Run quality checks', Type.Object({
  level: Type.Union([Type.Literal('fast'), Type.Literal('full')]),
}), { annotations: { destructiveHint: false } })

export const Empty = tool('ping', 'No arguments', Type.Object({}))

export const ALL: AnyTool[] = [Read, Bash, NoteAdd, Validate, Empty]
