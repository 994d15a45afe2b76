/**
 * The caller's `path` for Grep, Glob and fs_glob, through the workspace guard: inside the
 * workspace, not blocked for reading, existing; searches then run from its real path.
 */
import { fail } from '../../../errors.js'
import { assertAllowed, lstatBeneath } from '../../../workspace/index.js'
import type { ToolContext } from '../../define.js'
import type { SearchTarget } from './job.js'

export async function resolveTarget(ctx: ToolContext, userPath: string | undefined, want: 'folder' | 'any'): Promise<SearchTarget> {
  const res = await assertAllowed(ctx.workspace, userPath ?? '.', 'read', { policy: ctx.settings.blockPolicy })
  const abs = res.real as string
  const st = await lstatBeneath(res.root, abs, res.rel)
  if (!st.isDirectory()) {
    if (want === 'folder') fail('INVALID_REQUEST', `${res.rel} is not a folder; pass the folder to search in`, { details: { path: res.rel } })
    if (!st.isFile()) fail('INVALID_REQUEST', `${res.rel} is not a regular file or folder`, { details: { path: res.rel } })
  }
  return { root: res.root, rel: res.targetRel, abs, isDir: st.isDirectory() }
}
