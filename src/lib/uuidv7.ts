/**
 * UUIDv7 (RFC 9562): time-ordered ids, so history sorts by call order even within one millisecond
 * (a 12-bit counter fills `rand_a` when several ids share a millisecond). The random part comes
 * from `randomUUID`, which draws from Node's cached entropy pool: no syscall per id.
 */
import crypto from 'node:crypto'

let lastMs = 0
let counter = 0
// Ids come thousands a second: the time part is formatted once per millisecond, the counter looked up.
let prefixMs = -1
let prefix = ''
const COUNTER_HEX = Array.from({ length: 0x1000 }, (_, i) => i.toString(16).padStart(3, '0'))

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
  const rand = crypto.randomUUID() // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx, variant already set
  return prefix + COUNTER_HEX[counter] + rand.slice(18)
}

/** Any RFC 9562 UUID in its canonical text form (ids that reach a `uuid` column must pass this). */
export const isUuid = (s: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)
