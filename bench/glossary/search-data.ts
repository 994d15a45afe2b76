/**
 * A glossary that looks like one a quest-forum annotator builds: invented names made of syllables,
 * places, orders and rites, about one in six with a disambiguation suffix (some bases shared by
 * two entries, `Dawn (character)` and `Dawn (location)`), multi-sentence definitions of ~200–600
 * characters with `[[refs]]` to other entries, and tags. Deterministic for a given seed, so runs
 * compare. Also the query mix the search benchmark times.
 */
import { baseTermOf } from '../../src/glossary/terms.js'
import { ENTRY_COUNT_WORD, wordsOf } from '../../src/glossary/words.js'

export interface BenchEntry {
  term: string
  base_term: string
  definition: string
  tags: string[]
  status: string
}
/** `expectId`: for exact and base queries the entry that must come first (as an exact match); for misspelt ones the entry meant. */
export interface BenchQuery {
  kind: 'exact' | 'base' | 'misspelt' | 'word'
  query: string
  expectId?: number
  expectTerm?: string
}

/** mulberry32: small, fast, seedable. */
export function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] }
}

const ONSETS = ['v', 'th', 'r', 'k', 's', 'm', 'dr', 'l', 'n', 'z', 'br', 'c', 'g', 'h', 'qu', 't', 'y', 'ph', 'sh', 'kh', 'f', 'gr', 'st', 'w']
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'y', 'ae', 'ia', 'ou', 'ei', 'ai', 'o']
const CODAS = ['', '', 'n', 's', 'r', 'th', 'l', 'x', 'm', 'sh', 'nd', 'rk', 'st']
const SUFFIXES = ['character', 'location', 'faction', 'mechanic', 'item', 'event', 'title', 'creature', 'spell']
const SHAPES = ['{N}', '{N}', '{N}', '{N}', '{N} {N}', 'Order of {N}', 'Mount {N}', '{N} Keep', 'the {N} Accord', '{N}ian Rite', 'House {N}', '{N} Gate']
const WORDS = [
  'ancient',
  'crystalline',
  'river',
  'empire',
  'forged',
  'shadow',
  'ember',
  'oath',
  'ruin',
  'citadel',
  'blade',
  'sigil',
  'covenant',
  'pilgrim',
  'harbor',
  'tithe',
  'lantern',
  'thorn',
  'vigil',
  'relic',
  'storm',
  'frost',
  'marsh',
  'spire',
  'chalice',
  'warden',
  'heretic',
  'prophecy',
  'exile',
  'legion',
  'tribute',
  'banner',
  'catacomb',
  'monastery',
  'caravan',
  'silver',
  'obsidian',
  'ivory',
  'saltmarsh',
  'highland',
  'orchard',
  'bridge',
  'archive',
  'scribe',
  'mercenary',
  'alchemist',
  'familiar',
  'ward',
  'glyph',
  'rune',
  'tavern',
  'quest',
  'dungeon',
  'dragon',
  'wyrm',
  'ghoul',
  'revenant',
  'oracle',
  'druid',
  'paladin',
  'sorcery',
  'ritual',
  'feast',
  'treaty',
  'siege',
  'rebellion',
  'dynasty',
  'bloodline',
  'throne',
  'crown',
  'mask',
  'veil',
  'mirror',
  'gate',
  'well',
  'tower',
]
const TEMPLATES = [
  'A {w} {w} who serves [[{R}]] in the years after the fall of [[{R}]].',
  'First mentioned by the questmaster when the party reached the {w} of {N}.',
  'Known among the {w} folk as a keeper of {w} and {w}; rumoured to answer only to [[{R}]].',
  'The {w} practice of binding a {w} to a {w}, taught at [[{R}]] and forbidden elsewhere.',
  'Players argued for several threads whether it is the same {w} as the one in [[{R}]].',
  'Its {w} is said to hold the memory of every {w} sworn there since the {w} age.',
  'Later posts reveal a connection to the {w} {w} of {N}, though the questmaster never confirmed it.',
  'Used as a {w} by the {w} guilds; carrying one through [[{R}]] is a crime punished by {w}.',
  'Appears in the {w} chapter, where the party bargains with a {w} for passage across the {w}.',
  'Not to be confused with [[{R}]], whose {w} is older and far less {w}.',
]

function syllable(r: ReturnType<typeof rng>) {
  return r.pick(ONSETS) + r.pick(VOWELS) + r.pick(CODAS)
}
function name(r: ReturnType<typeof rng>) {
  const n = 2 + (r.next() < 0.3 ? 1 : 0)
  let s = ''
  for (let i = 0; i < n; i++) s += syllable(r)
  return s[0].toUpperCase() + s.slice(1)
}

