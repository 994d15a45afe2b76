/** A hint for the agent: `[[refs]]` in a definition that no entry answers to (yet). */
import { inArray, or, sql } from 'drizzle-orm'
import { glossaryEntries as g } from '../db/schema/index.js'
import type { ToolContext } from '../tools/define.js'
import { referencesIn } from './terms.js'

export async function warnUnresolved(ctx: ToolContext, definition: string): Promise<void> {
  const names = referencesIn(definition)
  if (names.length === 0) return
  const keys = names.map((n) => n.toLowerCase())
  const key = sql<string>`lower(${g.term})`
  const found = await ctx.services.db
    .select({ key, base: g.baseTerm })
    .from(g)
    .where(or(inArray(key, keys), inArray(g.baseTerm, keys)))
  // A reference resolves to an entry's term (any case) or to its term without the suffix.
  const known = new Set(found.flatMap((r) => [r.key, r.base]))
  const unresolved = names.filter((n) => !known.has(n.toLowerCase()))
  if (unresolved.length > 0) ctx.warn(`No glossary entry yet for ${unresolved.map((n) => `[[${n}]]`).join(', ')}`)
}
