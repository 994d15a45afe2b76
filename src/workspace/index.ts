/**
 * The workspace guard: every file, shell and git tool turns caller-supplied paths into files
 * through this module, so confinement to the workspace is decided in one place.
 */
export { resolveInside, relInside, realRootOf, type Resolution, type ResolveOptions } from './resolve.js'
export { registerRootSpelling } from './root-spellings.js'
export {
  isBlocked,
  parseBlockPolicy,
  assertAllowed,
  assertNotBlocked,
  defaultPolicy,
  blockRules,
  type BlockPolicy,
  type BlockRule,
  type AccessMode,
  type AllowOptions,
} from './blocked.js'
export {
  openForRead,
  readUpTo,
  readWithin,
  appendInside,
  type OpenedFile,
  type ReadOptions,
  type AppendOptions,
} from './open.js'
export { writeFileInside, type WriteOptions, type WriteResult } from './write.js'
export { isInside, relOf, segmentsOf } from './paths.js'
export { openPlainFolder, plainPath, type PlainPath } from './plain.js'
export { assertNoGitDirAmong, assertNotInGitDir } from './git-dirs.js'
export { mkdirInside } from './verify.js'
export { closeLater, forEachFolderDown, lstatBeneath, openCheckedDir, openChild, openFolderBeneath, usingFolder, type CheckedDir } from './checked-dir.js'
export { lstatEach, lstatEachBeneath, removeBeneath, walkBeneath } from './tree.js'
export { assertHoldsNoProtected, assertNotProtected, protectedBelow, protectedHit, type ProtectedPath } from './protected.js'
