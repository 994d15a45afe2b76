/**
 * The rules a glossary entry's words follow, in one place so that the tools, the search and the
 * benchmark agree: how a term is normalised, what its base term is, how tags are cleaned, and how
 * `[[Term]]` references are read out of a definition.
 */
import { fail } from '../errors.js'

export const TERM_MAX = 200
export const DEFINITION_MAX = 20_000
export const TAG_MAX = 50
export const TAGS_MAX = 20
export const REASON_MAX = 2_000
export const STATUSES = ['tentative', 'confirmed'] as const
export type EntryStatus = (typeof STATUSES)[number]

// A trailing disambiguation suffix: `Dawn (character)` → `Dawn`. One level only, as written.
const SUFFIX = /\s+\([^()]*\)$/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** Trimmed, inner white space runs made one space; refused when empty or holding control characters. */
export function normalizeTerm(raw: string, parameter = 'term'): string {
  const term = raw.trim().replace(/\s+/g, ' ')
  if (term === '') fail('VALIDATION_ERROR', `Value for ${parameter} must contain a non-space character`, { details: { parameter } })
  if (CONTROL.test(raw.replace(/[\t\n\r]/g, ' '))) {
    fail('VALIDATION_ERROR', `Value for ${parameter} must not contain control characters`, { details: { parameter } })
  }
  return term
}

/** lower(term without a trailing ` (…)`): the second key an exact match is made on. */
export function baseTermOf(term: string): string {
  const stripped = term.replace(SUFFIX, '').trim()
  return (stripped === '' ? term : stripped).toLowerCase()
}

/** Trimmed and lower-cased, empty ones and commas refused, duplicates dropped (first occurrence kept). */
export function normalizeTags(raw: readonly string[], parameter = 'tags'): string[] {
  const out: string[] = []
  for (const t of raw) {
    const tag = t.trim().toLowerCase()
    if (tag === '') fail('VALIDATION_ERROR', `Value for ${parameter} must not hold an empty tag`, { details: { parameter } })
    // The XML answer lists tags comma-separated in one attribute: a comma inside a tag would split it.
    if (tag.includes(',') || CONTROL.test(tag)) {
      fail('VALIDATION_ERROR', `Invalid tag "${tag.slice(0, TAG_MAX)}" in ${parameter}: tags must not contain commas or control characters`, {
        details: { parameter, tag: tag.slice(0, TAG_MAX) },
      })
    }
    if (!out.includes(tag)) out.push(tag)
  }
  return out
}

/** A definition must say something; white space alone is refused. */
export function checkDefinition(definition: string, parameter = 'definition'): string {
  if (definition.trim() === '') fail('VALIDATION_ERROR', `Value for ${parameter} must contain a non-space character`, { details: { parameter } })
  return definition
}

const REFERENCE = /\[\[([^\][]+?)\]\]/g

/**
 * The distinct targets of `[[Term]]` references, in order of first appearance. `[[Term|label]]`
 * and `[[Term#part]]` point at `Term`.
 */
export function referencesIn(definition: string): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const m of definition.matchAll(REFERENCE)) {
    const target = m[1].split('|')[0].split('#')[0].trim().replace(/\s+/g, ' ')
    if (target === '' || target.length > TERM_MAX) continue
    const key = target.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(target)
  }
  return out
}
