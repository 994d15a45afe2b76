/**
 * The seccomp filter bwrap loads into every sandbox (`--seccomp FD`): the kernel keyring calls
 * (add_key, request_key, keyctl) fail with EPERM. Keyrings are not namespaced: a sandboxed process
 * running as the server's uid could link the host user's keyring and read or replace its keys.
 * Docker's default profile blocks the same calls for the same reason. Hand-written (a dozen
 * classic BPF instructions): no maintained package builds a filter without a native addon.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// Classic BPF opcodes (linux/filter.h) and seccomp return values (linux/seccomp.h).
const LD_W_ABS = 0x20
const JEQ_K = 0x15
const JGE_K = 0x35
const RET_K = 0x06
const RET_ALLOW = 0x7fff0000
const RET_ERRNO = 0x00050000
const EPERM = 1
const ENOSYS = 38
/** struct seccomp_data: `nr` at byte 0, `arch` at byte 4. */
const NR = 0
const ARCH = 4
/** x32 system calls are the x86_64 ones with this bit set. */
const X32_BIT = 0x40000000

/** The audit arch and the keyring calls' numbers, per architecture Node reports. */
const ARCHES: Record<string, { audit: number; blocked: number[]; x32?: boolean }> = {
  x64: { audit: 0xc000003e, blocked: [248, 249, 250], x32: true },
  arm64: { audit: 0xc00000b7, blocked: [217, 218, 219] },
}

type Instruction = [code: number, jt: number, jf: number, k: number]

/** The filter for `arch` as bwrap reads it (struct sock_filter[], 8 bytes each); null where none is defined. */
export function seccompProgram(arch: string = process.arch): Buffer | null {
  const target = ARCHES[arch]
  if (!target) return null
  const { blocked } = target
  const program: Instruction[] = [
    [LD_W_ABS, 0, 0, ARCH],
    // Another ABI (32-bit calls on a 64-bit kernel) numbers its calls differently: refused whole.
    [JEQ_K, 1, 0, target.audit],
    [RET_K, 0, 0, RET_ERRNO | ENOSYS],
    [LD_W_ABS, 0, 0, NR],
    ...(target.x32 ? [[JGE_K, blocked.length + 1, 0, X32_BIT] as Instruction] : []),
    // Each match jumps to the EPERM below the ALLOW.
    ...blocked.map((nr, i): Instruction => [JEQ_K, blocked.length - i, 0, nr]),
    [RET_K, 0, 0, RET_ALLOW],
    [RET_K, 0, 0, RET_ERRNO | EPERM],
  ]
  const buf = Buffer.alloc(program.length * 8)
  for (const [i, [code, jt, jf, k]] of program.entries()) {
    buf.writeUInt16LE(code, i * 8)
    buf.writeUInt8(jt, i * 8 + 2)
    buf.writeUInt8(jf, i * 8 + 3)
    buf.writeUInt32LE(k >>> 0, i * 8 + 4)
  }
  return buf
}

/**
 * Opens the filter afresh for each sandbox (bwrap reads its descriptor to the end): an unlinked
 * file only this process holds, reopened through /proc so that every reader starts at byte 0.
 */
export function seccompSource(program: Buffer): () => number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolgate-seccomp-'))
  const file = path.join(dir, 'filter.bpf')
  fs.writeFileSync(file, program, { mode: 0o600 })
  const held = fs.openSync(file, 'r')
  fs.rmSync(dir, { recursive: true, force: true })
  return () => fs.openSync(`/proc/self/fd/${held}`, 'r')
}