/** `count` entries with unique terms (case-insensitively), the first few fixed so tests of the run can lean on them. */
export function makeEntries(count: number, seed = 42): BenchEntry[] {
  const r = rng(seed)
  const terms: string[] = []
  const seen = new Set<string>()
  const add = (t: string) => {
    if (seen.has(t.toLowerCase())) return false
    seen.add(t.toLowerCase())
    terms.push(t)
    return true
  }
  for (const t of ['Dawn (character)', 'Dawn (location)', 'Dawnbringer', 'vys', 'vatis', 'Rhynia', 'Soma']) add(t)
  while (terms.length < count) {
    const base = r.pick(SHAPES).replace(/\{N\}/g, () => name(r))
    const roll = r.next()
    if (roll < 0.05) {
      // A base shared by two entries: the case disambiguation suffixes exist for.
      const [a, b] = [r.pick(SUFFIXES), r.pick(SUFFIXES)]
      add(`${base} (${a})`)
      if (a !== b && terms.length < count) add(`${base} (${b})`)
    } else if (roll < 0.17) add(`${base} (${r.pick(SUFFIXES)})`)
    else add(base)
  }
  return terms.map((term, i) => {
    const sentences: string[] = []
    let len = 0
    const target = 200 + r.int(400)
    while (len < target) {
      const s = r
        .pick(TEMPLATES)
        .replace(/\{w\}/g, () => r.pick(WORDS))
        .replace(/\{N\}/g, () => name(r))
        .replace(/\{R\}/g, () => terms[r.int(terms.length)])
      if (len + s.length > 620 && len >= 200) break
      sentences.push(s)
      len += s.length + 1
    }
    const tags = [...new Set([r.pick(SUFFIXES), r.pick(['lore', 'magic', 'questmaster', 'historical', 'rumour', 'player'])])]
    return { term, base_term: baseTermOf(term), definition: sentences.join(' '), tags, status: i % 3 === 0 ? 'confirmed' : 'tentative' }
  })
}

function misspell(r: ReturnType<typeof rng>, s: string): string {
  const i = 1 + r.int(Math.max(1, s.length - 2))
  switch (r.int(3)) {
    case 0:
      return s.slice(0, i) + s.slice(i + 1) // dropped letter
    case 1:
      return s.slice(0, i - 1) + s[i] + s[i - 1] + s.slice(i + 1) // swapped pair
    default:
      return s.slice(0, i) + r.pick(['a', 'e', 'i', 'o', 'r', 'n']) + s.slice(i + 1) // wrong letter
  }
}

/** The query mix: exact terms (any case), bases of suffixed terms, misspelt terms, definition words. */
export function makeQueries(entries: BenchEntry[], count: number, seed = 7): BenchQuery[] {
  const r = rng(seed)
  const suffixed = entries.map((e, i) => ({ e, i })).filter(({ e }) => e.term !== e.base_term && e.term.toLowerCase() !== e.base_term)
  const out: BenchQuery[] = []
  for (let k = 0; k < count; k++) {
    const i = r.int(entries.length)
    const e = entries[i]
    switch (k % 4) {
      case 0:
        out.push({ kind: 'exact', query: r.next() < 0.5 ? e.term : e.term.toLowerCase(), expectId: i + 1, expectTerm: e.term })
        break
      case 1: {
        const s = r.pick(suffixed)
        out.push({ kind: 'base', query: s.e.base_term, expectId: s.i + 1, expectTerm: s.e.term })
        break
      }
      case 2:
        out.push({ kind: 'misspelt', query: misspell(r, e.term.replace(/\s+\([^()]*\)$/, '')), expectId: i + 1, expectTerm: e.term })
        break
      default:
        out.push({ kind: 'word', query: r.next() < 0.7 ? r.pick(WORDS) : misspell(r, r.pick(WORDS)) })
    }
  }
  return out
}

/** The vocabulary rows the write tools would have built for these entries (see src/glossary/words.ts). */
export function vocabularyOf(entries: BenchEntry[]): { w: string; t: number; d: number }[] {
  const counts = new Map<string, { t: number; d: number }>()
  const bump = (w: string, k: 't' | 'd') => {
    let c = counts.get(w)
    if (!c) counts.set(w, (c = { t: 0, d: 0 }))
    c[k]++
  }
  for (const e of entries) {
    for (const w of wordsOf(e.term)) bump(w, 't')
    for (const w of wordsOf(e.definition)) bump(w, 'd')
  }
  return [{ w: ENTRY_COUNT_WORD, t: entries.length, d: 0 }, ...[...counts].map(([w, c]) => ({ w, ...c }))]
}
