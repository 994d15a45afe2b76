/**
 * E2BIG: values within their schema's maxLength in characters can pass Linux's limits in bytes
 * (128 KiB per argument, ARG_MAX for all of them, bubblewrap's own included). Such a call is a 413
 * with the limit in bytes, before anything is spawned, held or run; just inside it the call works.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isCodedError } from '../../src/errors.js'
import { checkArgvSize } from '../../src/sandbox/index.js'
import type { TestApp } from '../helper.js'
import { buildGitApp, git, makeRepo } from '../tools/git/helpers.js'

let t: TestApp
beforeAll(async () => {
  t = await buildGitApp({ env: { TOOLGATE_GIT_COMMITS: 'true', TOOLGATE_HOLD_RISKY: 'true' } })
  await makeRepo(path.join(t.workspace, 'repo'))
})
afterAll(async () => t?.close())

const LIMIT = 128 * 1024 - 1
/** A no-op command of exactly `bytes` bytes, mostly '€' (3 bytes each), that writes `file` if run. */
function command(bytes: number, file: string): string {
  const head = `touch ${file} #`
  const room = bytes - Buffer.byteLength(head)
  const out = head + '€'.repeat(Math.floor(room / 3)) + 'x'.repeat(room % 3)
  expect(Buffer.byteLength(out)).toBe(bytes)
  return out
}

describe('a command longer in bytes than one argument may be', () => {
  const shapes: [string, string, (c: string) => Record<string, unknown>][] = [
    ['Bash', 'bash', (c) => ({ command: c })],
    ['Bash', 'bash-bg', (c) => ({ command: c, run_in_background: true })],
    ['shell', 'shell', (c) => ({ command: c })],
  ]
  it.each(shapes)('%s (%s): 413 with the limit in bytes, nothing run; at the limit it runs', async (tool, label, body) => {
    for (const bytes of [LIMIT + 1, 299_000]) {
      const res = await t.call(tool, body(command(bytes, `${label}-over.txt`)))
      expect(res.statusCode, JSON.stringify(res.body).slice(0, 300)).toBe(413)
      expect(res.body).toMatchObject({
        status: 'error',
        error_code: 'PAYLOAD_TOO_LARGE',
        details: { parameter: 'command', received_bytes: bytes, max_bytes: LIMIT },
      })
      expect(res.body.error_message).toContain(`at most ${LIMIT} bytes`)
    }
    // 100,000 characters (the schema's maxLength) of '€': valid by length, 300 KB by bytes
    const wide = await t.call(tool, body('€'.repeat(100_000)))
    expect(wide.statusCode).toBe(413)
    await new Promise((r) => setTimeout(r, 200))
    expect(fs.existsSync(path.join(t.workspace, `${label}-over.txt`))).toBe(false)

    const ok = await t.call(tool, body(command(LIMIT, `${label}-ok.txt`)))
    expect(ok.statusCode, JSON.stringify(ok.body).slice(0, 300)).toBe(200)
    // In the background it runs after the answer: until its file is there (at most 5 s).
    const written = path.join(t.workspace, `${label}-ok.txt`)
    for (const end = Date.now() + 5_000; label === 'bash-bg' && !fs.existsSync(written) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20))
    expect(fs.existsSync(written)).toBe(true)
  })

  it('is refused before it is held for approval', async () => {
    // rm -rf is held with TOOLGATE_HOLD_RISKY; a command that cannot run must not wait for an approver
    const held = await t.call('Bash', { command: 'rm -rf ./nothing-here' })
    expect(held.statusCode).toBe(202)
    const res = await t.call('Bash', { command: `rm -rf ./nothing-here #${'€'.repeat(50_000)}` })
    expect(res.statusCode).toBe(413)
    expect(res.body.approval_id).toBeUndefined()
  })
})

describe('other arguments given to processes', () => {
  it('git_commit takes a 100,000-character multibyte message (on stdin, not as an argument)', async () => {
    const repo = path.join(t.workspace, 'repo')
    fs.writeFileSync(path.join(repo, 'new.txt'), 'new\n')
    git(repo, 'add', 'new.txt')
    const message = `long ${'€'.repeat(99_990)}`
    // with TOOLGATE_GIT_COMMITS a commit is held; another key approves it and it runs
    const held = await t.call('git_commit', { repo_path: 'repo', message })
    expect(held.statusCode).toBe(202)
    const approver = await t.key(['approve'], 'approver')
    const res = await t.app.inject({ method: 'POST', url: `/v1/approvals/${held.body.approval_id}/approve`, headers: { authorization: `Bearer ${approver}` } })
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    expect(res.json().result.metadata.committed).toBe(true)
    expect(git(repo, 'log', '-1', '--format=%B').trim()).toBe(message)
  })

  it('git_diff takes its most paths at their longest in multibyte characters (200 × 1,000, 580 KB)', async () => {
    // git values stop at 1,024 characters (args.ts), so 200 paths stay far below ARG_MAX
    const long = `${'€'.repeat(80)}/`.repeat(12)
    const paths = Array.from({ length: 200 }, (_, i) => `${long}${i}`)
    const res = await t.call('git_diff', { repo_path: 'repo', paths })
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 300)).toBe(200)
    const few = await t.call('git_diff', { repo_path: 'repo', rev: 'v1', paths: ['README.md', `${'€'.repeat(80)}/x`] })
    expect(few.statusCode, JSON.stringify(few.body).slice(0, 300)).toBe(200)
    expect(few.body.output).toContain('+world')
  })

  it('Grep takes the longest pattern and glob its schema allows, in 4-byte characters', async () => {
    fs.writeFileSync(path.join(t.workspace, 'emoji.txt'), `${'😀'.repeat(8192)}\n`)
    const res = await t.call('Grep', { pattern: '😀'.repeat(8192), glob: `*${'😀'.repeat(8185)} *.txt` })
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 300)).toBe(200)
    expect(res.body.output).toContain('emoji.txt')
  })

  it('the spawn guard refuses one argument over 128 KiB and a total over 1 MiB, and passes what fits', () => {
    const refused = (args: string[]) => {
      try {
        checkArgvSize(args)
        return undefined
      } catch (err) {
        if (!isCodedError(err)) throw err
        return [err.statusCode, err.code]
      }
    }
    expect(refused(['bash', '-c', 'x'.repeat(LIMIT)])).toBeUndefined()
    expect(refused(['bash', '-c', 'x'.repeat(LIMIT + 1)])).toEqual([413, 'PAYLOAD_TOO_LARGE'])
    expect(refused(Array(9).fill('x'.repeat(LIMIT - 1)))).toEqual([413, 'PAYLOAD_TOO_LARGE'])
    expect(refused(Array(7).fill('x'.repeat(LIMIT)))).toBeUndefined()
  })
})
