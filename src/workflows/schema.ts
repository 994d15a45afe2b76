/**
 * Workflow schema v1, written once here: the checker validates files against it and
 * `GET /v1/schemas/workflow` publishes it as JSON Schema. What a schema cannot say (tool names,
 * step references, expressions, a tool's own arguments) is checked by check.ts.
 */
import { Type, type Static } from 'typebox'
import { StringEnum } from '../tools/schema.js'
import { MAX_EXPRESSION_LENGTH } from './expressions.js'

/** A workflow file is read whole, parsed and checked on one request: bounded so that all of it stays cheap. */
export const LIMITS = {
  /** Bytes of the file: composing a document is one turn of the event loop, ~50 ms for 32 KiB of flow lists on a slow 2-core machine. */
  fileBytes: 32 * 1024,
  /** Steps in the file, nested ones included. */
  steps: 200,
  /** for_each inside for_each inside… */
  nesting: 3,
  /** Items one for_each may go over. */
  forEachItems: 1000,
  /** Step runs in one workflow run, every iteration counted. */
  stepRuns: 1000,
  /** Parameters a workflow declares. */
  params: 50,
  /** Characters of a prompt or of any string value. */
  text: 100_000,
}

export const PARAM_TYPES = ['string', 'number', 'integer', 'boolean', 'list'] as const
export type ParamType = (typeof PARAM_TYPES)[number]

const IDENT = '^[A-Za-z_][A-Za-z0-9_]*$'
const Ident = (description: string) => Type.String({ pattern: IDENT, maxLength: 64, description })
const Text = (description: string, maxLength = LIMITS.text) => Type.String({ maxLength, description })

const Param = Type.Object(
  {
    type: StringEnum(PARAM_TYPES, { description: 'How the string given to workflow_run is read: a list from a JSON array or comma-separated' }),
    default: Type.Optional(Type.Unknown({ description: 'Used when the caller passes no value; without one the parameter is required' })),
    description: Type.Optional(Text('What the parameter is for', 2000)),
  },
  { additionalProperties: false },
)

const StepDef = Type.Object(
  {
    id: Ident('Unique in the file; later steps read this step as steps.<id>'),
    description: Type.Optional(Text('What the step does, for people reading the file', 2000)),
    if: Type.Optional(
      Type.Union([Text('An expression, with or without ${{ }}: the step runs only when it is true', MAX_EXPRESSION_LENGTH + 8), Type.Boolean()]),
    ),
    tool: Type.Optional(Type.String({ maxLength: 256, description: 'The tool to call, by its name (GET /v1/tools)' })),
    with: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { maxProperties: 100, description: "The tool's arguments; strings may hold ${{ }} expressions" }),
    ),
    agent: Type.Optional(Type.String({ maxLength: 256, description: 'A subagent type: the step is a Task call {description, prompt, subagent_type}' })),
    prompt: Type.Optional(Text("The agent's task; may hold ${{ }} expressions")),
    for_each: Type.Optional(
      Type.Union([
        Text('An expression giving a list, e.g. ${{ params.files }}', MAX_EXPRESSION_LENGTH + 8),
        Type.Array(Type.Unknown(), { maxItems: LIMITS.forEachItems }),
      ]),
    ),
    steps: Type.Optional(Type.Array(Type.Ref('Step'), { minItems: 1, description: 'for_each: the steps run for each item (${{ item }}, ${{ index }})' })),
  },
  {
    additionalProperties: false,
    description: 'One step: exactly one of tool (with with), agent (with prompt) or for_each (with steps)',
    oneOf: [{ required: ['tool'] }, { required: ['agent'] }, { required: ['for_each'] }],
    dependentRequired: { agent: ['prompt'], for_each: ['steps'], with: ['tool'], prompt: ['agent'], steps: ['for_each'] },
  },
)

const WorkflowDef = Type.Object(
  {
    version: Type.Literal(1, { description: 'Schema version: 1' }),
    name: Ident('The workflow name'),
    description: Type.Optional(Text('What the workflow does', 2000)),
    params: Type.Optional(
      Type.Record(Type.String({ pattern: IDENT, maxLength: 64 }), Type.Ref('Param'), {
        additionalProperties: false,
        maxProperties: LIMITS.params,
        description: 'Parameters, by name (letters, digits and _)',
      }),
    ),
    steps: Type.Array(Type.Ref('Step'), { minItems: 1, maxItems: LIMITS.steps, description: 'Run in order' }),
    outputs: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { maxProperties: 100, description: "The run's outputs; strings may hold ${{ }} expressions" }),
    ),
  },
  { additionalProperties: false },
)

/** The whole schema; its JSON form is what `GET /v1/schemas/workflow` answers. */
export const WorkflowSchema = Type.Cyclic({ Workflow: WorkflowDef, Step: StepDef, Param }, 'Workflow')

export interface Step {
  id: string
  description?: string
  if?: string | boolean
  tool?: string
  with?: Record<string, unknown>
  agent?: string
  prompt?: string
  for_each?: string | unknown[]
  steps?: Step[]
}

export interface Workflow {
  version: 1
  name: string
  description?: string
  params?: Record<string, Static<typeof Param>>
  steps: Step[]
  outputs?: Record<string, unknown>
}

/** The JSON Schema document, with its dialect and id. */
export function workflowJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'toolgate workflow v1',
    ...JSON.parse(JSON.stringify(WorkflowSchema)),
  }
}
