/**
 * Seed 003 `git_show`: `run(repo_path=".", ref)`. A commit (message and patch), an annotated tag,
 * a tree listing or a blob's text; `ref` may be `<rev>:<path>`. The ref is resolved to an object id
 * first, and git is only ever given that id.
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { ChunkedText } from '../../lib/chunked-text.js'
import { isBlocked } from '../../workspace/index.js'
import { defineTool, type ToolContext } from '../define.js'
import { StringEnum, ToolResult } from '../schema.js'
import { parseShowRef } from './support/args.js'
import { GIT_TIMEOUT, READ_ANNOTATIONS, RepoPath } from './support/common.js'
import { blockedAmong, leftOutNote, mayShowBlocked, namesOfStatus, onlyThese } from './support/blocked-files.js'
import { clipText } from './support/output.js'
import { openRepo, requireObject, type Repo } from './support/repo.js'

/** Blobs above this are not loaded at all (git's output is buffered). */
const MAX_BLOB = 16 * 1024 * 1024
const TYPES = ['commit', 'tree', 'blob', 'tag'] as const

const SHOW = ['show', '--no-color', '--no-ext-diff', '--no-textconv']

/** A commit (or tag) as `git show` prints it, without the files the read policy blocks (blocked-files.ts). */
async function commitText(repo: Repo, sha: string, type: string, ctx: ToolContext): Promise<ChunkedText> {
  const text = (await repo.git([...SHOW, '--format=fuller', '--stat', '--patch', sha])).out
  const policy = ctx.settings.blockPolicy
  if (!mayShowBlocked(text, policy)) return text
  // The commit's files alone: a tag's own header would come first in this listing.
  const commit = type === 'tag' ? `${sha}^{commit}` : sha
  const listed = await repo.git([...SHOW, '--format=', '--name-status', '-z', commit], { atTop: true, allowFail: true })
  const names = listed.exitCode === 0 ? await namesOfStatus(listed.out.chunks) : null
  const hidden = names === null ? null : await blockedAmong(repo, names, policy)
  if (hidden?.size === 0) return text
  const count = hidden?.size ?? 0
  const note = hidden === null ? 'its files could not be listed, so none of them is shown' : leftOutNote(count)
  ctx.warn(note)
  const shown = (names ?? []).filter((n) => !hidden?.has(n))
  if (shown.length === 0) return new ChunkedText([`${(await repo.git([...SHOW, '--format=fuller', '--no-patch', sha])).stdout}\n[${note}]\n`])
  return (await repo.git([...SHOW, '--format=fuller', '--stat', '--patch', sha, ...onlyThese(shown)], { atTop: true })).out
}

export default defineTool({
  name: 'git_show',
  toolset: 'codex',
  category: 'GIT',
  description:
    'Show a git object: a commit (message and patch), an annotated tag, a tree listing, or a blob. ref is a revision such as HEAD~1, v1.0 or a commit id, or <rev>:<path> for a file or folder at that revision.',
  input: Type.Object({
    repo_path: RepoPath,
    ref: Type.String({ description: 'The object: a revision (HEAD, main~2, v1.0, an id) or <rev>:<path>' }),
  }),
  examples: [{ summary: 'The last commit', value: { repo_path: '.', ref: 'HEAD' } }],
  output: ToolResult({
    type: StringEnum(TYPES, { description: 'Object type: commit, tree, blob or tag' }),
    sha: Type.String({ description: 'Full object id' }),
    size: Type.Integer({ description: 'Object size in bytes' }),
    binary: Type.Boolean({ description: 'True for a blob that is not text (not shown)' }),
    truncated: Type.Boolean({ description: 'Whether output was cut to fit X-Max-Output-Size' }),
  }),
  scope: 'read',
  annotations: { title: 'Git show', ...READ_ANNOTATIONS },
  timeout: GIT_TIMEOUT,
  async execute({ repo_path = '.', ref }, ctx) {
    const parsed = parseShowRef('ref', ref)
    const repo = await openRepo(ctx, repo_path)
    if (parsed.path !== undefined) {
      const rel = repo.topRel === '.' ? parsed.path : `${repo.topRel}/${parsed.path}`
      const rule = isBlocked(parsed.path, 'read', ctx.settings.blockPolicy) ?? isBlocked(rel, 'read', ctx.settings.blockPolicy)
      if (rule)
        fail('PATH_BLOCKED', `Access denied: ${parsed.path} is a blocked path (${rule}); it cannot be shown through tools`, {
          details: { path: parsed.path, rule },
        })
    }
    const sha = parsed.path === undefined ? await requireObject(repo, 'ref', ref) : await requireObject(repo, 'ref', ref, '')
    // `<sha> <type> <size>`: both in one run (the sha on stdin, never an argument).
    const [, type, sizeText] = (await repo.git(['cat-file', '--batch-check'], { input: `${sha}\n` })).stdout.trim().split(' ') as [
      string,
      (typeof TYPES)[number],
      string,
    ]
    const size = Number(sizeText)
    let text: ChunkedText
    let binary = false
    if (type === 'blob') {
      if (size > MAX_BLOB) {
        fail('FILE_TOO_LARGE', `${ref} is a blob of ${size} bytes; git_show shows blobs up to ${MAX_BLOB} bytes. Check the file out and read it with fs_read`, {
          details: { size },
        })
      }
      text = (await repo.git(['cat-file', 'blob', sha])).out
      binary = text.head(8000).includes('\0')
      if (binary) text = new ChunkedText([`[binary blob ${sha}: ${size} bytes, not shown]\n`])
    } else if (type === 'tree') {
      text = (await repo.git(['ls-tree', '--long', sha])).out
    } else {
      text = await commitText(repo, sha, type, ctx)
    }
    const out = clipText(text, ctx, 'show a narrower object, such as <rev>:<path>')
    return {
      success: true,
      output: out.text,
      error: null,
      metadata: { type, sha, size, ...(type === 'blob' && { binary }), truncated: out.truncated },
    }
  },
})
