/**
 * git_commit: a warning and a no-op with commits disabled (the default); with
 * TOOLGATE_GIT_COMMITS=true, held for approval and run once approved, with hooks off, the author
 * from the repository or the default, and option-like messages kept as messages.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildGitApp, exists, git, makeRepo } from './helpers.js'

// Four eyes: calls are made with the admin key, so another key (one per app) decides them.
const reviewers = new WeakMap<TestApp, Promise<string>>()
const reviewerOf = (t: TestApp) => reviewers.get(t) ?? reviewers.set(t, t.key(['approve'], 'reviewer')).get(t)!
const decide = async (t: TestApp, id: string, verb: 'approve' | 'reject') =>
  t.app.inject({ method: 'POST', url: `/v1/approvals/${id}/${verb}`, headers: { authorization: `Bearer ${await reviewerOf(t)}` }, payload: {} })

describe('git_commit with commits disabled (default)', () => {
  let t: TestApp
  let repo: string
  beforeAll(async () => {
    t = await buildGitApp()
    repo = await makeRepo(path.join(await fs.realpath(t.workspace), 'repo'))
  })
  afterAll(async () => t.close())

  it('answers 200, success false, with a warning, and commits nothing', async () => {
    await fs.writeFile(path.join(repo, 'README.md'), 'changed\n')
    const before = git(repo, 'rev-parse', 'HEAD')
    const res = await t.call('git_commit', { repo_path: 'repo', message: 'should not happen', all: true })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({
      status: 'ok',
      success: false,
      output: 'Commits are disabled: set TOOLGATE_GIT_COMMITS=true to enable',
      error: 'Commits are disabled: set TOOLGATE_GIT_COMMITS=true to enable',
      metadata: { committed: false, sha: null, returncode: null },
      messages: ['git_commit did nothing: Commits are disabled: set TOOLGATE_GIT_COMMITS=true to enable'],
    })
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(before)
    expect(t.logs.text).toContain('git_commit called while commits are disabled')
  })
})

describe('git_commit with TOOLGATE_GIT_COMMITS=true', () => {
  let t: TestApp
  let ws: string
  let repo: string
  beforeAll(async () => {
    t = await buildGitApp({ env: { TOOLGATE_GIT_COMMITS: 'true' } })
    ws = await fs.realpath(t.workspace)
    repo = await makeRepo(path.join(ws, 'repo'))
  })
  afterAll(async () => t.close())

  it('holds the commit for approval, then commits the staged changes once approved', async () => {
    await fs.writeFile(path.join(repo, 'README.md'), 'staged\n')
    git(repo, 'add', 'README.md')
    await fs.writeFile(path.join(repo, 'src/app.txt'), 'unstaged\n')
    // a hook that would write a file if hooks ran
    await fs.writeFile(path.join(repo, '.git/hooks/pre-commit'), '#!/bin/sh\ntouch "$GIT_DIR/../hook-ran"\n', { mode: 0o755 })
    await fs.writeFile(path.join(repo, '.git/hooks/post-commit'), '#!/bin/sh\ntouch hook-ran\n', { mode: 0o755 })
    // a global config written into the workspace (where HOME would point) must not count
    await fs.writeFile(path.join(ws, '.gitconfig'), '[user]\n\tname = From Workspace\n\temail = ws@example.com\n[core]\n\thooksPath = .git/hooks\n')

    const held = await t.call('git_commit', { repo_path: 'repo', message: 'Update README\n\nBody.' })
    expect(held.statusCode, JSON.stringify(held.body)).toBe(202)
    expect(held.body).toMatchObject({ status: 'pending', approval_id: expect.any(String) })
    expect(held.body.messages[0]).toContain('git_commit needs approval (git commit in repo: Update README)')
    expect(git(repo, 'log', '-1', '--format=%s')).toBe('second commit\n')

    const done = await decide(t, held.body.approval_id, 'approve')
    expect(done.statusCode).toBe(200)
    const result = done.json().result
    const sha = git(repo, 'rev-parse', 'HEAD').trim()
    expect(result).toMatchObject({ status: 'ok', success: true, error: null, metadata: { committed: true, sha, returncode: 0 } })
    expect(result.output).toContain('Update README')
    expect(result.output).toContain('1 file changed')
    expect(git(repo, 'log', '-1', '--format=%an <%ae>|%B')).toBe('toolgate <toolgate@localhost>|Update README\n\nBody.\n\n')
    expect(git(repo, 'status', '--porcelain')).toBe(' M src/app.txt\n')
    expect(await exists(path.join(repo, 'hook-ran'))).toBe(false)

    const execution = await t.app.inject({ method: 'GET', url: `/v1/executions/${held.body.execution_id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(JSON.stringify(execution.json())).toContain(sha)
  })

  it('with all=true commits every tracked change, as the repository user', async () => {
    git(repo, 'config', 'user.name', 'Repo User')
    git(repo, 'config', 'user.email', 'repo@example.com')
    const held = await t.call('git_commit', { repo_path: 'repo', message: 'All tracked', all: true })
    expect(held.statusCode).toBe(202)
    const done = await decide(t, held.body.approval_id, 'approve')
    expect(done.json().result).toMatchObject({ success: true, metadata: { committed: true, returncode: 0 } })
    expect(git(repo, 'log', '-1', '--format=%an <%ae> %s')).toBe('Repo User <repo@example.com> All tracked\n')
    expect(git(repo, 'status', '--porcelain')).toBe('')
  })

  it('keeps a message that looks like an option as the message', async () => {
    await fs.writeFile(path.join(repo, 'README.md'), 'again\n')
    for (const message of ['--exec=touch pwned', '--upload-pack=touch pwned']) {
      const held = await t.call('git_commit', { repo_path: 'repo', message, all: true })
      const done = await decide(t, held.body.approval_id, 'approve')
      const result = done.json().result
      if (message.startsWith('--exec')) {
        expect(result).toMatchObject({ success: true, metadata: { committed: true } })
        expect(git(repo, 'log', '-1', '--format=%s')).toBe(`${message}\n`)
      } else {
        // nothing left to commit; the message still never became an option
        expect(result).toMatchObject({ success: false, metadata: { committed: false, returncode: null } })
      }
    }
    expect(await exists(path.join(repo, 'pwned'))).toBe(false)
    expect(await exists(path.join(ws, 'pwned'))).toBe(false)
  })

  it('reports nothing to commit without running git commit: 200, success false, returncode null', async () => {
    const held = await t.call('git_commit', { repo_path: 'repo', message: 'empty' })
    const done = await decide(t, held.body.approval_id, 'approve')
    expect(done.json().result).toMatchObject({
      success: false,
      error: 'Nothing to commit: stage changes first, or pass all=true',
      metadata: { committed: false, sha: null, returncode: null },
    })
    const dry = await t.call('git_commit', { repo_path: 'repo', message: 'empty' }, { headers: { 'x-dry-run': 'true' } })
    expect(dry.body).toMatchObject({
      success: false,
      output: '[Dry Run] Nothing to commit: stage changes first, or pass all=true',
      metadata: { returncode: null },
    })
  })

  it('never runs a rejected commit; a dry run needs no approval and commits nothing', async () => {
    await fs.writeFile(path.join(repo, 'README.md'), 'rejected\n')
    const before = git(repo, 'rev-parse', 'HEAD')
    const held = await t.call('git_commit', { repo_path: 'repo', message: 'nope', all: true })
    expect((await decide(t, held.body.approval_id, 'reject')).statusCode).toBe(200)
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(before)

    const dry = await t.call('git_commit', { repo_path: 'repo', message: 'dry', all: true }, { headers: { 'x-dry-run': 'true' } })
    expect(dry.statusCode).toBe(200)
    expect(dry.body).toMatchObject({ success: true, dry_run: true, metadata: { committed: false, sha: null, returncode: null, dry_run: true } })
    expect(dry.body.output).toMatch(/^\[Dry Run\] Would commit:\n/)
    expect(dry.body.output).toContain('modified:   README.md')
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(before)
  })

  it('refuses an empty message before holding it', async () => {
    const res = await t.call('git_commit', { repo_path: 'repo', message: '  ' })
    expect(res.statusCode).toBe(400)
    expect(res.body.error_message).toBe('Value for message is empty: pass the commit message')
  })
})
