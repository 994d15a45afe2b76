/**
 * UUIDv7 (RFC 9562): time-ordered ids, so history sorts by call order even within one millisecond
 * (a 12-bit counter fills `rand_a` when several ids share a millisecond). The random part (62 bits
 * of `rand_b`) is cut from a pool of random hex filled 256 ids at a time: one `randomBytes` call
 * per 256 ids, and no per-id string surgery beyond two slices.
 */
import crypto from 'node:crypto'

let lastMs = 0
let counter = 0
// Ids come thousands a second: the time part is formatted once per millisecond, the counter looked up.
let prefixMs = -1
let prefix = ''
const COUNTER_HEX = Array.from({ length: 0x1000 }, (_, i) => i.toString(16).padStart(3, '0'))
/** A hex digit's char code → the variant digit (10xx) that keeps its two low bits. */
const VARIANT = Array.from({ length: 128 }, (_, code) => {
  const v = Number.parseInt(String.fromCharCode(code), 16)
  return Number.isNaN(v) ? '' : (8 | (v & 3)).toString(16)
})
const POOL_IDS = 256
let pool = ''
let at = POOL_IDS * 16

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
  if (ms !== prefixMs) {
    const t = ms.toString(16).padStart(12, '0')
    prefix = `${t.slice(0, 8)}-${t.slice(8, 12)}-7`
    prefixMs = ms
  }
  if (at === POOL_IDS * 16) {
    pool = crypto.randomBytes(POOL_IDS * 8).toString('hex')
    at = 0
  }
  const r = at
  at += 16
  return `${prefix}${COUNTER_HEX[counter]}-${VARIANT[pool.charCodeAt(r)]}${pool.slice(r + 1, r + 4)}-${pool.slice(r + 4, r + 16)}`
}

/** Any RFC 9562 UUID in its canonical text form (ids that reach a `uuid` column must pass this). */
export const isUuid = (s: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)
