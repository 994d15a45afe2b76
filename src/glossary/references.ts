/**
 * `include_references`: the entries the hits' definitions point at with `[[Term]]`, and the ones
 * those point at, breadth first, up to MAX_DEPTH steps and MAX_REFERENCES entries. A reference
 * resolves to the entry with that term (case-insensitively) or, when there is none, to every entry
 * whose term without its suffix is that text (`[[Dawn]]` → `Dawn (character)`, `Dawn (location)`).
 * An entry is listed once: the hits and every entry listed so far are never listed again, so
 * cycles (A → B → A) and self references end by themselves.
 */
import { asc, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { glossaryEntries as g } from '../db/schema/index.js'
import { toEntryRow, type EntryRow } from './search.js'
import { referencesIn } from './terms.js'

export const MAX_DEPTH = 3
export const MAX_REFERENCES = 50

export interface ReferencedEntry extends EntryRow {
  /** The listed entries whose definitions reference this one. */
  referenced_by: number[]
}

async function resolve(db: Db, names: string[]): Promise<(EntryRow & { key: string; base: string })[]> {
  const keys = names.map((n) => n.toLowerCase())
  const key = sql<string>`lower(${g.term})`
  const found = await db
    .select({ id: g.id, term: g.term, status: g.status, tags: g.tags, definition: g.definition, key, base: g.baseTerm })
    .from(g)
    .where(or(inArray(key, keys), inArray(g.baseTerm, keys)))
    .orderBy(asc(g.id))
  return found.map((r) => ({ ...toEntryRow(r), key: r.key, base: r.base }))
}

export async function expandReferences(db: Db, hits: EntryRow[]): Promise<{ entries: ReferencedEntry[]; truncated: boolean }> {
  const listed = new Set(hits.map((h) => h.id))
  const out: ReferencedEntry[] = []
  let level: EntryRow[] = hits
  for (let depth = 1; depth <= MAX_DEPTH && level.length > 0; depth++) {
    // name (lower case) → the ids of this level's entries that reference it
    const referrers = new Map<string, number[]>()
    for (const e of level) {
      for (const name of referencesIn(e.definition)) {
        const key = name.toLowerCase()
        const ids = referrers.get(key) ?? []
        if (!ids.includes(e.id)) ids.push(e.id)
        referrers.set(key, ids)
      }
    }
    if (referrers.size === 0) break
    const found = await resolve(db, [...referrers.keys()])
    const next: ReferencedEntry[] = []
    for (const [key, by] of referrers) {
      const byTerm = found.filter((f) => f.key === key)
      for (const target of byTerm.length > 0 ? byTerm : found.filter((f) => f.base === key)) {
        const already = next.find((n) => n.id === target.id)
        if (already) {
          for (const id of by) if (!already.referenced_by.includes(id)) already.referenced_by.push(id)
          continue
        }
        if (listed.has(target.id)) continue
        if (out.length + next.length >= MAX_REFERENCES) return { entries: [...out, ...next], truncated: true }
        const { key: _k, base: _b, ...row } = target
        next.push({ ...row, referenced_by: [...by] })
        listed.add(target.id)
      }
    }
    out.push(...next)
    level = next
  }
  return { entries: out, truncated: false }
}
