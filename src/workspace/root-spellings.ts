/**
 * Spellings of a server workspace root other than its real path: the configured
 * TOOLGATE_WORKSPACE when it is a link (as /tmp is on macOS). An absolute caller path is mapped
 * through them lexically, never by following host links, so the guard looks nothing up outside
 * the workspace. Kept per process like the protected paths (several apps may run in one process):
 * an app registers its spelling at start and releases it on close.
 */
import path from 'node:path'
import { isInside } from './paths.js'

interface Spelling {
  spelt: string
  real: string
}

const registered = new Set<Spelling>()

/** Treats `spelt` (absolute) as another name of the real root `real` until the returned function is called. */
export function registerRootSpelling(spelt: string, real: string): () => void {
  const entry = { spelt: path.resolve(spelt), real: path.resolve(real) }
  // `/` (or a parent of the root) would move every absolute path into the workspace instead of refusing it.
  if (isInside(entry.spelt, entry.real) || entry.spelt === path.parse(entry.spelt).root) {
    throw new Error(`${entry.spelt} cannot be registered as a name of ${entry.real}: it holds it`)
  }
  registered.add(entry)
  return () => {
    registered.delete(entry)
  }
}

/** `norm` (absolute, normalised) rewritten to the real root of each registered spelling it lies under. */
export function viaRootSpellings(norm: string): string[] {
  const out: string[] = []
  for (const { spelt, real } of registered) {
    if (isInside(spelt, norm)) out.push(path.join(real, path.relative(spelt, norm)))
  }
  return out
}
