/**
 * Time-ordered ids (uuid v7, RFC 9562), one per call in history. uuid's own v7 asks the OS for 16
 * random bytes per id (crypto.getRandomValues: ~7 µs on a 2-core VM, a tenth of a `hello` call);
 * here they come from a pool refilled every 256 ids, as Node's randomUUID pools its own. Ids stay
 * strictly increasing within a process: history pages are ordered by id, newest first.
 */
import crypto from 'node:crypto'
import { v7 } from 'uuid'

const POOL_BYTES = 4096
let pool = Buffer.alloc(0)
let used = POOL_BYTES

function random16(): Buffer {
  if (used + 16 > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES)
    used = 0
  }
  used += 16
  return pool.subarray(used - 16, used)
}

// As uuid's own v7 state: a new millisecond starts a random 31-bit counter (RFC 9562 §6.2, method 2), the same one counts on.
let msecs = Number.NEGATIVE_INFINITY
let seq = 0

export function timeOrderedId(): string {
  const random = random16()
  const now = Date.now()
  if (now > msecs) {
    msecs = now
    seq = random.readUInt32BE(6) & 0x7fffffff
  } else if (seq === 0x7fffffff) {
    msecs++
    seq = 0
  } else seq++
  return v7({ random, msecs, seq })
}
