import { readFileSync } from 'node:fs'

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`

/**
 * CPU time of the process's main thread, in ms: schedstat's first field (ns on a CPU). Unlike wall
 * time, it is what the thread's own work cost, however busy other processes keep the cores; unlike
 * the process's time, it leaves out GC helpers, the thread pool and PGlite. The process's time
 * where there is no /proc.
 */
export function mainThreadMs(): number {
  try {
    return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6
  } catch {
    const used = process.cpuUsage()
    return (used.user + used.system) / 1000
  }
}

/**
 * The main thread's time waiting for a core, in ms (schedstat's second field: time on a run
 * queue); 0 where there is no /proc. Wall time less this is what the thread held, running or
 * blocked (a sync child process, sync I/O), whatever its neighbours took.
 */
export function mainThreadWaitMs(): number {
  try {
    return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[1]) / 1e6
  } catch {
    return 0
  }
}
