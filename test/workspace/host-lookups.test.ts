/**
 * The guard never looks anything up through a link a caller planted in the workspace: such a
 * lookup runs on the host, outside the sandbox (an automount there triggers, a dead network mount
 * holds a thread-pool thread). Seen from the kernel, so that no way of asking escapes the check:
 * the guard runs in a child process under `strace`, and every file-system system call is read.
 * A path may name a planted link itself only to read it without following it.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compiledPath } from '../support/compiled-src.js'

const OUT_LINK = 'planted-out'
const IN_LINK = 'planted-in'
let tmp: string
let ws: string

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tg-host-lookups-')))
  ws = path.join(tmp, 'ws')
  fs.mkdirSync(path.join(tmp, 'outside', 'sub'), { recursive: true })
  fs.writeFileSync(path.join(tmp, 'outside', 'sub', 'f.txt'), 'outside')
  fs.mkdirSync(path.join(ws, 'real', 'sub'), { recursive: true })
  fs.writeFileSync(path.join(ws, 'real', 'sub', 'f.txt'), 'inside')
  fs.symlinkSync(path.join(tmp, 'outside'), path.join(ws, OUT_LINK))
  fs.symlinkSync('real', path.join(ws, IN_LINK))
})
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

/** Runs the guard on `paths` in a child under strace; its answers, and every file-system call it made. */
function traced(paths: string[]): { answers: string[]; calls: string[] } {
  const module = (entry: string) => JSON.stringify(`file://${compiledPath(entry) ?? path.resolve(entry)}`)
  const script = path.join(tmp, 'probe.mjs')
  fs.writeFileSync(
    script,
    `const { openForRead } = await import(${module('src/workspace/index.ts')})
     const { openFolderToRead } = await import(${module('src/tools/fs/support/guard.ts')})
     const { defaultPolicy } = await import(${module('src/workspace/blocked.ts')})
     for (const p of ${JSON.stringify(paths)}) {
       const file = await openForRead(${JSON.stringify(ws)}, p + '/f.txt').then((f) => (f.handle.close(), 'ok'), (e) => e.code)
       const dir = await openFolderToRead(${JSON.stringify(ws)}, p, defaultPolicy).then((d) => (d.dir.close(), 'ok'), (e) => e.code)
       console.log(p, file, dir)
     }`,
  )
  const trace = path.join(tmp, 'trace')
  const answers = execFileSync('strace', ['-f', '-qq', '-s', '4096', '-e', 'trace=%file', '-o', trace, process.execPath, script], { encoding: 'utf8' })
  return { answers: answers.trim().split('\n'), calls: fs.readFileSync(trace, 'utf8').split('\n') }
}

/** Calls that go through a planted link, or follow one: a path with a link's name and more after it, or the link followed. */
function throughLinks(calls: string[]): string[] {
  const reads = /^\d+\s+(?:lstat|readlink|readlinkat)\(|AT_SYMLINK_NOFOLLOW|O_NOFOLLOW/
  return calls.filter((call) => [OUT_LINK, IN_LINK].some((link) => call.includes(`/${link}/`) || (call.includes(`/${link}"`) && !reads.test(call))))
}

describe('lookups on the host through a planted link', () => {
  it('never happen: the links are read, never followed or passed through; the answers stay the guard’s', () => {
    const { answers, calls } = traced([`${OUT_LINK}/sub`, `${IN_LINK}/sub`, 'real/sub'])
    expect(answers).toEqual([`${OUT_LINK}/sub PATH_OUTSIDE_WORKSPACE PATH_OUTSIDE_WORKSPACE`, `${IN_LINK}/sub ok ok`, 'real/sub ok ok'])
    // Positive control: the trace holds the guard's own calls, and the links were looked at.
    expect(calls.some((c) => c.includes('/sub"'))).toBe(true)
    expect(calls.some((c) => c.includes(`/${OUT_LINK}"`))).toBe(true)
    expect(throughLinks(calls)).toEqual([])
  })
})
