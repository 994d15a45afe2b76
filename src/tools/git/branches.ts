/**
 * Seed 003 `git_branches`: `run(repo_path=".", all=False)`. Local branches, or with `all` the
 * remote-tracking ones too; the current branch is marked. Names come back as data only: a ref
 * named like an option (`--output=x`) is listed, never passed on.
 */
import { Type } from 'typebox'
import { records } from '../../lib/records.js'
import { Slices } from '../../lib/slices.js'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'
import { GIT_TIMEOUT, READ_ANNOTATIONS, RepoPath } from './support/common.js'
import { capList, clip, clipBudget } from './support/output.js'
import { openRepo } from './support/repo.js'

const FORMAT = '%(HEAD)%00%(refname)%00%(objectname:short)%00%(upstream:short)%00%(contents:subject)'

/**
 * Branch names, and their lines up to `keep` bytes (the rest would be cut), with the bytes of all
 * of them, a slice at a time: a repository can hold a million refs (64 MB of output), and parsed
 * and joined in one go they held the server ~0.7 s.
 */
async function listed(stdout: readonly string[], keep: number): Promise<{ branches: string[]; lines: string[]; bytes: number }> {
  const branches: string[] = []
  const lines: string[] = []
  let bytes = 0
  const slices = new Slices()
  for (const record of records(stdout, '\n')) {
    if (slices.due) await slices.next()
    const [mark, ref, sha, upstream, subject] = record.split('\0')
    // as `git branch -a` names them: main, remotes/origin/main
    const name = ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref.slice('refs/'.length)
    branches.push(name)
    const line = `${mark === '*' ? '*' : ' '} ${name} ${sha}${upstream ? ` [${upstream}]` : ''} ${subject}`.trimEnd()
    if (bytes < keep) lines.push(line)
    bytes += Buffer.byteLength(line) + 1
  }
  return { branches, lines, bytes }
}

export default defineTool({
  name: 'git_branches',
  toolset: 'codex',
  category: 'GIT',
  description: 'List branches (with all=true, remote-tracking branches too); the current one is marked with *.',
  input: Type.Object({
    repo_path: RepoPath,
    all: Type.Optional(Type.Boolean({ description: 'Include remote-tracking branches', default: false })),
  }),
  examples: [{ summary: 'Local and remote branches', value: { repo_path: '.', all: true } }],
  output: ToolResult({
    current: Type.Union([Type.String(), Type.Null()], { description: 'Current branch; null when HEAD is detached' }),
    branches: Type.Array(Type.String(), { description: 'Branch names (remote-tracking ones as remotes/<remote>/<name>)' }),
    count: Type.Integer({ description: 'Number of branches' }),
    truncated: Type.Boolean({ description: 'Whether output was cut to fit X-Max-Output-Size' }),
  }),
  scope: 'read',
  annotations: { title: 'Git branches', ...READ_ANNOTATIONS },
  timeout: GIT_TIMEOUT,
  async execute({ repo_path = '.', all = false }, ctx) {
    const repo = await openRepo(ctx, repo_path)
    const refs = ['refs/heads/', ...(all ? ['refs/remotes/'] : [])]
    // Both at once: two read-only sandboxed processes that mostly wait to start.
    const [head, list] = await Promise.all([
      repo.git(['symbolic-ref', '--quiet', '--short', 'HEAD'], { allowFail: true }),
      repo.git(['for-each-ref', `--format=${FORMAT}`, '--sort=refname', ...refs]),
    ])
    const current = head.exitCode === 0 ? head.stdout.trim() : null
    const { branches, lines, bytes } = await listed(list.out.chunks, clipBudget(ctx))
    let total = bytes
    if (current !== null && !branches.includes(current)) {
      const unborn = `* ${current} (no commits yet)`
      lines.unshift(unborn)
      total += Buffer.byteLength(unborn) + 1
    }
    const text = lines.join('\n') + (lines.length ? '\n' : 'No branches\n')
    const out = clip(text, ctx, 'list local branches only (all=false)', lines.length ? total : undefined)
    return {
      success: true,
      output: out.text,
      error: null,
      metadata: { current, branches: capList(branches), count: branches.length, truncated: out.truncated },
    }
  },
})
