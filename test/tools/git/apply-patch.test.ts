/**
 * git_apply_patch: check-then-apply, direct apply, failing patches, dry runs, and the refusals:
 * malformed (400), absolute, `..`, `.git/`, links and blocked names (403). A refused patch
 * changes nothing.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildGitApp, exists, git, makeRepo } from './helpers.js'

let t: TestApp
let ws: string
let repo: string

beforeAll(async () => {
  t = await buildGitApp()
  ws = await fs.realpath(t.workspace)
  repo = await makeRepo(path.join(ws, 'repo'))
})
afterAll(async () => t.close())
beforeEach(() => {
  git(repo, 'reset', '-q', '--hard')
  git(repo, 'clean', '-qfdx')
})

const README_PATCH = [
  'diff --git a/README.md b/README.md',
  'index 0000000..1111111 100644',
  '--- a/README.md',
  '+++ b/README.md',
  '@@ -1,2 +1,3 @@',
  ' hello',
  '-world',
  '+there',
  '+-- a line that looks like a header',
  '',
].join('\n')

const NEW_FILE_PATCH = '--- /dev/null\n+++ b/docs/new.md\n@@ -0,0 +1,2 @@\n+# New\n+text\n'

describe('git_apply_patch', () => {
  it('checks, then applies (check defaults to true)', async () => {
    const res = await t.call('git_apply_patch', { repo_path: 'repo', patch: README_PATCH })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({
      status: 'ok',
      success: true,
      error: null,
      metadata: { returncode: 0, files: ['README.md'], checked: true, applied: true, truncated: false },
    })
    expect(res.body.output).toContain('Checking patch README.md...')
    expect(res.body.output).toContain('Applied patch README.md cleanly.')
    expect(await fs.readFile(path.join(repo, 'README.md'), 'utf8')).toBe('hello\nthere\n-- a line that looks like a header\n')
  })

  it('applies directly with check=false, new files included, from a subfolder of the repository', async () => {
    const res = await t.call('git_apply_patch', { repo_path: 'repo/src', patch: NEW_FILE_PATCH, check: false })
    expect(res.statusCode).toBe(200)
    expect(res.body.metadata).toEqual({ returncode: 0, files: ['docs/new.md'], checked: false, applied: true, truncated: false })
    expect(await fs.readFile(path.join(repo, 'docs/new.md'), 'utf8')).toBe('# New\ntext\n')
  })

  it('reports a patch that does not apply: 200, success false, returncode, nothing changed', async () => {
    const stale = README_PATCH.replace('-world', '-planet')
    const res = await t.call('git_apply_patch', { repo_path: 'repo', patch: stale })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({
      success: false,
      error: 'git apply --check failed with code 1; the work tree was not changed',
      metadata: { returncode: 1, files: ['README.md'], checked: true, applied: false },
    })
    expect(res.body.output).toContain('error: patch failed: README.md:1')
    const direct = await t.call('git_apply_patch', { repo_path: 'repo', patch: stale, check: false })
    expect(direct.body).toMatchObject({ success: false, metadata: { returncode: 1, checked: false, applied: false } })
    expect(await fs.readFile(path.join(repo, 'README.md'), 'utf8')).toBe('hello\nworld\n')
  })

  it('only checks on a dry run, and says what would change', async () => {
    const res = await t.call('git_apply_patch', { repo_path: 'repo', patch: README_PATCH, check: false }, { headers: { 'x-dry-run': 'true' } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ success: true, dry_run: true, metadata: { returncode: 0, checked: true, applied: false, dry_run: true } })
    expect(res.body.output).toMatch(/^\[Dry Run\] The patch applies cleanly; it would change:\n/)
    expect(res.body.output).toContain('1 file changed, 2 insertions(+), 1 deletion(-)')
    expect(await fs.readFile(path.join(repo, 'README.md'), 'utf8')).toBe('hello\nworld\n')
  })

  it.each([
    ['plain text', 'please change README to say there'],
    ['headers without hunks', '--- a/README.md\n+++ b/README.md\n'],
    ['a hunk without headers', '@@ -1 +1 @@\n-a\n+b\n'],
    ['--- without +++', '--- a/README.md\n@@ -1 +1 @@\n-a\n+b\n'],
    ['a broken hunk header', '--- a/README.md\n+++ b/README.md\n@@ one two @@\n-a\n+b\n'],
    ['a hunk shorter than its counts', '--- a/README.md\n+++ b/README.md\n@@ -1,5 +1,5 @@\n hello\n'],
  ])('refuses %s: 400', async (_name, patch) => {
    const res = await t.call('git_apply_patch', { repo_path: 'repo', patch })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(400)
    expect(res.body).toMatchObject({ success: false, error_code: 'INVALID_REQUEST' })
    expect(res.body.error_message).toMatch(/unified diff/)
  })

  const hunk = '@@ -0,0 +1 @@\n+pwned\n'
  it.each([
    ['an absolute path', `--- /dev/null\n+++ /tmp/pwned-abs\n${hunk}`, 'PATH_OUTSIDE_WORKSPACE'],
    ['an absolute path in diff --git', `diff --git a/x /etc/pwned\nnew file mode 100644\n--- /dev/null\n+++ b/x\n${hunk}`, 'PATH_OUTSIDE_WORKSPACE'],
    ['..', `--- /dev/null\n+++ b/../../pwned\n${hunk}`, 'PATH_OUTSIDE_WORKSPACE'],
    [
      '.. in a rename',
      'diff --git a/README.md b/../pwned\nsimilarity index 100%\nrename from README.md\nrename to ../pwned\n--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-hello\n+hello\n',
      'PATH_OUTSIDE_WORKSPACE',
    ],
    [
      '.. in a copy',
      'diff --git a/README.md b/x\ncopy from README.md\ncopy to sub/../../pwned\n--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-hello\n+hello\n',
      'PATH_OUTSIDE_WORKSPACE',
    ],
    ['.git/', `--- /dev/null\n+++ b/.git/hooks/post-commit\n${hunk}`, 'PATH_BLOCKED'],
    ['a nested .GIT folder', `--- /dev/null\n+++ b/sub/.GIT/config\n${hunk}`, 'PATH_BLOCKED'],
    ['.git in a quoted name', `--- /dev/null\n+++ "b/.git/\\150ooks/x"\n${hunk}`, 'PATH_BLOCKED'],
    [
      'a symbolic link',
      `diff --git a/link b/link\nnew file mode 120000\n--- /dev/null\n+++ b/link\n@@ -0,0 +1 @@\n+/etc\n\\ No newline at end of file\n`,
      'PATH_BLOCKED',
    ],
    ['a blocked name (.env)', `--- /dev/null\n+++ b/.env\n${hunk}`, 'PATH_BLOCKED'],
  ])('refuses a patch touching %s: 403', async (_name, patch, code) => {
    const res = await t.call('git_apply_patch', { repo_path: 'repo', patch })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(403)
    expect(res.body).toMatchObject({ success: false, error_code: code })
    expect(git(repo, 'status', '--porcelain')).toBe('')
    expect(await exists('/tmp/pwned-abs')).toBe(false)
    expect(await exists(path.join(ws, 'pwned'))).toBe(false)
  })

  it('refuses a patch into a folder that links out of the workspace: 403', async () => {
    const outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-git-patch-')))
    try {
      await fs.symlink(outside, path.join(repo, 'out'))
      git(repo, 'add', 'out')
      git(repo, 'commit', '-q', '-m', 'link')
      const res = await t.call('git_apply_patch', { repo_path: 'repo', patch: `--- /dev/null\n+++ b/out/pwned\n${hunk}` })
      expect(res.statusCode).toBe(403)
      expect(res.body.error_code).toBe('PATH_OUTSIDE_WORKSPACE')
      expect(await fs.readdir(outside)).toEqual([])
    } finally {
      git(repo, 'reset', '-q', '--hard', 'HEAD~1')
      await fs.rm(outside, { recursive: true, force: true })
    }
  })

  it('needs the write scope', async () => {
    const key = await t.key(['read'])
    const res = await t.call('git_apply_patch', { repo_path: 'repo', patch: README_PATCH }, { key })
    expect(res.statusCode).toBe(403)
    expect(res.body.error_code).toBe('SCOPE_REQUIRED')
  })
})
