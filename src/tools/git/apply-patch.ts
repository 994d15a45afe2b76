/**
 * Seed 003 `git_apply_patch`: `run(repo_path=".", patch, check=True)`. The patch is checked here
 * first (patch.ts: a unified diff, no absolute, `..` or `.git/` paths, no links; each target
 * inside the workspace and not a blocked name), then given to `git apply` at the repository's top
 * level. `check=true` runs `git apply --check` and applies only when it passes; `check=false`
 * applies directly. A dry run only checks and reports what would change.
 * The patch reaches git on its stdin, never as a file in the repository.
 */
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { assertNoGitDirAmong, assertNotBlocked, assertNotInGitDir, resolveInside } from '../../workspace/index.js'
import { defineTool, type ToolContext } from '../define.js'
import { ToolResult } from '../schema.js'
import { GIT_TIMEOUT, RepoPath } from './support/common.js'
import { clip } from './support/output.js'
import { isRegularMode, parsePatch } from './support/patch.js'
import { openRepo, type Repo } from './support/repo.js'

const MAX_PATCH = 10 * 1024 * 1024

async function checkTargets(repo: Repo, files: string[], ctx: ToolContext): Promise<void> {
  assertNoGitDirAmong(files)
  for (const f of files) {
    const res = await resolveInside(ctx.workspace, repo.topRel === '.' ? f : `${repo.topRel}/${f}`, { allowMissing: true })
    assertNotBlocked(res.rel, res.targetRel, 'write', ctx.settings.blockPolicy)
    await assertNotInGitDir(res.root, res.target, res.rel)
  }
}

/**
 * The paths and modes as git itself reads the patch (`--numstat --summary`), so that a spelling
 * our parser reads otherwise (`new file mode 0120000`, a binary section without ---/+++ lines)
 * cannot slip a link or an unchecked path past checkTargets.
 */
async function pathsGitSees(repo: Repo, input: string): Promise<string[]> {
  const r = await repo.git(['apply', '--numstat', '--summary', '-z', '-'], { atTop: true, allowFail: true, input })
  if (r.exitCode !== 0) return [] // not a patch git can read: the check run below reports why
  const tokens = r.stdout.split('\0')
  const paths: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    const m = /^(\d+|-)\t(\d+|-)\t(.*)$/s.exec(tokens[i])
    if (!m) {
      // Every summary line the token holds (git joins them with newlines), every mode on each.
      const modes = [...tokens[i].matchAll(/\bmode (?:([0-7]+) => )?([0-7]+)\b/g)].flatMap((m) => m.slice(1))
      if (!modes.filter((mode) => mode !== undefined).every(isRegularMode))
        fail('PATH_BLOCKED', 'The patch creates a symbolic link or a submodule; patches may change regular files only', { details: { rule: 'link' } })
      continue
    }
    if (m[1] === '-') fail('INVALID_REQUEST', 'The patch holds a binary section; send text patches only')
    if (m[3] === '') paths.push(tokens[++i], tokens[++i])
    else paths.push(m[3])
  }
  return paths
}

export default defineTool({
  name: 'git_apply_patch',
  toolset: 'codex',
  category: 'GIT',
  description:
    'Apply a unified diff patch (as git diff prints it) to the work tree. With check=true (default) `git apply --check` runs first and the patch is applied only if it passes; check=false applies directly. Patches touching absolute paths, ".." or .git/ are refused.',
  input: Type.Object({
    repo_path: RepoPath,
    patch: Type.String({ description: 'The unified diff: "--- a/file", "+++ b/file" headers and "@@" hunks; paths relative to the repository top level' }),
    check: Type.Optional(Type.Boolean({ description: 'Run git apply --check first and apply only if it passes', default: true })),
  }),
  examples: [
    {
      summary: 'Apply a one-line fix',
      value: {
        repo_path: '.',
        patch: '--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-# Old title\n+# New title\n',
        check: true,
      },
    },
  ],
  output: ToolResult({
    returncode: Type.Union([Type.Integer(), Type.Null()], { description: 'Exit code of the last git apply run' }),
    files: Type.Array(Type.String(), { description: 'Paths the patch touches, relative to the repository top level' }),
    checked: Type.Boolean({ description: 'Whether git apply --check ran' }),
    applied: Type.Boolean({ description: 'Whether the patch was applied' }),
    dry_run: Type.Boolean({ description: 'True when only checked (X-Dry-Run)' }),
    truncated: Type.Boolean({ description: 'Whether output was cut to fit X-Max-Output-Size' }),
  }),
  scope: 'write',
  supportsDryRun: true,
  annotations: { title: 'Apply a patch', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  timeout: GIT_TIMEOUT,
  async precheck({ patch, repo_path }) {
    if (Buffer.byteLength(patch) > MAX_PATCH) fail('PAYLOAD_TOO_LARGE', `The patch is larger than ${MAX_PATCH} bytes; split it into smaller patches`)
    if (repo_path?.startsWith('-')) fail('GIT_OPTION_INJECTION', 'Value for repo_path starts with "-"; pass a folder inside the workspace')
    await parsePatch(patch)
  },
  async execute({ repo_path = '.', patch, check = true }, ctx) {
    const { files } = await parsePatch(patch)
    const repo = await openRepo(ctx, repo_path)
    const input = patch.endsWith('\n') ? patch : `${patch}\n`
    await checkTargets(repo, [...new Set([...files, ...(await pathsGitSees(repo, input))])], ctx)
    const doCheck = check || ctx.dryRun
    const log: string[] = []
    let returncode: number | null = null
    let ok = true
    if (doCheck) {
      const r = await repo.git(['apply', '--check', '--verbose', '-'], { atTop: true, allowFail: true, input })
      returncode = r.exitCode
      ok = r.exitCode === 0
      log.push(r.stdout + r.stderr)
    }
    if (ctx.dryRun) {
      if (ok) log.push((await repo.git(['apply', '--stat', '--summary', '-'], { atTop: true, input })).stdout)
      const out = clip(`[Dry Run] ${ok ? 'The patch applies cleanly; it would change:' : 'The patch does not apply:'}\n${log.join('')}`, ctx, 'split the patch')
      return {
        success: ok,
        output: out.text,
        error: ok ? null : `git apply --check failed with code ${returncode}`,
        metadata: { returncode, files, checked: true, applied: false, dry_run: true, truncated: out.truncated },
      }
    }
    let applied = false
    if (ok) {
      const r = await repo.git(['apply', '--verbose', '-'], { atTop: true, allowFail: true, input })
      returncode = r.exitCode
      applied = r.exitCode === 0
      log.push(r.stdout + r.stderr)
    }
    const out = clip(log.join(''), ctx, 'split the patch')
    return {
      success: applied,
      output: out.text,
      error: applied ? null : `git apply${doCheck ? ' --check' : ''} failed with code ${returncode}; the work tree was not changed`,
      metadata: { returncode, files, checked: doCheck, applied, truncated: out.truncated },
    }
  },
})
