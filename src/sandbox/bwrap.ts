/**
 * bubblewrap arguments for one confined process. The process gets a new root holding read-only
 * system folders, a short list of harmless /etc files, the caller's workspace read-write, a
 * private /tmp, its own /proc and /dev; its own user (no capabilities), pid, ipc, uts and network
 * namespaces (network shared only for `network` keys); and it dies with the server. Everything
 * else of the host (home folders, /var, /srv, other workspaces, the data dir) does not exist there,
 * and the server's own files stay hidden even inside a bound workspace.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fail } from '../errors.js'
import { isInside } from '../workspace/paths.js'
import { closeSources, FIRST_SOURCE_FD, openSources } from './bind-sources.js'
import { hideProtected } from './hidden.js'
import type { SandboxPolicy, SpawnPlan } from './policy.js'

/** System folders, bound read-only (or recreated as the links they are on merged-/usr systems). */
const SYSTEM = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']

/** /etc entries programs need to run; the rest of /etc (shadow, ssl/private, service configs) stays out. */
const ETC = [
  'passwd',
  'group',
  'hosts',
  'host.conf',
  'nsswitch.conf',
  'resolv.conf',
  'gai.conf',
  'services',
  'protocols',
  'ssl/certs',
  'ssl/openssl.cnf',
  'ca-certificates',
  'ca-certificates.conf',
  'alternatives',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'localtime',
  'timezone',
  'mime.types',
  'bash.bashrc',
  'profile',
  'profile.d',
  'inputrc',
  'environment',
  'locale.alias',
  'debian_version',
  'os-release',
  'magic',
  'magic.mime',
  'terminfo',
  'python3',
  'perl',
  'shells',
  'mtab',
]

/** Processes (and threads) the server's user may have while a sandboxed command forks. */
const MAX_PROCESSES = 4096

/** The user inside: the server's own, or `nobody` when the server runs as root. */
const innerId = (id: number | undefined) => (id === undefined || id === 0 ? 65534 : id)

export interface BwrapOptions {
  bwrap: string
  /** RLIMIT_DATA for every process, in bytes. */
  memoryBytes: number
  /** prlimit's path, when installed: it sets the limits inside. */
  prlimit: string | null
  /** Opens the seccomp filter (seccomp.ts) for one sandbox; null where none is defined for this architecture. */
  seccomp?: (() => number) | null
}

/** What a program linked against shared libraries needs of /etc to start. */
const LOADER_ETC = ['ld.so.cache']

function systemArgs(etc: string[]): string[] {
  const args: string[] = []
  for (const dir of SYSTEM) {
    let st
    try {
      st = fs.lstatSync(dir)
    } catch {
      continue
    }
    if (st.isSymbolicLink()) args.push('--symlink', fs.readlinkSync(dir), dir)
    else if (st.isDirectory()) args.push('--ro-bind', dir, dir)
  }
  for (const entry of etc) {
    const p = path.join('/etc', entry)
    if (fs.existsSync(p)) args.push('--ro-bind', p, p)
  }
  return args
}

/** The private folder's files, bound read-only by descriptor after it is made. */
function privateFiles({ privateDir }: SandboxPolicy): { flag: string; source: string; target: string }[] {
  if (!privateDir) return []
  return Object.entries(privateDir.files ?? {}).map(([name, source]) => ({ flag: '--ro-bind-fd', source, target: path.join(privateDir.path, name) }))
}

/** The private folder and its links; refused when it would lie in, or hold, a bound folder (policy.ts says why). */
function privateFolder({ privateDir, writable, readable = [] }: SandboxPolicy): string[] {
  if (!privateDir) return []
  const dir = privateDir.path
  if ([...writable, ...readable].some((b) => isInside(b, dir) || isInside(dir, b))) {
    fail('PATH_BLOCKED', `This command cannot run in a workspace that is, or holds, ${dir}: the sandbox keeps its own files there`)
  }
  const args = ['--tmpfs', dir]
  for (const [name, to] of Object.entries(privateDir.links ?? {})) args.push('--symlink', to, path.join(dir, name))
  return args
}

/** /run holds sockets and pid files, nothing large. */
const RUN_BYTES = 64 << 20
const sizedTmpfs = (dir: string, bytes: number) => ['--size', String(Math.floor(bytes)), '--tmpfs', dir]

