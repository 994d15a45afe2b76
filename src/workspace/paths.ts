/**
 * Pure path helpers shared by the workspace guard. Containment is always decided on whole path
 * segments (`/ws/a` never contains `/ws/a_evil`), and paths shown to callers are always posix
 * paths relative to the workspace root, so server paths never leak into messages.
 */
import path from 'node:path'

/** True when `p` is `base` itself or lies below it; compares with a trailing separator. */
export function isInside(base: string, p: string): boolean {
  if (p === base) return true
  const withSep = base.endsWith(path.sep) ? base : base + path.sep
  return p.startsWith(withSep)
}

/** Posix-style path of `p` relative to `root`; the root itself is `.`. */
export function relOf(root: string, p: string): string {
  const rel = path.relative(root, p)
  return rel === '' ? '.' : rel.split(path.sep).join('/')
}

/**
 * True when a relative path's `..` climb above where it starts at any point, even to come back:
 * `../ws/x` would work only in a workspace called `ws`, and whether a path works should not
 * depend on the names of folders outside the workspace.
 */
export function climbsAbove(rel: string): boolean {
  let depth = 0
  for (const seg of rel.split('/')) {
    if (seg === '..') {
      if (--depth < 0) return true
    } else if (seg !== '' && seg !== '.') depth++
  }
  return false
}

/** Non-empty segments of a posix-style relative path (`.` has none). */
export function segmentsOf(rel: string): string[] {
  return rel.split('/').filter((s) => s !== '' && s !== '.')
}

export function errnoOf(err: unknown): string | undefined {
  const code = (err as NodeJS.ErrnoException | null)?.code
  return typeof code === 'string' ? code : undefined
}
