/**
 * Seed 002 `Grep`: Claude Code's content search, run by ripgrep (engine/rg.ts; 503
 * GREP_NOT_AVAILABLE without it). Files blocked for reading (`.env*`, secrets/, *.key, *.pem) are
 * never searched, `.git` never, .gitignore is honoured.
 */
import { Type } from 'typebox'
import { defineTool, type ToolContext } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'
import { unlessAborted } from './engine/abort.js'
import { requireRg, runRg } from './engine/rg.js'
import { openForRead } from '../../workspace/index.js'
import { FILE_TYPE_NAMES } from './engine/file-types.js'
import { GrepOutput, type Mode } from './engine/output.js'
import { resolveTarget } from './engine/target.js'
import type { GrepJob, SearchTarget } from './engine/job.js'

const MODES = ['content', 'files_with_matches', 'count'] as const
const context = (description: string) => Type.Optional(Type.Integer({ minimum: 0, description }))

const BINARY_PROBE_BYTES = 1 << 20

/** An explicitly named binary file is reported, not searched (rg would print "binary file matches"): a NUL in its first MiB, as rg tests. */
async function isBinaryFile(target: SearchTarget, ctx: ToolContext): Promise<boolean> {
  // Opened as Read opens (through its checked folders, never a link); a file that cannot be is left to rg, which refuses it too.
  const file = await openForRead(target.root, target.rel, { policy: ctx.settings.blockPolicy }).catch(() => null)
  if (file === null) return false
  try {
    const head = Buffer.allocUnsafe(BINARY_PROBE_BYTES)
    const { bytesRead } = await file.handle.read(head, 0, head.length, 0)
    return head.subarray(0, bytesRead).includes(0)
  } finally {
    await file.handle.close()
  }
}

export default defineTool({
  name: 'Grep',
  toolset: 'claude',
  category: 'FILE',
  description:
    'Search file contents with a regular expression (ripgrep syntax, e.g. "log.*Error", "function\\s+\\w+"). ' +
    'Filter files with glob (e.g. "*.js", "*.{ts,tsx}") or type (e.g. "js", "py"). output_mode "content" shows ' +
    'matching lines (with -n line numbers, -A/-B/-C context), "files_with_matches" (default) only paths, "count" ' +
    'matches per file. Respects .gitignore; never searches .git or files blocked for reading.',
  input: Type.Object({
    pattern: Type.String({ description: 'The regular expression pattern to search for in file contents' }),
    path: Type.Optional(Type.String({ description: 'File or directory to search in, relative to the workspace root. Defaults to the root' })),
    glob: Type.Optional(
      Type.String({ description: 'Glob pattern to filter files (e.g. "*.js", "*.{ts,tsx}"); several separated by spaces; maps to rg --glob' }),
    ),
    output_mode: Type.Optional(
      StringEnum(MODES, { default: 'files_with_matches', description: 'content: matching lines; files_with_matches: file paths; count: match counts' }),
    ),
    '-B': context('Lines of context before each match (content mode)'),
    '-A': context('Lines of context after each match (content mode)'),
    '-C': context('Lines of context before and after each match (content mode)'),
    '-n': Type.Optional(Type.Boolean({ default: true, description: 'Show line numbers (content mode)' })),
    '-i': Type.Optional(Type.Boolean({ default: false, description: 'Case insensitive search' })),
    type: Type.Optional(StringEnum(FILE_TYPE_NAMES, { description: 'File type to search (rg --type), e.g. js, py, rust, go, java' })),
    head_limit: Type.Optional(Type.Integer({ minimum: 1, description: 'Only the first N lines or entries of the output, like | head -N' })),
    multiline: Type.Optional(Type.Boolean({ default: false, description: 'Patterns may span lines and . matches newlines (rg -U --multiline-dotall)' })),
  }),
  examples: [{ summary: 'Lines defining functions in Python files', value: { pattern: 'def \\w+\\(', glob: '*.py', output_mode: 'content', '-n': true } }],
  output: ToolResult({
    engine: StringEnum(['rg'], { description: 'Which engine searched: always ripgrep' }),
    mode: StringEnum(MODES),
    matches: Type.Integer({ description: 'Matching lines printed (content), total count (count), or files listed (files_with_matches)' }),
    files: Type.Integer({ description: 'Files with matches in the output' }),
    truncated: Type.Boolean({ description: 'head_limit or the output size cut the result' }),
  }),
  scope: 'read',
  annotations: { title: 'Search file contents', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 60_000, maxMs: 600_000 },
  async execute(args, ctx) {
    const mode: Mode = args.output_mode ?? 'files_with_matches'
    const content = mode === 'content'
    const before = content ? (args['-B'] ?? args['-C'] ?? 0) : 0
    const after = content ? (args['-A'] ?? args['-C'] ?? 0) : 0
    const multiline = args.multiline === true
    const ignoreCase = args['-i'] === true
    const globs = (args.glob ?? '').split(/\s+/).filter((g) => g !== '')
    const policy = ctx.settings.blockPolicy
    const rg = await requireRg(ctx.settings.rg)
    const engine = 'rg' as const
    const target = await resolveTarget(ctx, args.path, 'any')
    const out = new GrepOutput({
      mode,
      lineNumbers: args['-n'] !== false,
      context: before > 0 || after > 0,
      headLimit: args.head_limit,
      budget: Math.max(0, ctx.maxOutputSize - 1024),
    })
    const result = () => ({
      success: true,
      output: out.text,
      error: null,
      metadata: { engine, mode, matches: out.matches, files: out.files, truncated: out.truncated },
    })
    if (!target.isDir && (await isBinaryFile(target, ctx))) {
      ctx.warn(`${target.rel} is a binary file (it contains NUL bytes); it was not searched`)
      return result()
    }
    const job: GrepJob = {
      root: target.root,
      target,
      rg: rg.path,
      pattern: args.pattern,
      ignoreCase,
      multiline,
      mode,
      before,
      after,
      globs,
      type: args.type,
      policy,
      out,
      signal: ctx.signal,
      sandbox: ctx.services.sandbox,
    }
    await unlessAborted(ctx, () => runRg(job), result)
    if (out.cutBy === 'size' || (out.truncated && out.cutBy === null)) {
      ctx.warn(`Output truncated to fit the output size limit (${ctx.maxOutputSize} bytes); narrow the search with path, glob, type or head_limit`)
    }
    return result()
  },
})
