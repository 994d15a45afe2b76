/** Schema pieces and settings the six git tools share. */
import { Type } from 'typebox'
import type { ToolAnnotations } from '../../define.js'

export const RepoPath = Type.Optional(
  Type.String({
    description: 'Folder of the repository (or inside it), relative to the workspace root',
    default: '.',
  }),
)

export const GIT_TIMEOUT = { defaultMs: 30_000, minMs: 1_000, maxMs: 300_000 }

export const READ_ANNOTATIONS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