/** Its own namespaces of every kind but the network's when the key has it, as the server's ids, no capability. */
function namespaceArgs(network: boolean, uid: number, gid: number): string[] {
  return [
    '--unshare-all',
    network ? '--share-net' : '--unshare-net',
    '--unshare-user',
    // No user namespace inside: one would mount (a tmpfs past /tmp's size) and reach more of the kernel.
    '--disable-userns',
    '--uid',
    String(uid),
    '--gid',
    String(gid),
    '--cap-drop',
    'ALL',
    '--die-with-parent',
  ]
}

/** /proc with the host's knobs read-only or covered, /dev, and private sized tmpfs folders. */
function procAndTmpArgs(memoryBytes: number): string[] {
  return [
    // Read-only sysctls: a server run as root maps the sandbox's user onto host uid 0, and the
    // kernel lets uid 0 write /proc/sys without any capability (core_pattern runs a program).
    '--proc',
    '/proc',
    '--ro-bind',
    '/proc/sys',
    '/proc/sys',
    '--ro-bind-try',
    '/proc/sysrq-trigger',
    '/proc/sysrq-trigger',
    // The host user's keys by name and size (keyrings are not namespaced; seccomp.ts refuses their calls).
    '--ro-bind-try',
    '/dev/null',
    '/proc/keys',
    '--ro-bind-try',
    '/dev/null',
    '/proc/key-users',
    '--dev',
    '/dev',
    // A private tmpfs is the host's memory, outside the process's own limit: each has a size.
    ...sizedTmpfs('/tmp', memoryBytes),
    ...sizedTmpfs('/dev/shm', memoryBytes / 4),
    ...sizedTmpfs('/var/tmp', memoryBytes / 4),
    ...sizedTmpfs('/run', RUN_BYTES),
  ]
}

/** Adds the seccomp filter's descriptor to `fds` (closing them all if it cannot be opened); its index. */
function withFilter(fds: number[], open: () => number): number {
  try {
    fds.push(open())
  } catch (err) {
    closeSources(fds)
    throw err
  }
  return fds.length - 1
}

export function createBwrapPlanner(opts: BwrapOptions): (argv: string[], policy: SandboxPolicy) => SpawnPlan {
  const system = systemArgs(ETC)
  // Measured, bwrap /bin/true: 10 ms with all of ETC and 6 ms with the cache alone at best; 30 and 8 ms on a busy 2-core machine.
  const bareSystem = systemArgs(LOADER_ETC)
  const uid = innerId(process.getuid?.())
  const gid = innerId(process.getgid?.())
  return (argv, policy) => {
    const args = [...namespaceArgs(policy.network, uid, gid), ...(policy.bareEtc ? bareSystem : system), ...procAndTmpArgs(opts.memoryBytes)]
    // First: it refuses to bind the server's own files, before anything is opened.
    const hidden = hideProtected(policy)
    // Bound by descriptor, opened and checked now (bind-sources.ts); the child gets them from 3 on.
    const binds = [
      ...policy.writable.map((dir) => ({ flag: '--bind-fd', source: dir, target: dir })),
      ...(policy.readable ?? []).map((dir) => ({ flag: '--ro-bind-fd', source: dir, target: dir })),
      ...hidden.pins,
      ...privateFiles(policy),
    ]
    // Checked before anything is opened; made before the files bound into it.
    args.push(...privateFolder(policy))
    const fds = openSources(binds.map((b) => b.source))
    for (const [i, b] of binds.entries()) args.push(b.flag, String(FIRST_SOURCE_FD + i), b.target)
    if (opts.seccomp) args.push('--seccomp', String(FIRST_SOURCE_FD + withFilter(fds, opts.seccomp)))
    // Read-only once laid out: a write a program makes there (a name git keeps that is not linked) fails instead of vanishing.
    if (policy.privateDir) args.push('--remount-ro', policy.privateDir.path)
    // Last, so that they cover what the binds above show: the server's own files (hidden.ts).
    args.push(...hidden.args)
    args.push('--chdir', policy.cwd, '--')
    if (opts.prlimit) {
      // nproc counts per user; the kernel exempts root, so it binds only a server not run as root.
      args.push(opts.prlimit, `--data=${opts.memoryBytes}`, '--core=0', `--nproc=${MAX_PROCESSES}`)
      if (policy.cpuSeconds) args.push(`--cpu=${policy.cpuSeconds}`)
      args.push('--')
    }
    args.push(...argv)
    // bwrap itself gets the clean environment too: its pid-1 process's /proc/1/environ is readable inside.
    // bwrap starts in `/` and enters policy.cwd itself (--chdir): a folder gone meanwhile is its error, not spawn's.
    return { file: opts.bwrap, args, env: policy.env, cwd: '/', fds }
  }
}
