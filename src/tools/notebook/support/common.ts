/** What the five `alain` notebook tools share: their place in the catalog and the section schema. */
import { Type } from 'typebox'
import type { ToolAnnotations } from '../../define.js'
import { validationError } from '../../validate.js'

export const NOTEBOOK_TOOL = {
  toolset: 'alain',
  category: 'NOTEBOOK',
  scope: 'write',
  // Seed 000 §3: two consecutive errors from one tool in a session, then ESCALATE.
  escalates: true,
  supportsDryRun: true,
} as const

export function annotations(title: string, idempotent = false): ToolAnnotations {
  return { title, readOnlyHint: false, destructiveHint: false, idempotentHint: idempotent, openWorldHint: false }
}

export const SectionNumber = () => Type.Integer({ minimum: 1 })

/** Beyond the seed's `minimum: 1`: a section number must fit the database column (a clear 400, not a 500). */
export const MAX_SECTION = 10_000

export function checkSection(tool: string, section: number): void {
  if (section > MAX_SECTION) {
    throw validationError({ name: tool }, `Value for section_number exceeds maximum: ${MAX_SECTION}`, {
      parameter: 'section_number',
      received: section,
      constraints: `minimum=1, maximum=${MAX_SECTION}`,
    })
  }
}

/** Told in every emitting tool's description, so an agent knows what its indices mean. */
export const ORDER_RULE =
  'Cell indices are 0-based in the final notebook order: overview, setup markdown and setup code (indices 0-2), ' +
  "then sections by section number (markdown steps, narration and code in emission order, then the section's assessments), " +
  'then summary, next steps and references. Emitting into an earlier section moves later cells; the response says so.'
