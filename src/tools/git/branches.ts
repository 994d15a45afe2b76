/**
 * Seed 003 `git_branches`: `run(repo_path=".", all=False)`. Local branches, or with `all` the
 * remote-tracking ones too; the current branch is marked. Names come back as data only: a ref
 * named like an option (`--output=x`) is listed, never passed on.
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'
import { GIT_TIMEOUT, READ_ANNOTATIONS, RepoPath } from './support/common.js'
import { capList, clip } from './support/output.js'
import { openRepo } from './support/repo.js'

const FORMAT = '%(HEAD)%00%(refname)%00%(objectname:short)%00%(upstream:short)%00%(contents:subject)'

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
    const branches: string[] = []
    const lines: string[] = []
    for (const line of list.stdout.split('\n')) {
      if (line === '') continue
      const [mark, ref, sha, upstream, subject] = line.split('\0')
      // as `git branch -a` names them: main, remotes/origin/main
      const name = ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref.slice('refs/'.length)
      branches.push(name)
      lines.push(`${mark === '*' ? '*' : ' '} ${name} ${sha}${upstream ? ` [${upstream}]` : ''} ${subject}`.trimEnd())
    }
    if (current !== null && !branches.includes(current)) lines.unshift(`* ${current} (no commits yet)`)
    const out = clip(lines.join('\n') + (lines.length ? '\n' : 'No branches\n'), ctx, 'list local branches only (all=false)')
    return {
      success: true,
      output: out.text,
      error: null,
      metadata: { current, branches: capList(branches), count: branches.length, truncated: out.truncated },
    }
  },
})
