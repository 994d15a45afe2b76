/**
 * What a confined child process may see and do. Tools say what they need (their workspace, the
 * network when the key has it); the sandbox turns that into bubblewrap arguments (bwrap.ts).
 */

export type SandboxMode = 'bwrap' | 'off'

export interface SandboxPolicy {
  /** Folders the process may read and write, at the same paths inside: the caller's workspace. */
  writable: string[]
  /** Folders bound read-only at the same path (the workspace, for rg). */
  readable?: string[]
  /** A folder the sandbox makes for itself, outside every bound one (git's common folder: its checked config and links to the real one). */
  privateDir?: PrivateDir
  /** Reach the network (keys with the `network` scope); otherwise only a private loopback. */
  network: boolean
  cwd: string
  /** The whole environment the process sees. */
  env: Record<string, string>
  /** CPU seconds per process (RLIMIT_CPU); none for background shells. */
  cpuSeconds?: number
  /**
   * Of /etc, only the loader's cache: for a program that reads no system configuration (ripgrep).
   * Each bound file is a mount, and the ~30 of the full list took most of a spawn (bwrap.ts).
   */
  bareEtc?: boolean
}

/**
 * bwrap creates what it mounts onto by path, while the host is still visible under it: a mount
 * inside a bound folder (which another process may be changing) could create files on the host.
 * So whatever a sandbox adds is laid out here, in a tmpfs of its own (read-only once laid out),
 * and only linked to.
 */
export interface PrivateDir {
  /** Absolute; neither inside a bound folder nor holding one (bwrap.ts refuses otherwise). */
  path: string
  /** name → what the link leads to, as seen inside. */
  links?: Record<string, string>
  /** name → a host file bound read-only (by descriptor, like every bind). */
  files?: Record<string, string>
}

export interface SpawnPlan {
  file: string
  args: string[]
  env: Record<string, string>
  cwd: string
  /** Descriptors the child gets as 3, 4, … (what bwrap binds); whoever spawns it closes them after. */
  fds: number[]
}

export interface Sandbox {
  readonly mode: SandboxMode
  /** Why the sandbox is off when `auto` could not use bwrap; absent when on or off by choice. */
  readonly fallbackReason?: string
  /** How to spawn `argv` confined by `policy`. */
  plan(argv: string[], policy: SandboxPolicy): SpawnPlan
}

export const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
