/**
 * killGroup, on real process groups without the sandbox: a group that ignores SIGTERM still ends
 * by SIGKILL after the grace, and a group left with only a zombie (ended, waiting for a parent to
 * reap it: late, under some inits) counts as gone at once instead of after the grace.
 */
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { killGroup } from '../../../src/exec/process.js'
import { alive, gone, sleep } from './helpers.js'

/** A shell leading a process group of its own, as commands run. */
function group(script: string) {
  const child = spawn('/bin/sh', ['-c', script], { detached: true, stdio: 'ignore' })
  return child.pid!
}

describe('killGroup', () => {
  it('ends with SIGKILL after the grace a group that ignores SIGTERM', async () => {
    const pid = group("trap '' TERM; sleep 30 & wait")
    await sleep(100)
    const started = performance.now()
    await killGroup(pid, 300)
    expect(performance.now() - started).toBeGreaterThanOrEqual(300)
    expect(await gone(pid)).toBe(true)
  })

  it('takes a group whose only member left is a zombie as ended, without waiting out the grace', async () => {
    // `sleep 30` is exec'd by the shell whose child `true` it never reaps: a zombie in the group.
    const pid = group('true & exec sleep 30')
    await sleep(200)
    expect(await alive(pid)).toBe(true)
    const started = performance.now()
    await killGroup(pid, 5_000)
    // Milliseconds here; waiting for a late init to reap the zombie took 1.5 to 2 s on this suite's VM.
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(await gone(pid)).toBe(true)
  })
})
