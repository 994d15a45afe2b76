/**
 * Seed 003 `summarize`: `run(text, max_tokens=512, style=None)`. With an LLM, map-reduce over
 * chunks (token usage goes to history); without one, an extractive summary, marked as such in
 * `metadata.method` and in `messages`.
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { defineTool } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'
import { extractiveSummary } from '../../text/extractive.js'
import { llmSummary } from '../../text/llm-summary.js'

export default defineTool({
  name: 'summarize',
  toolset: 'codex',
  category: 'TEXT',
  description:
    'Summarize provided text (pass file content read with fs_read). Uses the configured LLM, chunking long input and merging the partial summaries; without an LLM, returns an extractive summary of the most important sentences (metadata.method tells which).',
  input: Type.Object({
    text: Type.String({ description: 'The text to summarize', minLength: 1 }),
    max_tokens: Type.Optional(Type.Integer({ description: 'Largest summary, in tokens (about 4 characters each)', default: 512, minimum: 16, maximum: 4096 })),
    style: Type.Optional(
      Type.String({
        description: 'How to write it: "bullet", "paragraph", "tl;dr", or any short instruction (the extractive fallback knows the first three)',
        maxLength: 200,
      }),
    ),
  }),
  examples: [
    {
      summary: 'A bullet summary',
      value: {
        text: 'Node.js is a JavaScript runtime built on V8. It uses an event-driven, non-blocking I/O model. npm is its package manager.',
        max_tokens: 128,
        style: 'bullet',
      },
    },
  ],
  output: ToolResult({
    method: StringEnum(['llm', 'extractive'], { description: 'How the summary was made' }),
    chunks: Type.Integer({ description: 'Pieces the text was cut into for the LLM' }),
    llm_calls: Type.Integer({ description: 'Chat completion calls made (chunks, merges)' }),
    merge_rounds: Type.Integer({ description: 'Intermediate merge rounds before the final one' }),
    model: Type.String({ description: 'The LLM model that answered' }),
    usage: Type.Object(
      { prompt_tokens: Type.Integer(), completion_tokens: Type.Integer(), total_tokens: Type.Integer() },
      { description: 'Tokens used, summed over the calls' },
    ),
    sentences_total: Type.Integer({ description: 'Sentences in the text (extractive)' }),
    sentences_selected: Type.Integer({ description: 'Sentences kept (extractive)' }),
    input_chars: Type.Integer({ description: 'Characters of input' }),
    summary_chars: Type.Integer({ description: 'Characters of the summary' }),
  }),
  scope: 'read',
  annotations: { title: 'Summarize text', readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  timeout: { defaultMs: 180_000, minMs: 1_000, maxMs: 600_000 },
  precheck({ text }) {
    if (text.trim() === '') fail('VALIDATION_ERROR', 'Value for text is empty: pass the text to summarize')
  },
  async execute({ text, max_tokens: maxTokens = 512, style }, ctx) {
    const llm = ctx.services.llm
    const inputChars = text.length
    if (llm?.configured) {
      const r = await llmSummary(llm, text, maxTokens, style, { signal: ctx.signal, onUsage: (u) => ctx.reportUsage(u) })
      if (r.truncated) ctx.warn(`The summary reached max_tokens (${maxTokens}) and may be cut off; ask for more tokens or a shorter style`)
      return {
        success: true,
        output: r.summary,
        error: null,
        metadata: {
          method: 'llm' as const,
          chunks: r.chunks,
          llm_calls: r.calls,
          merge_rounds: r.mergeRounds,
          model: r.model,
          usage: { prompt_tokens: r.usage.prompt_tokens, completion_tokens: r.usage.completion_tokens, total_tokens: r.usage.total_tokens },
          input_chars: inputChars,
          summary_chars: r.summary.length,
        },
      }
    }
    const r = extractiveSummary(text, maxTokens, style)
    ctx.warn(
      'No LLM is configured (set LLM_BASE_URL and LLM_MODEL), so this summary is extractive: the highest-ranked sentences of the text, unchanged and in their original order',
    )
    if (style !== undefined && !/^(bullets?( points?)?|paragraphs?|tl;?dr)$/i.test(style.trim())) {
      ctx.warn(`The extractive summary knows the styles bullet, paragraph and tl;dr; style "${style}" needs an LLM and was not applied`)
    }
    return {
      success: true,
      output: r.summary,
      error: null,
      metadata: {
        method: 'extractive' as const,
        sentences_total: r.sentencesTotal,
        sentences_selected: r.sentencesSelected,
        input_chars: inputChars,
        summary_chars: r.summary.length,
      },
    }
  },
})
