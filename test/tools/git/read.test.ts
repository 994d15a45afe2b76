/**
 * git_status, git_diff, git_show and git_branches against a real repository: output, metadata,
 * truncation, and repositories that are not there or not inside the workspace.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildGitApp, git, makeRepo } from './helpers.js'

let t: TestApp
let ws: string
let repo: string
let outside: string

beforeAll(async () => {
  t = await buildGitApp()
  ws = await fs.realpath(t.workspace)
  repo = await makeRepo(path.join(ws, 'repo'))
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-git-outside-')))
})
afterAll(async () => {
  await t.close()
  await fs.rm(outside, { recursive: true, force: true })
})

describe('parallel calls', () => {
  it('an agent calling several git tools at once on one repository gets every answer', async () => {
    // Each call mounts the repository's checked config; one call must never replace the file another is binding.
    const calls = [
      ['git_status', { repo_path: 'repo' }],
      ['git_diff', { repo_path: 'repo' }],
      ['git_diff', { repo_path: 'repo', rev: 'HEAD' }],
      ['git_show', { repo_path: 'repo', ref: 'HEAD' }],
      ['git_branches', { repo_path: 'repo' }],
      ['git_status', { repo_path: 'repo' }],
    ] as const
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(calls.map(([tool, body]) => t.call(tool, body)))
      for (const [i, res] of answers.entries()) expect(res.statusCode, `${calls[i][0]}: ${JSON.stringify(res.body)}`).toBe(200)
    }
  })
})

describe('git_status', () => {
  it('reports a clean repository', async () => {
    const res = await t.call('git_status', { repo_path: 'repo' })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({
      status: 'ok',
      success: true,
      error: null,
      output: '## main\nnothing to commit, working tree clean\n',
      metadata: {
        branch: 'main',
        upstream: null,
        ahead: 0,
        behind: 0,
        staged: [],
        modified: [],
        untracked: [],
        conflicted: [],
        clean: true,
        repo_path: 'repo',
        truncated: false,
      },
    })
  })

  it('lists staged, modified and untracked paths, and ahead/behind an upstream', async () => {
    const clone = path.join(ws, 'clone')
    git(ws, 'clone', '-q', 'repo', 'clone')
    git(clone, 'commit', '-q', '--allow-empty', '-m', 'local only')
    await fs.writeFile(path.join(clone, 'README.md'), 'changed\n')
    await fs.writeFile(path.join(clone, 'src/app.txt'), 'staged\n')
    git(clone, 'add', 'src/app.txt')
    await fs.writeFile(path.join(clone, 'new file.txt'), 'x\n')
    const res = await t.call('git_status', { repo_path: 'clone' })
    expect(res.statusCode).toBe(200)
    expect(res.body.metadata).toEqual({
      branch: 'main',
      upstream: 'origin/main',
      ahead: 1,
      behind: 0,
      staged: ['src/app.txt'],
      modified: ['README.md'],
      untracked: ['new file.txt'],
      conflicted: [],
      clean: false,
      repo_path: 'clone',
      truncated: false,
    })
    expect(res.body.output).toBe('## main...origin/main [ahead 1]\n M README.md\nM  src/app.txt\n?? "new file.txt"\n')
  })

  it('defaults repo_path to the workspace root, which here is no repository: 400', async () => {
    const res = await t.call('git_status', {})
    expect(res.statusCode).toBe(400)
    expect(res.body).toMatchObject({ success: false, error_code: 'INVALID_REQUEST' })
    expect(res.body.error_message).toBe('. is not in a git work tree inside the workspace; pass repo_path of a repository (run "git init" there first)')
  })

  it('answers 404 for a missing folder', async () => {
    const res = await t.call('git_status', { repo_path: 'nope' })
    expect(res.statusCode).toBe(404)
    expect(res.body.error_code).toBe('FILE_NOT_FOUND')
  })

  it('refuses a repository reached through a symlink out of the workspace: 403', async () => {
    await makeRepo(path.join(outside, 'other'))
    await fs.symlink(path.join(outside, 'other'), path.join(ws, 'link'))
    for (const tool of ['git_status', 'git_diff', 'git_branches']) {
      const res = await t.call(tool, { repo_path: 'link' })
      expect(res.statusCode, tool).toBe(403)
      expect(res.body.error_code).toBe('PATH_OUTSIDE_WORKSPACE')
      expect(JSON.stringify(res.body)).not.toContain(outside)
    }
    expect((await t.call('git_show', { repo_path: 'link', ref: 'HEAD' })).statusCode).toBe(403)
  })

  it('refuses a work tree whose .git file points outside the workspace: 403', async () => {
    await fs.mkdir(path.join(ws, 'gitfile'))
    await fs.writeFile(path.join(ws, 'gitfile/.git'), `gitdir: ${path.join(outside, 'other/.git')}\n`)
    const res = await t.call('git_status', { repo_path: 'gitfile' })
    expect(res.statusCode).toBe(403)
    expect(res.body.error_code).toBe('GIT_UNSAFE_REPOSITORY')
    expect(res.body.error_message).toBe(
      "The repository's .git file or link points outside the workspace; git tools only work on repositories kept entirely inside your workspace",
    )
  })

  it('does not climb out of the workspace to find a repository', async () => {
    await makeRepo(path.join(outside, 'parent'))
    await fs.mkdir(path.join(outside, 'parent/ws'))
    const inner = await buildGitApp({ workspace: path.join(outside, 'parent/ws') })
    try {
      const res = await inner.call('git_status', {})
      expect(res.statusCode).toBe(400)
      expect(res.body.error_code).toBe('INVALID_REQUEST')
    } finally {
      await inner.close()
    }
  })
})

describe('git_diff', () => {
  it('diffs the work tree against HEAD by default', async () => {
    await fs.writeFile(path.join(repo, 'README.md'), 'hello\nthere\n')
    try {
      const res = await t.call('git_diff', { repo_path: 'repo' })
      expect(res.statusCode).toBe(200)
      expect(res.body.metadata).toEqual({ files_changed: 1, insertions: 1, deletions: 1, files: ['README.md'], truncated: false })
      expect(res.body.output).toContain('--- a/README.md\n+++ b/README.md\n@@ -1,2 +1,2 @@\n hello\n-world\n+there\n')
    } finally {
      git(repo, 'checkout', '-q', '--', 'README.md')
    }
  })

  it('diffs between revisions and limits to paths', async () => {
    const res = await t.call('git_diff', { repo_path: 'repo', rev: 'v1..main' })
    expect(res.statusCode).toBe(200)
    expect(res.body.metadata).toEqual({ files_changed: 2, insertions: 4, deletions: 0, files: ['README.md', 'src/app.txt'], truncated: false })
    const one = await t.call('git_diff', { repo_path: 'repo', rev: 'HEAD~1', paths: ['src'] })
    expect(one.body.metadata).toMatchObject({ files_changed: 1, insertions: 3, files: ['src/app.txt'] })
    expect(one.body.output).toContain('+++ b/src/app.txt')
    const none = await t.call('git_diff', { repo_path: 'repo', rev: null, paths: null })
    expect(none.body).toMatchObject({ success: true, output: 'No differences\n', metadata: { files_changed: 0, insertions: 0, deletions: 0 } })
  })

  it('answers 404 for an unknown revision and 400 for a malformed one', async () => {
    const res = await t.call('git_diff', { repo_path: 'repo', rev: 'no-such-branch' })
    expect(res.statusCode).toBe(404)
    expect(res.body).toMatchObject({ error_code: 'NOT_FOUND', error_message: expect.stringContaining('Unknown revision for rev: "no-such-branch"') })
    // In a range, the first unknown end is the one named.
    for (const [rev, named] of [
      ['nope-left..nope-right', 'nope-left'],
      ['v1..nope-right', 'nope-right'],
      ['nope-left...main', 'nope-left'],
    ]) {
      const range = await t.call('git_diff', { repo_path: 'repo', rev })
      expect(range.statusCode, rev).toBe(404)
      expect(range.body.error_message, rev).toContain(`Unknown revision for rev: "${named}"`)
    }
    const bad = await t.call('git_diff', { repo_path: 'repo', rev: 'HEAD; rm -rf /' })
    expect(bad.statusCode).toBe(400)
    expect(bad.body.error_code).toBe('INVALID_REQUEST')
  })

  it('refuses paths outside the workspace and blocked names', async () => {
    expect((await t.call('git_diff', { repo_path: 'repo', paths: ['../../x'] })).statusCode).toBe(403)
    const env = await t.call('git_diff', { repo_path: 'repo', paths: ['.env'] })
    expect(env.statusCode).toBe(403)
    expect(env.body.error_code).toBe('PATH_BLOCKED')
  })

  it('truncates a large diff with a marker', async () => {
    await fs.writeFile(path.join(repo, 'big.txt'), `${'x'.repeat(100)}\n`.repeat(200))
    git(repo, 'add', 'big.txt')
    try {
      const res = await t.call('git_diff', { repo_path: 'repo' }, { headers: { 'x-max-output-size': '5000' } })
      expect(res.statusCode).toBe(200)
      expect(res.body.metadata).toMatchObject({ truncated: true, files_changed: 1, insertions: 200 })
      expect(res.body.output).toMatch(/\n…\[truncated: \d+ of \d+ bytes omitted; narrow it with paths or a smaller rev range\]$/)
      expect(Buffer.byteLength(res.body.output)).toBeLessThan(5000)
      expect(res.body.messages[0]).toMatch(/^Output truncated to fit X-Max-Output-Size \(5000 bytes\)/)
    } finally {
      git(repo, 'rm', '-q', '--cached', 'big.txt')
      await fs.rm(path.join(repo, 'big.txt'))
    }
  })
})

describe('git_show', () => {
  it('shows a commit', async () => {
    const res = await t.call('git_show', { repo_path: 'repo', ref: 'HEAD' })
    expect(res.statusCode).toBe(200)
    const sha = git(repo, 'rev-parse', 'HEAD').trim()
    expect(res.body.metadata).toMatchObject({ type: 'commit', sha, truncated: false })
    expect(res.body.output).toContain(`commit ${sha}`)
    expect(res.body.output).toContain('    second commit')
    expect(res.body.output).toContain('+world')
  })

  it('shows an annotated tag, a tree and a blob', async () => {
    const tag = await t.call('git_show', { repo_path: 'repo', ref: 'v1' })
    expect(tag.body.metadata.type).toBe('tag')
    expect(tag.body.output).toContain('version one')
    const tree = await t.call('git_show', { repo_path: 'repo', ref: 'HEAD^{tree}' })
    expect(tree.body.metadata.type).toBe('tree')
    expect(tree.body.output).toMatch(/100644 blob [0-9a-f]{40} +\d+\tREADME.md\n040000 tree [0-9a-f]{40} +-\tsrc\n/)
    const blob = await t.call('git_show', { repo_path: 'repo', ref: 'HEAD~1:README.md' })
    expect(blob.body).toMatchObject({ success: true, output: 'hello\n', metadata: { type: 'blob', size: 6, binary: false, truncated: false } })
  })

  it('answers 404 for an unknown object and 403 for a blocked path', async () => {
    const res = await t.call('git_show', { repo_path: 'repo', ref: 'HEAD:missing.txt' })
    expect(res.statusCode).toBe(404)
    const env = await t.call('git_show', { repo_path: 'repo', ref: 'HEAD:.env' })
    expect(env.statusCode).toBe(403)
    expect(env.body.error_code).toBe('PATH_BLOCKED')
    const up = await t.call('git_show', { repo_path: 'repo', ref: 'HEAD:../x' })
    expect(up.statusCode).toBe(403)
  })

  it('requires ref', async () => {
    const res = await t.call('git_show', { repo_path: 'repo' })
    expect(res.statusCode).toBe(400)
    expect(res.body.error_message).toBe('Missing required parameter: ref')
  })
})

describe('git_branches', () => {
  it('lists branches and the current one', async () => {
    const res = await t.call('git_branches', { repo_path: 'repo' })
    expect(res.statusCode).toBe(200)
    expect(res.body.metadata).toEqual({ current: 'main', branches: ['feature', 'main'], count: 2, truncated: false })
    expect(res.body.output).toMatch(/^ {2}feature [0-9a-f]{7,} second commit\n\* main [0-9a-f]{7,} second commit\n$/)
  })

  it('with all=true includes remote-tracking branches', async () => {
    const local = await t.call('git_branches', { repo_path: 'clone' })
    expect(local.body.metadata.branches).toEqual(['main'])
    const all = await t.call('git_branches', { repo_path: 'clone', all: true })
    expect(all.body.metadata).toMatchObject({ current: 'main', branches: ['main', 'remotes/origin/HEAD', 'remotes/origin/feature', 'remotes/origin/main'] })
    expect(all.body.output).toContain('* main ')
    expect(all.body.output).toContain('[origin/main]')
  })

  it('reports the branch of a repository without commits', async () => {
    await fs.mkdir(path.join(ws, 'empty'))
    git(path.join(ws, 'empty'), 'init', '-q')
    const res = await t.call('git_branches', { repo_path: 'empty' })
    expect(res.body).toMatchObject({ success: true, output: '* main (no commits yet)\n', metadata: { current: 'main', branches: [], count: 0 } })
    const diff = await t.call('git_diff', { repo_path: 'empty' })
    expect(diff.body).toMatchObject({ success: true, output: 'No differences\n' })
  })
})
