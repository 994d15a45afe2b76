/**
 * What Grep hands to an engine, resolved and checked once: the real search root, the compiled
 * filters and (for the JavaScript engine) the regex, and the output being built. Engines only
 * search; they never resolve caller paths themselves.
 */
import type { BlockPolicy } from '../../workspace/index.js'
import type { Mode } from './file-search.js'
import type { EntryFilter } from './filter.js'
import type { GrepOutput } from './output.js'
import type { CompiledRegex } from './rg-regex.js'
import type { Sandbox } from '../../sandbox/index.js'

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
  pattern: string
  /** Compiled for the JavaScript engine (and to validate the pattern); unused by rg. */
  re?: CompiledRegex
  ignoreCase: boolean
  multiline: boolean
  mode: Mode
  before: number
  after: number
  globs: string[]
  type?: string
  filter: EntryFilter
  policy: BlockPolicy
  out: GrepOutput
  signal: AbortSignal
  /** rg runs in it, seeing the workspace read-only. */
  sandbox: Sandbox
}

export interface EngineRun {
  engine: 'rg' | 'js'
  /** Files the JavaScript engine left out for their size (a single line over 64 MB, multiline over 64 MB). */
  skippedLarge: string[]
}
