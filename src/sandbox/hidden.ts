/**
 * The server's own files (workspace/protected.ts) seen from a sandbox: a protected folder inside
 * a bound one is covered by an empty read-only tmpfs, a protected file by /dev/null (which the
 * sandbox cannot even open: binds are nodev), so `cat data/secret.key`, `git -C data` or `rg` in
 * the workspace find nothing. Binding a protected path itself (a key confined to the data folder)
 * is refused outright.
 */
import fs from 'node:fs'
import { fail } from '../errors.js'
import { isInside } from '../workspace/paths.js'
import { protectedPaths } from '../workspace/protected.js'
import type { SandboxPolicy } from './policy.js'

/** bwrap arguments that hide every protected path lying below what `policy` binds; `program` is exempt (it is being run, read-only). */
export function hideProtected(policy: SandboxPolicy, program: string | undefined): string[] {
  const binds = [...policy.writable, ...(policy.readable ?? []).filter((r) => r !== program), ...(policy.overlays ?? []).map((o) => o.target)]
  const args: string[] = []
  const done = new Set<string>()
  for (const p of protectedPaths()) {
    for (const form of new Set([p.path, p.real].filter((f): f is string => f !== null))) {
      if (binds.some((b) => p.covers(b))) {
        fail('PATH_BLOCKED', "Access denied: this workspace is, or lies inside, the server's own files; no tool may run there")
      }
      if (done.has(form) || !binds.some((b) => isInside(b, form))) continue
      done.add(form)
      const st = fs.lstatSync(form, { throwIfNoEntry: false })
      // A link is followed by the kernel: its real form, when bound, is hidden in its own right.
      if (st?.isDirectory()) args.push('--tmpfs', form, '--remount-ro', form)
      else if (st && !st.isSymbolicLink()) args.push('--ro-bind', '/dev/null', form)
    }
  }
  return args
}
