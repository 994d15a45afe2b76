/**
 * What this process holds open under `roots`: its descriptors' targets, sorted. Tests of a leak
 * compare these, not a count of descriptors: other threads (the thread pool, notebook workers)
 * open and close their own meanwhile, and one CI run saw five close during a synchronous test.
 */
import fs from 'node:fs'

const under = (target: string, root: string) => target === root || (root !== '/' && target.startsWith(`${root}/`))

export function heldOpen(...roots: string[]): string[] {
  const targets: string[] = []
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      targets.push(fs.readlinkSync(`/proc/self/fd/${fd}`))
    } catch {
      // the descriptor readdirSync itself used, closed since
    }
  }
  return targets.filter((t) => roots.some((root) => under(t, root))).sort()
}
