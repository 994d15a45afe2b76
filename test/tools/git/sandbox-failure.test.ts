/**
 * When bwrap cannot set a git sandbox up (a folder of the repository changed while it started),
 * its own words can name host paths and depend on what is outside: the caller gets one fixed 409
 * instead, and the same git call runs when nothing is in the way.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox } from '../../../src/sandbox/index.js'
import { runGit } from '../../../src/tools/git/support/run.js'
import { makeRepo } from './helpers.js'

let ws: string
let repo: string
let config: string
beforeAll(async () => {
  ws = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-git-setup-')))
  repo = await makeRepo(path.join(ws, 'repo'))
  config = path.join(ws, 'inert.config')
  await fs.writeFile(config, '')
})
afterAll(async () => {
  await fs.rm(ws, { recursive: true, force: true })
})

const ctx = { signal: new AbortController().signal, services: { sandbox: createSandbox({ mode: 'bwrap', memoryBytes: 1 << 30 }) } }

describe('a git sandbox that cannot be set up', () => {
  it('answers one fixed 409 naming no path; the same call runs with a target that is there', async () => {
    // A file where bwrap needs a folder to start in: it fails before git runs, with a message naming server paths.
    const blocked = { cwd: path.join(repo, 'README.md'), root: ws, common: { dir: path.join(repo, '.git'), config } }
    const err = await runGit(blocked, ['status'], ctx as never).then(
      () => null,
      (e: { code?: string; statusCode?: number; message: string }) => e,
    )
    expect(err).toMatchObject({ code: 'CONFLICT', statusCode: 409 })
    expect(err?.message).toContain('sandbox could not be set up')
    expect(err?.message).not.toContain(ws)
    expect(err?.message).not.toContain('bwrap')
    // positive control
    const fine = await runGit({ cwd: repo, root: ws, common: { dir: path.join(repo, '.git'), config } }, ['status'], ctx as never)
    expect(fine.exitCode).toBe(0)
  })
})
