/**
 * Listings stop at about PAGE_BYTES of rows (one row at least; a cursor goes on): a row of history
 * or a held call keeps up to ~260 KB of arguments, and 200 such rows made a 52 MB answer that held
 * the event loop ~1 s. The database measures each row first; only the rows that fit are fetched.
 */
import { validate as isUuid } from 'uuid'
import { fail } from '../errors.js'

export const PAGE_BYTES = 1 << 20

/** How many of `sizes` (bytes, in order) fit in `budget`: one at least. */
export function fitting(sizes: number[], budget = PAGE_BYTES): number {
  let total = 0
  const over = sizes.findIndex((size) => (total += Number(size)) > budget)
  return over === -1 ? sizes.length : Math.max(1, over)
}

/** A listing's cursor: the last row's id, opaque to clients. */
export const encodeCursor = (id: string) => Buffer.from(id).toString('base64url')

/** The id in a cursor; 400 for anything else. */
export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString()
  if (!isUuid(id)) fail('INVALID_REQUEST', 'Invalid cursor: pass back the next_cursor of a previous page')
  return id
}
