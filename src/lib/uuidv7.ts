/**
 * UUIDv7 (RFC 9562): time-ordered ids, so history sorts by call order even within one millisecond
 * (a 12-bit counter fills `rand_a` when several ids share a millisecond). The random part comes
 * from `randomUUID`, which draws from Node's cached entropy pool: no syscall per id.
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
  const rand = crypto.randomUUID() // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx, variant already set
  const t = ms.toString(16).padStart(12, '0')
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${counter.toString(16).padStart(3, '0')}${rand.slice(18)}`
}

/** Any RFC 9562 UUID in its canonical text form (ids that reach a `uuid` column must pass this). */
export const isUuid = (s: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)
