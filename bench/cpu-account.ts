/**
 * Where the CPU went during one measured run, read from Linux's /proc: the server's main thread,
 * its other threads (the history writer, V8's GC helpers, libuv's pool), every Postgres process,
 * this process (the load generator), the machine's idle time, and how long the main thread was
 * ready to run but had no core. On these shared 2-core machines throughput follows how the cores
 * are shared, so the bench prints this beside calls/s.
 * Elsewhere (no /proc) `snapshot` returns undefined and the bench says so.
 */
import fs from 'node:fs'
import os from 'node:os'

const TICK_US = 1e6 / 100 // USER_HZ is 100 on Linux

export interface CpuSnapshot {
  main: number
  others: number
  postgres: number
  /** This process, in µs (process.cpuUsage). */
  self: number
  idle: number
  /** ns the main thread spent ready to run but waiting for a core (schedstat); undefined without schedstats. */
  mainWaitNs?: number
}

export interface CpuPerCall {
  /** µs of CPU per 2xx call. */
  main: number
  others: number
  postgres: number
  loadGenerator: number
  /** Share of all cores idle during the run, 0–1. */
  idle: number
  /** Share of the run the main thread was ready to run but had no core, 0–1 (NaN if unknown). */
  mainWaiting: number
}

/** utime + stime of a /proc stat line, in ticks (the name field may hold spaces and parentheses). */
const ticksOf = (stat: string) => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[11]) + Number(fields[12])
}

const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

function postgresTicks(): number {
  let sum = 0
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    const stat = read(`/proc/${pid}/stat`)
    if (stat && stat.includes('(postgres)')) sum += ticksOf(stat)
  }
  return sum
}

export function snapshot(serverPid: number | undefined): CpuSnapshot | undefined {
  if (os.platform() !== 'linux' || serverPid === undefined) return undefined
  const main = read(`/proc/${serverPid}/task/${serverPid}/stat`)
  const total = read(`/proc/${serverPid}/stat`)
  const cpu = read('/proc/stat')?.split('\n')[0].split(/\s+/)
  if (!main || !total || !cpu) return undefined
  const mainTicks = ticksOf(main)
  const { user, system } = process.cpuUsage()
  // schedstat: ns on a CPU, ns waiting on a run queue, time slices.
  const waited = Number(read(`/proc/${serverPid}/task/${serverPid}/schedstat`)?.split(' ')[1])
  return {
    main: mainTicks,
    others: ticksOf(total) - mainTicks,
    postgres: postgresTicks(),
    self: user + system,
    idle: Number(cpu[4]) + Number(cpu[5]),
    mainWaitNs: Number.isFinite(waited) ? waited : undefined,
  }
}

export function perCall(before: CpuSnapshot, after: CpuSnapshot, calls: number, seconds: number): CpuPerCall {
  const us = (ticks: number) => (ticks * TICK_US) / Math.max(1, calls)
  return {
    main: us(after.main - before.main),
    others: us(after.others - before.others),
    postgres: us(after.postgres - before.postgres),
    loadGenerator: (after.self - before.self) / Math.max(1, calls),
    idle: ((after.idle - before.idle) * TICK_US) / 1e6 / seconds / os.cpus().length,
    mainWaiting: after.mainWaitNs === undefined || before.mainWaitNs === undefined ? NaN : (after.mainWaitNs - before.mainWaitNs) / 1e9 / seconds,
  }
}
