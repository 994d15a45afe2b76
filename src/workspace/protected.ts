/**
 * The server's own files: its data folder (the database, the instance id, the generated secret
 * key), secret files it read its settings from, and its code. No tool reaches them, whatever the
 * workspace is: the path guard refuses them (as written and as really reached), listings leave
 * them out and the sandbox hides them. Kept per process, because every path check in the
 * workspace module consults it whoever calls it; an app registers its paths at start and
 * releases them on close.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fail } from '../errors.js'
import { isInside, relOf } from './paths.js'

export type ProtectedKind = 'data' | 'secret' | 'code'

export interface ProtectedPath {
  /** Absolute path, as configured (lexical). */
  path: string
  kind: ProtectedKind
  /** A folder inside it that is not protected: the workspace, when it lies in the data folder. */
  except?: string
}

interface Entry extends ProtectedPath {
  /** Its real path when it was registered: where it is, whatever a link on the way leads to since. */
  real: string | null
  /** The forms compared: the lexical path and its real path, lower-cased (case-insensitive file systems). */
  forms: string[]
  exceptForms: string[]
}

const registered = new Set<Entry>()

/** The real path of `p`; null when it is not there (yet): the lexical form still protects it. */
const realOf = (p: string): string | null => {
  try {
    return fs.realpathSync.native(p)
  } catch {
    return null
  }
}

const formsOf = (p: string, real = realOf(p)): string[] => [...new Set([path.resolve(p), ...(real ? [real] : [])])].map((f) => f.toLowerCase())

/** Protects `paths` until the returned function is called. */
export function protectPaths(paths: ProtectedPath[]): () => void {
  const entries = paths.map((p) => {
    const real = realOf(p.path)
    return { ...p, path: path.resolve(p.path), real, forms: formsOf(p.path, real), exceptForms: p.except ? formsOf(p.except) : [] }
  })
  for (const e of entries) registered.add(e)
  return () => {
    for (const e of entries) registered.delete(e)
  }
}

/** Whether `lower` (an absolute path, lower-cased) is inside the entry and not in its exception. */
const covers = (e: Entry, lower: string) => e.forms.some((f) => isInside(f, lower)) && !e.exceptForms.some((x) => isInside(x, lower))

/**
 * Every protected path now registered, with the places the sandbox hides: the path as configured
 * and its real path when registered. Not where a link on the way leads now: a shell could point it
 * elsewhere, uncovering the real folder or covering another key's workspace with an empty one.
 */
export function protectedPaths(): { path: string; kind: ProtectedKind; forms: string[]; covers(p: string): boolean }[] {
  return [...registered].map((e) => {
    const forms = [...new Set([e.path, e.real].filter((f): f is string => f !== null))]
    return { path: e.path, kind: e.kind, forms, covers: (p: string) => covers(e, path.resolve(p).toLowerCase()) }
  })
}

/** The protected path that `p` (absolute) is, or lies inside; undefined when none. */
export function protectedHit(p: string): ProtectedPath | undefined {
  if (registered.size === 0) return undefined
  const lower = path.resolve(p).toLowerCase()
  for (const e of registered) if (covers(e, lower)) return e
  return undefined
}

/** A protected path that lies inside the folder `dir` (absolute), or is it; undefined when none. */
export function protectedWithin(dir: string): ProtectedPath | undefined {
  const lower = path.resolve(dir).toLowerCase()
  for (const e of registered) if (e.forms.some((f) => isInside(lower, f))) return e
  return undefined
}

const WHAT: Record<ProtectedKind, string> = {
  data: "toolgate's own data folder (its database and keys)",
  secret: 'a secret file toolgate reads its settings from',
  code: "toolgate's own code",
}

/**
 * Refuses with 403 PATH_BLOCKED when any of `paths` (absolute) is protected; `shown` names the
 * path in the message as the caller wrote it (relative to the workspace), never the server's.
 */
export function assertNotProtected(shown: string, ...paths: (string | null | undefined)[]): void {
  for (const p of paths) {
    if (!p) continue
    const hit = protectedHit(p)
    if (hit) {
      fail('PATH_BLOCKED', `Access denied: ${shown} belongs to ${WHAT[hit.kind]}; no tool may read or change it, whatever the workspace`, {
        details: { path: shown, rule: `server-${hit.kind}` },
      })
    }
  }
}

/** Refuses a folder that holds a protected path (removing or binding it would reach that path). */
export function assertHoldsNoProtected(shown: string, dir: string): void {
  const hit = protectedWithin(dir)
  if (hit) {
    fail('PATH_BLOCKED', `Access denied: ${shown} holds ${WHAT[hit.kind]}, which no tool may read or change`, {
      details: { path: shown, rule: `server-${hit.kind}` },
    })
  }
}

/** Protected paths strictly below the folder `root` (absolute), as lower-case posix paths relative to it: what listings exclude. */
export function protectedBelow(root: string): string[] {
  const out = new Set<string>()
  const lowerRoot = root.toLowerCase()
  for (const e of registered) {
    for (const f of e.forms) {
      if (f !== lowerRoot && isInside(lowerRoot, f)) out.add(relOf(lowerRoot, f))
    }
  }
  return [...out]
}
