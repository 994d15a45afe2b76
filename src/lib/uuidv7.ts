/**
 * UUIDv7 (RFC 9562): time-ordered ids, so history sorts by call order even within one millisecond
 * (a 12-bit counter fills `rand_a` when several ids share a millisecond).
 */
import crypto from 'node:crypto'

let lastMs = 0
let counter = 0

export function uuidv7(): string {
  let ms = Date.now()
  if (ms <= lastMs) {
    counter++
    if (counter > 0xfff) {
      lastMs++
      counter = 0
    }
    ms = lastMs
  } else {
    lastMs = ms
    counter = 0
  }
  const b = crypto.randomBytes(16)
  b.writeUIntBE(ms, 0, 6)
  b[6] = 0x70 | (counter >> 8)
  b[7] = counter & 0xff
  b[8] = (b[8] & 0x3f) | 0x80
  const h = b.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
