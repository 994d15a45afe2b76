/**
 * git reads the repository's config from a checked copy, and bwrap creates whatever it mounts
 * onto, by path, while the host is still visible under it (at /oldroot). When the copy was
 * mounted over `.git/config`, a shell swapping `.git` for a link while a git call started made
 * bwrap create `config` wherever the link led: on the host. Now git's common folder is laid out in
 * the sandbox's own /run (links to the real one, the copy beside them) and nothing is mounted
 * inside the workspace. Each spelling of the link races git calls; none leaves a trace outside.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { outcomesOver, startSwapper } from '../../workspace/helpers.js'
import { buildGitApp, git, makeRepo } from './helpers.js'

// Long enough in each state that the server's checks pass and bwrap then meets the link (the old mount over .git/config made `config` outside every run).
const HOLD_LINK = 3
const HOLD_REAL = 10
const CALM = 250
let t: TestApp
let ws: string
let outside: string
beforeAll(async () => {
  t = await buildGitApp({ env: { TOOLGATE_RATE_LIMITS: '*=100000/minute', TOOLGATE_GIT_COMMITS: 'true', TOOLGATE_APPROVAL_SELF: 'allow' } })
  ws = await fs.realpath(t.workspace)
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-git-common-')))
})
afterAll(async () => {
  await t.close()
  await fs.rm(outside, { recursive: true, force: true })
})

/** Outcomes of `call` for 1.5 s while `.git` and `.git-link` swap with these holds (`untilOk`: on until one succeeds, 7.5 s at most); leaves `.git` the real one. */
async function race(repo: string, holds: [number, number], call: () => Promise<void>, untilOk = false): Promise<Map<string, number>> {
  const [real, link] = [path.join(repo, '.git'), path.join(repo, '.git-link')]
  const stop = await startSwapper(real, link, holds)
  try {
    return await outcomesOver(1500, call, (seen) => !untilOk || seen.has('ok'))
  } finally {
    await stop()
    if ((await fs.lstat(real)).isSymbolicLink()) {
      await fs.rename(real, `${real}.tmp`)
      await fs.rename(link, real)
      await fs.rename(`${real}.tmp`, link)
    }
  }
}

describe("git's common folder", () => {
  it('git reads only the checked config, and writes refs, reflogs and objects into the real repository', async () => {
    const repo = await makeRepo(path.join(ws, 'plain'))
    git(repo, 'config', 'core.pager', 'touch PAGER-RAN')
    git(repo, 'config', 'alias.st', 'status')
    await fs.writeFile(path.join(repo, 'new.txt'), 'new\n')
    git(repo, 'add', 'new.txt')
    const res = await t.call('git_commit', { repo_path: 'plain', message: 'add new' })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(202)
    const approved = await t.app.inject({
      method: 'POST',
      url: `/v1/approvals/${res.body.approval_id}/approve`,
      headers: { authorization: `Bearer ${t.adminKey}` },
    })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(git(repo, 'log', '-1', '--format=%s').trim()).toBe('add new')
    expect(git(repo, 'reflog', 'show', 'main', '-1', '--format=%gs').trim()).toBe('commit: add new')
    // The real config is untouched and still the repository's own.
    expect(git(repo, 'config', 'core.pager').trim()).toBe('touch PAGER-RAN')
    await expect(fs.access(path.join(repo, 'PAGER-RAN'))).rejects.toThrow()
  })

  const spellings: [string, (repo: string, out: string) => string][] = [
    ['an absolute link into the host as bwrap sees it', (_repo, out) => path.join('/oldroot', out)],
    ['a relative link climbing to the host as bwrap sees it', (repo, out) => path.join('../'.repeat(repo.split('/').length), 'oldroot', out)],
    ['a link to the host path itself', (_repo, out) => out],
  ]
  for (const [i, [name, target]] of spellings.entries()) {
    it(`a .git swapped for ${name} while git starts creates nothing outside`, async () => {
      const repo = await makeRepo(path.join(ws, `race-${i}`))
      const out = path.join(outside, `race-${i}`)
      await fs.mkdir(out)
      await fs.symlink(target(repo, out), path.join(repo, '.git-link'))
      const status = async () => {
        const res = await t.call('git_status', { repo_path: path.basename(repo) })
        if (res.statusCode !== 200) throw Object.assign(new Error(), { code: res.body.error_code })
      }
      const outcomes = await race(repo, [HOLD_LINK, HOLD_REAL], status)
      // A loaded machine's call outlasts 10 ms of the real .git: the positive control then races
      // on with the real one held longer, until a call lands between the swaps.
      if (!outcomes.has('ok')) for (const [code, n] of await race(repo, [HOLD_LINK, CALM], status, true)) outcomes.set(code, (outcomes.get(code) ?? 0) + n)
      expect(await fs.readdir(out), JSON.stringify([...outcomes])).toEqual([])
      // positive control: git ran between the swaps
      expect(outcomes.get('ok') ?? 0, JSON.stringify([...outcomes])).toBeGreaterThan(0)
      for (const code of outcomes.keys()) expect(['ok', 'GIT_UNSAFE_REPOSITORY', 'INVALID_REQUEST', 'CONFLICT', 'PATH_OUTSIDE_WORKSPACE']).toContain(code)
    })
  }
})
