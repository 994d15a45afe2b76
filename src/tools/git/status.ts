/**
 * Seed 003 `git_status`: `run(repo_path=".")`. The short status as output; branch, ahead/behind
 * and the staged, modified, untracked and conflicted paths (from porcelain v2) as metadata.
 */
import { Type } from 'typebox'
import { records } from '../../lib/records.js'
import { Slices } from '../../lib/slices.js'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'
import { CappedList, clip, clipText } from './support/output.js'
import { openRepo } from './support/repo.js'
import { READ_ANNOTATIONS, GIT_TIMEOUT, RepoPath } from './support/common.js'

interface Parsed {
  branch: string | null
  upstream: string | null
  ahead: number
  behind: number
  staged: CappedList
  modified: CappedList
  untracked: CappedList
  conflicted: CappedList
}

/** The rest of `record` after its first `fields` space-separated fields (a path may hold spaces itself). */
function afterFields(record: string, fields: number): string {
  let at = -1
  for (let i = 0; i < fields && (at = record.indexOf(' ', at + 1)) !== -1; i++);
  return at === -1 ? '' : record.slice(at + 1)
}

/** Parses `git status --porcelain=v2 --branch -z`, a slice at a time (a change can touch 300,000 files). */
async function parseStatusV2(out: readonly string[]): Promise<Parsed> {
  const p: Parsed = {
    branch: null,
    upstream: null,
    ahead: 0,
    behind: 0,
    staged: new CappedList(),
    modified: new CappedList(),
    untracked: new CappedList(),
    conflicted: new CappedList(),
  }
  const recs = records(out, '\0')
  const slices = new Slices()
  for (const r of recs) {
    if (slices.due) await slices.next()
    if (r.startsWith('# branch.head ')) {
      const head = r.slice('# branch.head '.length)
      p.branch = head === '(detached)' ? null : head
    } else if (r.startsWith('# branch.upstream ')) p.upstream = r.slice('# branch.upstream '.length)
    else if (r.startsWith('# branch.ab ')) {
      const m = /\+(\d+) -(\d+)/.exec(r)
      if (m) {
        p.ahead = Number(m[1])
        p.behind = Number(m[2])
      }
    } else if (r.startsWith('1 ') || r.startsWith('2 ')) {
      const xy = r.slice(2, 4)
      const file = afterFields(r, r.startsWith('1 ') ? 8 : 9)
      if (r.startsWith('2 ')) recs.next() // the original path of a rename or copy follows
      if (xy[0] !== '.') p.staged.push(file)
      if (xy[1] !== '.') p.modified.push(file)
    } else if (r.startsWith('u ')) p.conflicted.push(afterFields(r, 10))
    else if (r.startsWith('? ')) p.untracked.push(r.slice(2))
  }
  return p
}

export default defineTool({
  name: 'git_status',
  toolset: 'codex',
  category: 'GIT',
  description: 'Show repository status: current branch, ahead/behind its upstream, and staged, modified and untracked files.',
  input: Type.Object({ repo_path: RepoPath }),
  examples: [{ summary: 'Status of the repository at the workspace root', value: { repo_path: '.' } }],
  output: ToolResult({
    branch: Type.Union([Type.String(), Type.Null()], { description: 'Current branch; null when HEAD is detached' }),
    upstream: Type.Union([Type.String(), Type.Null()], { description: 'Upstream branch, if any' }),
    ahead: Type.Integer({ description: 'Commits ahead of the upstream (0 without one)' }),
    behind: Type.Integer({ description: 'Commits behind the upstream (0 without one)' }),
    staged: Type.Array(Type.String(), { description: 'Paths with staged changes' }),
    modified: Type.Array(Type.String(), { description: 'Paths with unstaged changes' }),
    untracked: Type.Array(Type.String(), { description: 'Untracked paths' }),
    conflicted: Type.Array(Type.String(), { description: 'Paths with merge conflicts' }),
    clean: Type.Boolean({ description: 'True when nothing is staged, modified, untracked or conflicted' }),
    repo_path: Type.String({ description: 'repo_path, relative to the workspace root' }),
    truncated: Type.Boolean({ description: 'Whether output was cut to fit X-Max-Output-Size' }),
  }),
  scope: 'read',
  annotations: { title: 'Git status', ...READ_ANNOTATIONS },
  timeout: GIT_TIMEOUT,
  async execute({ repo_path = '.' }, ctx) {
    const repo = await openRepo(ctx, repo_path)
    // --ignore-submodules on the command line: see DIFF_FLAGS in diff.ts. Both at once: neither
    // writes (GIT_OPTIONAL_LOCKS=0), and each is a sandboxed process that mostly waits to start.
    const [v2, short] = await Promise.all([
      repo.git(['status', '--porcelain=v2', '--branch', '-z', '--untracked-files=normal', '--ignore-submodules=all']),
      repo.git(['status', '--short', '--branch', '--untracked-files=normal', '--ignore-submodules=all']),
    ])
    const p = await parseStatusV2(v2.out.chunks)
    const clean = p.staged.count + p.modified.count + p.untracked.count + p.conflicted.count === 0
    const hint = 'pass repo_path of a subfolder to narrow it'
    const out = clean ? clip(`${short.stdout}nothing to commit, working tree clean\n`, ctx, hint) : clipText(short.out, ctx, hint)
    return {
      success: true,
      output: out.text,
      error: null,
      metadata: {
        branch: p.branch,
        upstream: p.upstream,
        ahead: p.ahead,
        behind: p.behind,
        staged: p.staged.items,
        modified: p.modified.items,
        untracked: p.untracked.items,
        conflicted: p.conflicted.items,
        clean,
        repo_path: repo.rel,
        truncated: out.truncated,
      },
    }
  },
})
