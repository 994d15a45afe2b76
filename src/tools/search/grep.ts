/**
 * Seed 002 `Grep`: Claude Code's content search, with ripgrep semantics. The `rg` binary runs it
 * when installed (TOOLGATE_GREP_ENGINE=auto|rg), a JavaScript engine otherwise (or with =js);
 * both print through one GrepOutput and are held to the same tests. Files blocked for reading
 * (`.env*`, secrets/, *.key, *.pem) are never searched, `.git` never, .gitignore is honoured.
 */
import { Type } from 'typebox'
import { defineTool, type ToolContext } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'
import { unlessAborted } from './abort.js'
import { runJs } from './engine-js.js'
import { detectRg, runRg } from './engine-rg.js'
import fs from 'node:fs'
import type { Mode } from './file-search.js'
import { isBinary, openChecked } from './open-file.js'
import { FILE_TYPE_NAMES } from './file-types.js'
import { EntryFilter } from './filter.js'
import { GrepOutput } from './output.js'
import { compileRgRegex } from './rg-regex.js'
import { resolveTarget } from './target.js'
import type { GrepJob, SearchTarget } from './job.js'

const MODES = ['content', 'files_with_matches', 'count'] as const
const context = (description: string) => Type.Optional(Type.Integer({ minimum: 0, description }))

async function engineFor(ctx: ToolContext): Promise<'rg' | 'js'> {
  if (ctx.config.grepEngine !== 'auto') return ctx.config.grepEngine
  return (await detectRg()) !== null ? 'rg' : 'js'
}

/** An explicitly named binary file is reported, not searched (rg would print "binary file matches"). */
function isBinaryFile(target: SearchTarget, ctx: ToolContext): boolean {
  const opened = openChecked(target.root, target.abs, ctx.config.blockPolicy)
  if (!opened) return false
  try {
    return isBinary(opened.fd)
  } finally {
    fs.closeSync(opened.fd)
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
    glob: Type.Optional(Type.String({ description: 'Glob pattern to filter files (e.g. "*.js", "*.{ts,tsx}"); several separated by spaces; maps to rg --glob' })),
    output_mode: Type.Optional(StringEnum(MODES, { default: 'files_with_matches', description: 'content: matching lines; files_with_matches: file paths; count: match counts' })),
    '-B': context('Lines of context before each match (content mode)'),
    '-A': context('Lines of context after each match (content mode)'),
    '-C': context('Lines of context before and after each match (content mode)'),
    '-n': Type.Optional(Type.Boolean({ default: true, description: 'Show line numbers (content mode)' })),
    '-i': Type.Optional(Type.Boolean({ default: false, description: 'Case insensitive search' })),
    type: Type.Optional(StringEnum(FILE_TYPE_NAMES, { description: 'File type to search (rg --type), e.g. js, py, rust, go, java' })),
    head_limit: Type.Optional(Type.Integer({ minimum: 1, description: 'Only the first N lines or entries of the output, like | head -N' })),
    multiline: Type.Optional(Type.Boolean({ default: false, description: 'Patterns may span lines and . matches newlines (rg -U --multiline-dotall)' })),
  }),
  output: ToolResult({
    engine: StringEnum(['rg', 'js'], { description: 'Which engine searched' }),
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
    const policy = ctx.config.blockPolicy
    const filter = new EntryFilter({ globs, type: args.type, blocked: policy.read, gitignore: true })
    const engine = await engineFor(ctx)
    const re = engine === 'js' ? compileRgRegex(args.pattern, { ignoreCase, multiline }) : undefined
    const target = await resolveTarget(ctx, args.path, 'any')
    const out = new GrepOutput({
      mode, lineNumbers: args['-n'] !== false, context: before > 0 || after > 0, headLimit: args.head_limit,
      budget: Math.max(0, ctx.maxOutputSize - 1024),
    })
    const result = () => ({
      success: true, output: out.text, error: null,
      metadata: { engine, mode, matches: out.matches, files: out.files, truncated: out.truncated },
    })
    if (!target.isDir && isBinaryFile(target, ctx)) {
      ctx.warn(`${target.rel} is a binary file (it contains NUL bytes); it was not searched`)
      return result()
    }
    const job: GrepJob = {
      root: target.root, target, pattern: args.pattern, re, ignoreCase, multiline, mode, before, after, globs,
      type: args.type, filter, policy, out, signal: ctx.signal, sandbox: ctx.services.sandbox,
    }
    const run = await unlessAborted(ctx, () => (engine === 'rg' ? runRg(job) : runJs(job)), result)
    if (out.cutBy === 'size' || (out.truncated && out.cutBy === null)) {
      ctx.warn(`Output truncated to fit the output size limit (${ctx.maxOutputSize} bytes); narrow the search with path, glob, type or head_limit`)
    }
    if (run.skippedLarge.length > 0) {
      ctx.warn(`Not searched by the JavaScript engine (a line or a multiline file over 64 MB): ${run.skippedLarge.slice(0, 5).join(', ')}`)
    }
    return result()
  },
})
