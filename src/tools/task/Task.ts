/**
 * Seed 002 `Task` ("Launch a subagent"), as Claude Code's: a short description, the prompt and
 * the subagent type (a definition in TOOLGATE_AGENTS_DIR, listed by GET /v1/agents). The subagent
 * runs as the caller: it is offered only the tools its definition lists that the caller's scopes
 * allow, and each call it makes goes through the pipeline as the caller, recorded as a child of
 * this execution. The answer is ToolResult-shaped like every seed 002 tool: the subagent's final
 * answer as `output`, and what it did (steps, tool calls, tokens, a budget stop) in `metadata`.
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'
import { validationError } from '../validate.js'

const MIN_WORDS = 3
const MAX_WORDS = 5

const ToolCall = Type.Object({
  tool: Type.String({ description: 'The tool the subagent called' }),
  execution_id: Type.Union([Type.String(), Type.Null()], {
    description:
      'Its execution (GET /v1/executions/{id}); null when no call was made (arguments that were not JSON, a tool the subagent may not use, past the turn’s limit or the deadline)',
  }),
  status: StringEnum(['ok', 'error', 'pending'], { description: 'ok, error, or pending (held for approval: not run)' }),
  http_status: Type.Integer({ description: 'The status the call was answered with' }),
  error_code: Type.Optional(Type.String({ description: 'Why it failed or was refused' })),
  approval_id: Type.Optional(Type.String({ description: 'The approval a held call waits for' })),
})

const Usage = Type.Object(
  { prompt_tokens: Type.Integer(), completion_tokens: Type.Integer(), total_tokens: Type.Integer() },
  { description: "LLM tokens of the subagent's turns, summed" },
)

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean).length

export default defineTool({
  name: 'Task',
  toolset: 'claude',
  category: 'TASK',
  description:
    'Launch a subagent: an LLM that works on the prompt on its own with the tools its definition lists (only those your key may use), then answers. ' +
    'subagent_type names the agent (GET /v1/agents lists them: general-purpose, glossary-annotator, notebook-author, curator). ' +
    "Its final answer is the output; metadata lists its steps, every tool call it made with the call's execution id, its token usage, and the budget (steps, tokens, deadline) that stopped it, if one did.",
  input: Type.Object({
    description: Type.String({ description: 'A short (3-5 word) description of the task', minLength: 1, maxLength: 100 }),
    prompt: Type.String({ description: 'The task for the agent to perform', minLength: 1 }),
    subagent_type: Type.String({ description: 'The type of specialized agent to use for this task (GET /v1/agents)', minLength: 1, maxLength: 64 }),
  }),
  examples: [
    {
      summary: 'Have a subagent find where a function is defined',
      value: {
        description: 'Find the config loader',
        prompt: 'Find where the configuration is loaded and summarise which settings it reads, with file paths.',
        subagent_type: 'general-purpose',
      },
    },
  ],
  output: ToolResult({
    subagent_type: Type.String({ description: 'The agent that ran' }),
    steps: Type.Integer({ minimum: 0, description: 'Model turns it took' }),
    tool_calls: Type.Array(ToolCall, { description: 'Every tool call it made, in order' }),
    usage: Usage,
    stopped_by: Type.Union([StringEnum(['steps', 'tokens', 'deadline']), Type.Null()], {
      description: 'The budget that ended the run before a final answer, or null',
    }),
  }),
  scope: 'read',
  annotations: { title: 'Launch a subagent', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  // A subagent works for minutes; its deadline budget is this call's timeout (X-Timeout-Ms).
  timeout: { defaultMs: 600_000, minMs: 1000, maxMs: 3_600_000 },
  precheck({ description }) {
    const n = words(description)
    if (n < MIN_WORDS || n > MAX_WORDS) {
      throw validationError({ name: 'Task' }, `Value for description must be ${MIN_WORDS} to ${MAX_WORDS} words: got ${n}`, {
        parameter: 'description',
        received: JSON.stringify(description.slice(0, 100)),
        constraints: `${MIN_WORDS}-${MAX_WORDS} words`,
      })
    }
  },
  async execute({ prompt, subagent_type }, ctx) {
    const run = await ctx.services.agents.run({ type: subagent_type, prompt, ctx })
    for (const note of run.notes) ctx.warn(note)
    const stopped = run.stopped_by !== null
    return {
      success: !stopped,
      output: run.answer,
      error: stopped ? run.notes[0] : null,
      metadata: { subagent_type: run.subagent_type, steps: run.steps, tool_calls: run.tool_calls, usage: run.usage, stopped_by: run.stopped_by },
    }
  },
})
