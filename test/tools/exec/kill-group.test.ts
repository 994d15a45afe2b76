/**
 * Ending a command (Running.kill, src/exec/process.ts), without and in the sandbox: SIGTERM to its
 * process group, SIGKILL after the grace for what ignores it, the same grace for what the command
 * left in its group, and no signal by pid from the server, whose numbers can be reused once the
 * launcher has reaped the command.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startCommand } from '../../../src/exec/process.js'
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.js'
import { allGone, running, until } from './helpers.js'

let dir: string
beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tg-kill-')))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
afterEach(() => vi.restoreAllMocks())

const off = createSandbox({ mode: 'off', memoryBytes: 1 << 30 })
const bwrap = createSandbox({ mode: 'bwrap', memoryBytes: 1 << 30 })
const start = (sandbox: Sandbox, command: string) => startCommand({ command, cwd: dir, home: dir, sandbox, network: false, onOutput: () => {} })
const runs = async (marker: string) => (await running(marker)).length > 0

/** Starts `command`, waits until every marker runs, then ends it with `graceMs`; how long ending it took. */
async function startThenEnd(sandbox: Sandbox, command: string, markers: string[], graceMs: number) {
  const cmd = await start(sandbox, command)
  // 15 s: a scan of /proc on a slow VM under load missed a 0.317 s sleep for 5 s
  expect(await until(async () => (await Promise.all(markers.map(runs))).every(Boolean), 15_000)).toBe(true)
  const started = performance.now()
  await cmd.kill(graceMs)
  return { cmd, ms: performance.now() - started }
}

// A marker names a process the command starts, never text of the command itself: the shell's own
// command line would match it before the shell has set its traps.
describe('ending a command without the sandbox', () => {
  it('ends with SIGKILL after the grace a command that ignores SIGTERM, and its children with it', async () => {
    const { cmd, ms } = await startThenEnd(off, "trap '' TERM; n=3101; sleep $n & wait", ['sleep 3101'], 300)
    expect(ms).toBeGreaterThanOrEqual(290)
    expect(await cmd.done).toMatchObject({ code: null, signal: 'SIGKILL' })
    expect(await allGone('sleep 3101')).toBe(true)
  })

  it('returns as soon as the command ends, and gives what it left in its group the same grace', async () => {
    // The subshell ignores SIGTERM and outlives the shell, which does not.
    const { ms } = await startThenEnd(off, "n=3102; (trap '' TERM; exec sleep $n) & sleep $((n + 1))", ['sleep 3102', 'sleep 3103'], 1_500)
    expect(ms).toBeLessThan(1_000)
    expect(await runs('sleep 3102')).toBe(true) // in its grace
    // The shell's own sleep had the SIGTERM too: gone well before the grace's SIGKILL (the shell can
    // be reaped a moment before it, so not at once: a CI flake)
    expect(await allGone('sleep 3103', 400)).toBe(true)
    expect(await allGone('sleep 3102', 4_000)).toBe(true)
  })

  it('signals what it left in its group SIGTERM once, not again as the command is reaped', async () => {
    // Many programs take a second SIGTERM as "stop now, skip the clean-up".
    // Each sleep lives 0.317 s, long enough to be seen by a scan of /proc on a loaded machine (at
    // 0.0517 s a slow scan missed every one for 5 s: a flake); SIGTERM ends it at once either way.
    await startThenEnd(off, "(trap 'echo TERM >> terms' TERM; while :; do sleep 0.3$((10 + 7)); done) & exec sleep 3107", ['sleep 0.317'], 800)
    expect(await until(async () => fs.existsSync(path.join(dir, 'terms')))).toBe(true)
    await new Promise((r) => setTimeout(r, 1_000)) // past the grace: SIGKILL, no more traps
    expect(fs.readFileSync(path.join(dir, 'terms'), 'utf8')).toBe('TERM\n')
    expect(await allGone('sleep 0.3$((10 + 7))')).toBe(true)
  })
})

describe('ending a command in the sandbox', () => {
  it('ends the sandbox without waiting out the grace, SIGTERM ignored or not', async () => {
    // SIGTERM ends bubblewrap, and its --die-with-parent the sandbox; when that signal is lost (seen
    // under load), what is left is in the group and killed as the grace ends.
    const { ms } = await startThenEnd(bwrap, "trap '' TERM; n=3104; sleep $n & wait", ['sleep 3104'], 1_000)
    expect(ms).toBeLessThan(900)
    expect(await allGone('sleep 3104', 3_000)).toBe(true)
  })
})

describe.each([
  ['off', off],
  ['bwrap', bwrap],
] as const)('signals from the server (sandbox %s)', (mode, sandbox) => {
  it('signals nothing by pid, before or after the command ended', async () => {
    const marker = `sleep ${mode === 'off' ? 3105 : 3106}`
    const kill = vi.spyOn(process, 'kill')
    const quick = await start(sandbox, 'true')
    await quick.done
    const t = performance.now()
    await quick.kill(200) // reaped already: nothing to signal, and nothing to wait for
    expect(performance.now() - t).toBeLessThan(150)
    await startThenEnd(sandbox, marker, [marker], 200)
    expect(await allGone(marker)).toBe(true)
    expect(kill.mock.calls.filter(([, sig]) => sig !== 0)).toEqual([])
    // the control: the spy sees what this process signals
    process.kill(process.pid, 0)
    expect(kill).toHaveBeenCalledWith(process.pid, 0)
  })
})
