/**
 * What Grep hands to rg, resolved and checked once: the real search root, the rg binary and the
 * output being built. runRg only searches; it never resolves caller paths itself.
 */
import type { BlockPolicy } from '../../../workspace/index.js'
import type { GrepOutput, Mode } from './output.js'
import type { Sandbox } from '../../../sandbox/index.js'

export interface SearchTarget {
  /** Real path of the workspace root. */
  root: string
  /** Real path of the file or folder searched, relative to the root ('.' for the root). */
  rel: string
  abs: string
  isDir: boolean
}

export interface GrepJob {
  root: string
  target: SearchTarget
  /** Absolute path of the rg binary. */
  rg: string
  pattern: string
  ignoreCase: boolean
  multiline: boolean
  mode: Mode
  before: number
  after: number
  globs: string[]
  type?: string
  policy: BlockPolicy
  out: GrepOutput
  signal: AbortSignal
  /** rg runs in it, seeing the workspace read-only. */
  sandbox: Sandbox
}
