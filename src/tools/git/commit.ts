/**
 * Seed 003 `git_commit`: `run(repo_path=".", message, all=False)`, "optional/warn-only". With
 * TOOLGATE_GIT_COMMITS off (the default) it changes nothing and says how to enable it (200,
 * `success: false`, a warning). With it on, every call is held for approval (202) and commits
 * once approved: the staged changes, or with `all` every tracked change (`git commit -a`). Hooks
 * never run (`core.hooksPath=/dev/null`, `--no-verify`), nothing is signed, and the author is the
 * repository's user.name/user.email or `toolgate <toolgate@localhost>`.
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { defineTool } from '../define.js'
import { ToolResult } from '../schema.js'
import { GIT_TIMEOUT, RepoPath } from './support/common.js'
import { clip } from './support/output.js'
import { openRepo, type Repo } from './support/repo.js'

export const COMMITS_DISABLED = 'Commits are disabled: set TOOLGATE_GIT_COMMITS=true to enable'
const DEFAULT_AUTHOR = { name: 'toolgate', email: 'toolgate@localhost' }

/** The repository's own identity when it has one, else the default, as environment variables. */
async function authorEnv(repo: Repo): Promise<Record<string, string>> {
  const get = async (key: string) => {
    const r = await repo.git(['config', '--get', key], { allowFail: true })
    return r.exitCode === 0 ? r.stdout.trim() : ''
  }
  const [name, email] = await Promise.all([get('user.name'), get('user.email')])
  if (name !== '' && email !== '') return {}
  const who = { name: name || DEFAULT_AUTHOR.name, email: email || DEFAULT_AUTHOR.email }
  return { GIT_AUTHOR_NAME: who.name, GIT_AUTHOR_EMAIL: who.email, GIT_COMMITTER_NAME: who.name, GIT_COMMITTER_EMAIL: who.email }
}

const STATUS_WORDS: Record<string, string> = { A: 'new file', D: 'deleted', M: 'modified', T: 'typechange', U: 'unmerged' }

/**
 * What the commit would hold, one `\tmodified:   path` line each, as git status shows it; empty
 * when nothing. Decided here: git commit's own check (and --dry-run) runs `git status` inside
 * each submodule when nothing is staged, and a submodule's config was never checked. With
 * --ignore-submodules=dirty a submodule's new commit still counts, its work tree is never looked at.
 */
async function pending(repo: Repo, all: boolean): Promise<string> {
  const list = async (cached: boolean) =>
    (await repo.git(['diff', ...(cached ? ['--cached'] : []), '--name-status', '--no-renames', '-z', '--ignore-submodules=dirty'])).stdout.split('\0')
  const byPath = new Map<string, string>()
  for (const tokens of [await list(true), ...(all ? [await list(false)] : [])]) {
    for (let i = 0; i + 1 < tokens.length; i += 2) byPath.set(tokens[i + 1], byPath.get(tokens[i + 1]) ?? STATUS_WORDS[tokens[i]] ?? tokens[i])
  }
  return [...byPath].map(([file, word]) => `\t${word}:   ${file}`).join('\n')
}

export default defineTool({
  name: 'git_commit',
  toolset: 'codex',
  category: 'GIT',
  description:
    'Create a commit of the staged changes (all=true: every tracked change, like git commit -a). Only when the server enables commits (TOOLGATE_GIT_COMMITS=true), and then only once approved; otherwise it does nothing and says so.',
  input: Type.Object({
    repo_path: RepoPath,
    message: Type.String({ description: 'The commit message', minLength: 1, maxLength: 100_000 }),
    all: Type.Optional(Type.Boolean({ description: 'Commit every change to tracked files, not only the staged ones (git commit -a)', default: false })),
  }),
  examples: [{ summary: 'Commit every tracked change', value: { repo_path: '.', message: 'Fix the README title', all: true } }],
  output: ToolResult({
    committed: Type.Boolean({ description: 'Whether a commit was created' }),
    sha: Type.Union([Type.String(), Type.Null()], { description: 'Id of the new commit' }),
    returncode: Type.Union([Type.Integer(), Type.Null()], { description: 'Exit code of git commit; null when it did not run' }),
    dry_run: Type.Boolean({ description: 'True when nothing was committed (X-Dry-Run)' }),
    truncated: Type.Boolean({ description: 'Whether output was cut to fit X-Max-Output-Size' }),
  }),
  scope: 'write',
  supportsDryRun: true,
  approval: (args, settings) =>
    settings.gitCommits
      ? {
          required: true,
          reason: `git commit in ${args.repo_path ?? '.'}${args.all ? ' (all tracked changes)' : ''}: ${args.message.split('\n')[0].slice(0, 120)}`,
        }
      : { required: false },
  annotations: { title: 'Git commit', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  timeout: GIT_TIMEOUT,
  precheck({ message, repo_path }) {
    if (message.trim() === '') fail('VALIDATION_ERROR', 'Value for message is empty: pass the commit message')
    if (repo_path?.startsWith('-')) fail('GIT_OPTION_INJECTION', 'Value for repo_path starts with "-"; pass a folder inside the workspace')
  },
  async execute({ repo_path = '.', message, all = false }, ctx) {
    if (!ctx.settings.gitCommits) {
      ctx.warn(`git_commit did nothing: ${COMMITS_DISABLED}`)
      ctx.log.warn({ tool: 'git_commit', repo_path }, 'git_commit called while commits are disabled')
      return { success: false, output: COMMITS_DISABLED, error: COMMITS_DISABLED, metadata: { committed: false, sha: null, returncode: null } }
    }
    const repo = await openRepo(ctx, repo_path)
    const changes = await pending(repo, all)
    const nothing = `Nothing to commit${all ? '' : ': stage changes first, or pass all=true'}`
    if (ctx.dryRun) {
      const out = clip(changes === '' ? `[Dry Run] ${nothing}` : `[Dry Run] Would commit:\n${changes}`, ctx, 'stage fewer files')
      const metadata = { committed: false, sha: null, returncode: null, dry_run: true, truncated: out.truncated }
      return { success: changes !== '', output: out.text, error: changes === '' ? nothing : null, metadata }
    }
    if (changes === '')
      return { success: false, output: nothing, error: nothing, metadata: { committed: false, sha: null, returncode: null, truncated: false } }
    const env = await authorEnv(repo)
    const args = ['commit', '--no-verify', '--no-gpg-sign', '--no-edit', ...(all ? ['--all'] : []), '--file=-']
    // The message goes on stdin: as an argument, 100,000 multibyte characters pass Linux's 128 KiB limit.
    const r = await repo.git(args, { env, allowFail: true, input: message })
    const text = r.stdout + r.stderr
    const committed = r.exitCode === 0
    const sha = committed ? (await repo.git(['rev-parse', '--verify', 'HEAD^{commit}'])).stdout.trim() : null
    const out = clip(text, ctx, 'the commit was made; see it with git_show')
    return {
      success: committed,
      output: out.text,
      error: committed ? null : `git commit failed with code ${r.exitCode}`,
      metadata: { committed, sha, returncode: r.exitCode, truncated: out.truncated },
    }
  },
})
