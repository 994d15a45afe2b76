/**
 * The guard's walk: follows a path from the real root one component at a time, as the kernel
 * would, reading symlinks itself (up to 40 hops) so that a dangling link's target is known.
 * Inside the root every step is taken through the folder opened before it (checked-dir.ts), so a
 * folder swapped for a link between two steps is refused, never followed out of the workspace.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { fail } from '../errors.js'
import { type CheckedDir, closeLater, movedBehindLink, openCheckedDir, openChild, openFolderBeneath } from './checked-dir.js'
import { mapFsError } from './fs-errors.js'
import { errnoOf, isInside, relOf, segmentsOf } from './paths.js'

export interface Walk {
  /** The real path reached: the target, or its deepest existing folder. */
  dir: string
  dirIsDir: boolean
  /** What is left of the path below `dir` (empty when the target exists). */
  missing: string[]
}

const MAX_HOPS = 40
const MISSING = new Set(['ENOENT', 'ENOTDIR'])

export const outside = (rel: string): never =>
  fail('PATH_OUTSIDE_WORKSPACE', `${rel} is, or passes through, a symbolic link that points outside the workspace; use a path to a file inside the workspace`)

const tooManyLinks = (rel: string): never => fail('INVALID_REQUEST', `Too many levels of symbolic links in ${rel}; point the link at a real file`)

/** Where the walk is: a real path, whether it is a folder, and that folder opened when it is inside the root. */
class Cursor {
  constructor(
    readonly root: string,
    public path: string,
    public isDir: boolean,
    private folder: CheckedDir | null,
  ) {}

  /** How to reach the entry `name` here: through the open folder, or (above the root) by path. */
  entry(name: string): string {
    if (this.folder !== null) return this.folder.at(name)
    // Only the root's own parent folders are walked by path: nothing inside the root ever is.
    if (isInside(this.root, this.path)) throw new Error(`walk: ${relOf(this.root, this.path)} was not opened`)
    return path.join(this.path, name)
  }

  /** Moves to the entry `name` here, opening it when it is a folder inside the root. */
  async down(name: string, isDir: boolean): Promise<void> {
    const next = path.join(this.path, name)
    const folder = !isDir || !isInside(this.root, next) ? null : await this.open(name, next)
    await this.moveTo(next, isDir, folder)
  }

  /** Opens the folder `name` here (the real path `next`): through the open folder, or entering the root from above, by path. */
  private open(name: string, next: string): Promise<CheckedDir> {
    const rel = relOf(this.root, next)
    return this.folder === null ? openCheckedDir(next, next, rel) : openChild(this.folder, name, rel)
  }

  /** Moves to the parent folder (opened afresh from the root when inside it). */
  async up(): Promise<void> {
    const parent = path.dirname(this.path)
    await this.moveTo(parent, true, isInside(this.root, parent) ? await openFolderBeneath(this.root, parent) : null)
  }

  /** Moves to `/`, where an absolute link starts. */
  jumpToTop(top: string): Promise<void> {
    return this.moveTo(top, true, null)
  }

  async moveTo(p: string, isDir: boolean, folder: CheckedDir | null): Promise<void> {
    closeLater(this.folder)
    this.path = p
    this.isDir = isDir
    this.folder = folder
  }

  async close(): Promise<void> {
    await this.folder?.close()
    this.folder = null
  }
}

/**
 * Follows `rel` from the real root. Stops at the first component that does not exist: `dir` is
 * the real path reached so far, `missing` what is left. It never looks at anything outside: a step
 * to a place neither inside the root nor one of the root's own parent folders (which a link spelt
 * from `/` walks down) is refused as outside before it is looked up, so a link that leaves and
 * climbs back in (`../x/../ws/f`) is refused whatever is there.
 */
export async function walk(realRoot: string, rel: string): Promise<Walk> {
  const todo = segmentsOf(rel)
  const at = new Cursor(realRoot, realRoot, true, await openCheckedDir(realRoot, realRoot, '.'))
  const stop = (missing: string[]): Walk => ({ dir: at.path, dirIsDir: at.isDir, missing: missing.filter((s) => s !== '.') })
  let hops = 0
  try {
    while (todo.length > 0) {
      const seg = todo.shift() as string
      if (seg === '.') continue
      if (!at.isDir) return stop([seg, ...todo]) // nothing is below a file (ENOTDIR, as the kernel says)
      const next = seg === '..' ? path.dirname(at.path) : path.join(at.path, seg)
      if (!isInside(realRoot, next) && !isInside(next, realRoot)) outside(rel)
      if (seg === '..') {
        await at.up()
        continue
      }
      const where = at.entry(seg)
      const st = await fs.lstat(where).catch((err: unknown) => (MISSING.has(errnoOf(err) ?? '') ? null : mapFsError(err, rel)))
      if (st === null) return stop([seg, ...todo])
      if (!st.isSymbolicLink()) {
        await at.down(seg, st.isDirectory())
        continue
      }
      if (++hops > MAX_HOPS) tooManyLinks(rel)
      // EINVAL: no longer a link, replaced since the lstat above
      const link = await fs.readlink(where).catch((err: unknown) => (errnoOf(err) === 'EINVAL' ? movedBehindLink(rel) : mapFsError(err, rel)))
      if (path.isAbsolute(link)) await at.jumpToTop(path.parse(link).root)
      todo.unshift(...link.split('/').filter((s) => s !== ''))
    }
    return stop([])
  } finally {
    await at.close()
  }
}
