/**
 * Seed 003 `fs_remove`: delete a file, a link or (with `recursive`) a folder tree. The last path
 * component is never followed, so removing a link removes the link, wherever it points; the
 * folder holding it is opened through the guard and the removal goes through that descriptor,
 * a tree folder by folder (workspace/tree.ts), so a folder swapped for a link is never followed.
 * The workspace root is never removed, nor a tree holding blocked paths (`.env`, `.git/config`…).
 * Every deletion is announced in `messages`.
 */
import { promises as fs, type Stats } from 'node:fs'
import path from 'node:path'
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import {
  assertHoldsNoProtected,
  assertNotBlocked,
  assertNotInGitDir,
  assertNotProtected,
  isBlocked,
  realRootOf,
  relInside,
  relOf,
  removeBeneath,
  resolveInside,
  walkBeneath,
  type BlockPolicy,
  type CheckedDir,
} from '../../workspace/index.js'
import { mapFsError } from '../../workspace/fs-errors.js'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'
import { openDir } from './support/guard.js'

/** How many entries the folder `name` in `dir` holds, stopping at the first blocked path (returned). */
async function scan(dir: CheckedDir, name: string, rel: string, policy: BlockPolicy): Promise<{ count: number; blocked?: string }> {
  let count = 0
  let blocked: string | undefined
  await walkBeneath(dir, name, rel, (sub) => {
    count++
    blocked = isBlocked(sub, 'write', policy) !== null ? sub : undefined
    return blocked !== undefined
  })
  return { count, blocked }
}

const what = (st: Stats, rel: string) =>
  st.isSymbolicLink() ? `symbolic link ${rel} (the link only)` : st.isFile() ? `file ${rel} (${st.size} bytes)` : `special file ${rel}`

export default defineTool({
  name: 'fs_remove',
  toolset: 'codex',
  category: 'FILE',
  description: 'Remove file or directory.',
  input: Type.Object({
    path: Type.String({ description: 'File, link or folder to remove, relative to the workspace root (or absolute inside it)' }),
    recursive: Type.Optional(Type.Boolean({ description: 'Remove a folder and everything in it', default: false })),
    force: Type.Optional(Type.Boolean({ description: 'Succeed when the path does not exist', default: false })),
  }),
  examples: [{ summary: 'Remove a build folder', value: { path: 'build', recursive: true, force: true } }],
  output: ToolResult({
    removed: Type.Boolean({ description: 'True when something was removed' }),
    path: Type.String({ description: 'The path, relative to the workspace root' }),
    dry_run: Type.Boolean({ description: 'Present in a dry run: nothing was removed' }),
  }),
  scope: 'write',
  supportsDryRun: true,
  annotations: { title: 'Remove file or folder', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 60_000, maxMs: 300_000 },
  async execute({ path: userPath, recursive = false, force = false }, ctx) {
    const policy = ctx.settings.blockPolicy
    if (userPath.includes('\0')) fail('PATH_OUTSIDE_WORKSPACE', 'Path contains a NUL byte; remove it and pass a plain path relative to the workspace root')
    const root = await realRootOf(ctx.workspace)
    let norm = path.normalize(userPath === '' ? '.' : userPath)
    if (norm.length > 1) norm = norm.replace(/\/+$/, '')
    // Absolute spellings (the root's real path, or through the link it is reached by) become relative.
    if (norm !== '/' && path.isAbsolute(norm)) norm = await relInside(ctx.workspace, norm)
    if (norm === '.' || norm === '/') {
      fail('FORBIDDEN', 'fs_remove never removes the workspace root; name a file or folder inside it')
    }
    const name = path.basename(norm)
    if (name === '..')
      fail('PATH_OUTSIDE_WORKSPACE', `Path ${JSON.stringify(userPath)} climbs out of the workspace with '..'; use a path inside the workspace root`)
    const gone = (rel: string) => {
      if (!force) fail('FILE_NOT_FOUND', `File not found: ${rel}`, { details: { result: { metadata: { removed: false, path: rel } } } })
      return { success: true, output: `Nothing to remove: ${rel} does not exist`, error: null, metadata: { removed: false, path: rel } }
    }
    const parent = await resolveInside(ctx.workspace, path.dirname(norm)).catch((err: { code?: string }) => {
      if (err.code === 'FILE_NOT_FOUND') return null
      throw err
    })
    if (parent === null) return gone((await resolveInside(ctx.workspace, norm, { allowMissing: true })).rel)
    const rel = parent.rel === '.' ? name : `${parent.rel}/${name}`
    assertNotBlocked(rel, relOf(root, path.join(parent.target, name)), 'write', policy)
    // The named entry itself (never followed) must not be, or hold, the server's own files.
    assertNotProtected(rel, path.join(parent.target, name))
    assertHoldsNoProtected(rel, path.join(parent.target, name))
    await assertNotInGitDir(root, path.join(parent.target, name), rel)

    const dir = await openDir(root, parent.target, parent.rel, 'write', policy)
    try {
      const st = await fs.lstat(dir.at(name)).catch((err: unknown) => ((err as NodeJS.ErrnoException).code === 'ENOENT' ? null : mapFsError(err, rel)))
      if (st === null) return gone(rel)
      let label = what(st, rel)
      if (st.isDirectory()) {
        if (!recursive) fail('INVALID_REQUEST', `${rel} is a folder; set recursive to true to remove it and everything in it`)
        const tree = await scan(dir, name, rel, policy)
        if (tree.blocked !== undefined) {
          fail(
            'PATH_BLOCKED',
            `${rel} holds ${tree.blocked}, a blocked path that tools may not change; remove that by hand, or remove the other entries one by one`,
          )
        }
        label = `folder ${rel} and the ${tree.count} entries in it`
      }
      if (ctx.dryRun) {
        ctx.warn(`[Dry Run] Would delete ${label}`)
        return { success: true, output: `[Dry Run] Would delete ${label}`, error: null, metadata: { removed: false, path: rel, dry_run: true } }
      }
      await removeBeneath(dir, name, rel).catch((err: unknown) => mapFsError(err, rel))
      ctx.warn(`Deleted ${label}`)
      return { success: true, output: `Deleted ${label}`, error: null, metadata: { removed: true, path: rel } }
    } finally {
      await dir.close()
    }
  },
})
