/**
 * Seed 003 `git_diff`: `run(repo_path=".", rev=None, paths=None)`. Without `rev`, the work tree
 * and index against HEAD; with one revision, the work tree against it; with `A..B` or `A...B`,
 * between commits. Revisions are resolved to ids first; paths go after `--`, literally.
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { ChunkedText } from '../../lib/chunked-text.js'
import { RecordReader } from '../../lib/records.js'
import { Slices } from '../../lib/slices.js'
import { isBlocked, resolveInside } from '../../workspace/index.js'
import { defineTool, type ToolContext } from '../define.js'
import { ToolResult } from '../schema.js'
import { assertNotOption, parseRevRange } from './support/args.js'
import { GIT_TIMEOUT, READ_ANNOTATIONS, RepoPath } from './support/common.js'
import { blockedAmong, leftOutNote, onlyThese } from './support/blocked-files.js'
import { capList, clipText } from './support/output.js'
import { openRepo, requireObject, resolveObject, type Repo } from './support/repo.js'

/** git's empty tree, for diffs in a repository without commits (sha1 and sha256 repositories). */
const EMPTY_TREE = { 40: '4b825dc642cb6eb9a060e54bf8d69288fbee4904', 64: '6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321' }

// On the command line, --ignore-submodules beats a submodule's `ignore` in .gitmodules (config does not): git never enters a submodule, whose config nobody checked.
const DIFF_FLAGS = ['--no-color', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all']

async function revArgs(repo: Repo, rev: string | undefined): Promise<string[]> {
  if (rev === undefined || rev === '') {
    const head = await resolveObject(repo, 'HEAD^{commit}')
    if (head) return [head]
    const probe = await repo.git(['rev-parse', '--show-object-format'], { allowFail: true })
    return [probe.stdout.trim() === 'sha256' ? EMPTY_TREE[64] : EMPTY_TREE[40]]
  }
  const range = parseRevRange('rev', rev)
  const left = await requireObject(repo, 'rev', range.left === '' ? 'HEAD' : range.left)
  if (!range.op) return [left]
  const right = await requireObject(repo, 'rev', range.right === '' || range.right === undefined ? 'HEAD' : range.right)
  return [`${left}${range.op}${right}`]
}

/**
 * `git diff --numstat -z --patch` output: the totals and paths of the numstat part, and the patch
 * after it (as chunks, never joined whole); read a slice at a time (200,000 files took ~50 ms in one go).
 */
export async function splitNumstat(stdout: string | readonly string[]) {
  let insertions = 0
  let deletions = 0
  const files: string[] = []
  const touched: string[] = [] // files, and the old side of each rename
  const reader = new RecordReader(stdout, '\0')
  const slices = new Slices()
  for (let start = reader.mark, rec = reader.next(); rec !== undefined; start = reader.mark, rec = reader.next()) {
    if (slices.due) await slices.next()
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(rec)
    if (!m) {
      if (rec !== '') reader.reset(start) // no empty record between the parts: the patch starts here
      break
    }
    if (m[1] !== '-') insertions += Number(m[1])
    if (m[2] !== '-') deletions += Number(m[2])
    // a rename: an empty name, then the old and the new path
    if (m[3] === '') {
      touched.push(reader.next() ?? '')
      files.push(reader.next() ?? '')
    } else files.push(m[3])
  }
  // One at a time: push(...files) passed each as an argument, and 200,000 overflowed the stack (a 500).
  for (const file of files) touched.push(file)
  return { insertions, deletions, files, touched, patch: new ChunkedText(reader.rest()) }
}

/** Each path: never an option, inside the workspace (links included), not a blocked name. */
async function checkPaths(repo: Repo, paths: string[], ctx: ToolContext): Promise<string[]> {
  for (const p of paths) {
    assertNotOption('paths', p)
    if (p === '') fail('INVALID_REQUEST', 'Value for paths contains an empty path; pass paths relative to repo_path')
    const res = await resolveInside(ctx.workspace, repo.rel === '.' ? p : `${repo.rel}/${p}`, { allowMissing: true })
    const rule = isBlocked(res.rel, 'read', ctx.settings.blockPolicy) ?? isBlocked(res.targetRel, 'read', ctx.settings.blockPolicy)
    if (rule)
      fail('PATH_BLOCKED', `Access denied: ${res.rel} is a blocked path (${rule}); its diff cannot be shown through tools`, {
        details: { path: res.rel, rule },
      })
  }
  return paths
}

export default defineTool({
  name: 'git_diff',
  toolset: 'codex',
  category: 'GIT',
  description: 'Show a diff against HEAD (work tree and index), against a given revision, or between revisions (A..B, A...B), optionally limited to paths.',
  input: Type.Object({
    repo_path: RepoPath,
    rev: Type.Optional(
      Type.Union([Type.String(), Type.Null()], { description: 'A revision to diff the work tree against, or a range A..B / A...B; default HEAD' }),
    ),
    paths: Type.Optional(
      Type.Union([Type.Array(Type.String(), { maxItems: 200 }), Type.Null()], { description: 'Limit the diff to these paths (relative to repo_path)' }),
    ),
  }),
  examples: [{ summary: 'Changes in src since the last commit', value: { repo_path: '.', rev: 'HEAD', paths: ['src'] } }],
  output: ToolResult({
    files_changed: Type.Integer({ description: 'Files the diff touches' }),
    insertions: Type.Integer({ description: 'Lines added' }),
    deletions: Type.Integer({ description: 'Lines removed' }),
    files: Type.Array(Type.String(), { description: 'Paths the diff touches, relative to the repository top level' }),
    truncated: Type.Boolean({ description: 'Whether output was cut to fit X-Max-Output-Size' }),
  }),
  scope: 'read',
  annotations: { title: 'Git diff', ...READ_ANNOTATIONS },
  timeout: GIT_TIMEOUT,
  async execute({ repo_path = '.', rev, paths }, ctx) {
    if (typeof rev === 'string') parseRevRange('rev', rev) // refuse before touching the repository
    for (const p of paths ?? []) assertNotOption('paths', p)
    const repo = await openRepo(ctx, repo_path)
    const revs = await revArgs(repo, rev ?? undefined)
    const tail = ['--', ...(await checkPaths(repo, paths ?? [], ctx))]
    // One run: the numstat records (NUL-terminated), an empty record, then the patch.
    const args = ['diff', ...DIFF_FLAGS, '--numstat', '-z', '--patch', ...revs]
    let diff = await splitNumstat((await repo.git([...args, ...tail])).out.chunks)
    const hidden = await blockedAmong(repo, diff.touched, ctx.settings.blockPolicy)
    if (hidden.size > 0) {
      // Again, limited to the files that may be shown (from the top level, where numstat names them).
      const shown = diff.files.filter((f) => !hidden.has(f))
      diff = await splitNumstat(shown.length === 0 ? '' : (await repo.git([...args, ...onlyThese(shown)], { atTop: true })).out.chunks)
      ctx.warn(leftOutNote(hidden.size))
    }
    const { insertions, deletions, files, patch } = diff
    const out = clipText(patch, ctx, 'narrow it with paths or a smaller rev range')
    return {
      success: true,
      output: out.text === '' ? 'No differences\n' : out.text,
      error: null,
      metadata: { files_changed: files.length, insertions, deletions, files: capList(files), truncated: out.truncated },
    }
  },
})
