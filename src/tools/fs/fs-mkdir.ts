/**
 * Seed 003 `fs_mkdir`: create a folder, with its parents by default. Each level is created and
 * checked by the workspace guard in turn, so a link planted along the way cannot lead outside.
 */
import path from 'node:path'
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { assertAllowed, lstatBeneath, mkdirInside, openFolderBeneath, relOf } from '../../workspace/index.js'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'

export default defineTool({
  name: 'fs_mkdir',
  toolset: 'codex',
  category: 'FILE',
  description: 'Create a directory (optionally parents).',
  input: Type.Object({
    path: Type.String({ description: 'Folder to create, relative to the workspace root (or absolute inside it)' }),
    parents: Type.Optional(Type.Boolean({ description: 'Create missing parent folders too', default: true })),
    exist_ok: Type.Optional(Type.Boolean({ description: 'Succeed when the folder already exists', default: true })),
  }),
  examples: [{ summary: 'Create a nested folder', value: { path: 'artifacts/run-1', parents: true, exist_ok: true } }],
  output: ToolResult({
    created: Type.Boolean({ description: 'True when the folder was created by this call' }),
    path: Type.String({ description: 'The folder, relative to the workspace root' }),
    dry_run: Type.Boolean({ description: 'Present in a dry run: nothing was created' }),
  }),
  scope: 'write',
  supportsDryRun: true,
  annotations: { title: 'Create folder', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 10_000, maxMs: 60_000 },
  async execute({ path: userPath, parents = true, exist_ok = true }, ctx) {
    const res = await assertAllowed(ctx.workspace, userPath, 'write', { allowMissing: true, policy: ctx.settings.blockPolicy })
    const meta = { details: { result: { metadata: { path: res.rel, created: false } } } }
    if (res.real !== null) {
      const st = await lstatBeneath(res.root, res.real, res.rel)
      if (!st.isDirectory()) fail('CONFLICT', `${res.rel} exists and is not a folder; choose another name`, meta)
      if (!exist_ok) fail('CONFLICT', `Folder ${res.rel} already exists; set exist_ok to accept an existing folder`, meta)
      return { success: true, output: `Folder ${res.rel} already exists`, error: null, metadata: { created: false, path: res.rel } }
    }
    const parent = path.dirname(res.target)
    const parentExists = await openFolderBeneath(res.root, parent).then(
      (dir) => dir.close().then(() => true),
      (err: { code?: string }) => (err.code === 'FILE_NOT_FOUND' || err.code === 'INVALID_REQUEST' ? false : Promise.reject(err)),
    )
    if (!parents && !parentExists) {
      fail('FILE_NOT_FOUND', `Folder not found: ${relOf(res.root, parent)}; create it first or set parents to true`, meta)
    }
    if (ctx.dryRun) {
      return {
        success: true,
        output: `[Dry Run] Would create folder ${res.rel}${parentExists ? '' : ' and its missing parents'}`,
        error: null,
        metadata: { created: false, path: res.rel, dry_run: true },
      }
    }
    await mkdirInside(res.root, res.target)
    return { success: true, output: `Created folder ${res.rel}`, error: null, metadata: { created: true, path: res.rel } }
  },
})
