/**
 * Which paths are the server's own (protected.ts keeps tools away from them): the data folder,
 * the secret files named by `*_FILE` settings, and the code. The code is the package root when it
 * lies inside the workspace (TOOLGATE_WORKSPACE=/); when the workspace is the checkout itself
 * (TOOLGATE_WORKSPACE=.), the entries that run or build the server, so the rest stays usable.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isInside } from './paths.js'
import type { ProtectedPath } from './protected.js'

/** The folder holding package.json, src/ and dist/ (this file is src/workspace/ or dist/workspace/). */
export const PACKAGE_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)))

/** What builds or runs the server, below the package root; protected when the workspace is the checkout. */
const CODE_ENTRIES = ['package.json', 'package-lock.json', 'node_modules', 'dist', 'src', 'scripts', 'migrations', 'tsconfig.json', '.git', '.npmrc']

const realOr = (p: string): string => {
  try {
    return fs.realpathSync.native(p)
  } catch {
    return path.resolve(p)
  }
}

export interface ServerPathsInput {
  dataDir: string
  /** Files secrets were read from (`*_FILE` settings). */
  secretFiles: string[]
  /** The workspace root (lexical or real). */
  workspace: string
  /** The package root; this checkout's by default. */
  packageRoot?: string
}

export function serverPaths(input: ServerPathsInput): ProtectedPath[] {
  const pkg = input.packageRoot ?? PACKAGE_ROOT
  const ws = realOr(input.workspace)
  const pkgInside = [pkg, realOr(pkg)].some((p) => p !== ws && isInside(ws, p))
  const code = pkgInside ? [pkg] : CODE_ENTRIES.map((e) => path.join(pkg, e))
  const data = path.resolve(input.dataDir)
  // A workspace inside the data folder (/srv/toolgate/workspace) is fine: the rest of it is outside.
  const wsInData = [data, realOr(data)].some((d) => d !== ws && isInside(d, ws))
  return [
    { path: data, kind: 'data', ...(wsInData && { except: ws }) },
    ...input.secretFiles.map((f): ProtectedPath => ({ path: path.resolve(f), kind: 'secret' })),
    ...code.map((p): ProtectedPath => ({ path: p, kind: 'code' })),
  ]
}

/**
 * Why the workspace cannot be `workspace` (it is, or lies inside, a protected path), or null. The
 * package root itself may hold the workspace (./workspace in a checkout), its code entries may not;
 * the data folder may hold it, but not be it.
 */
export function workspaceConflict(workspace: string, paths: ProtectedPath[]): string | null {
  const forms = [path.resolve(workspace), realOr(workspace)]
  for (const p of paths) {
    const targets = [p.path, realOr(p.path)]
    // The data folder may hold the workspace (its `except`), but not be it.
    const hit = (t: string, w: string) => (p.except ? t.toLowerCase() === w.toLowerCase() : isInside(t.toLowerCase(), w.toLowerCase()))
    if (forms.some((w) => targets.some((t) => hit(t, w)))) {
      const what = p.kind === 'data' ? 'the data folder (TOOLGATE_DATA_DIR)' : p.kind === 'secret' ? 'a secret file' : "toolgate's own code"
      return `TOOLGATE_WORKSPACE (${workspace}) is, or lies inside, ${what} at ${p.path}: the tools would reach the server's own files. Point it at a folder of its own (the default is ./workspace)`
    }
  }
  return null
}
