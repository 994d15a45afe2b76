/** Blame and quote normalization, the pure rules behind explicate. */
import { describe, expect, it } from 'vitest'
import { blame, type Revision } from '../../../src/glossary/explicate/blame.js'
import { cleanQuote, containsPassage, normalizePassage } from '../../../src/glossary/explicate/normalize.js'

let nextId = 1
const rev = (newValues: Record<string, unknown> | null, postId: number | null = null): Revision => ({
  id: nextId++,
  action: 'update',
  newValues,
  postId,
  threadId: null,
  createdAt: '2024-01-01T00:00:00.000Z',
})
const q = (s: string) => normalizePassage(s)

describe('blame', () => {
  it('blames the revision that added a sentence, not the create', () => {
    const create = rev({ term: 'vys', definition: 'Energy.' }, 100)
    const added = rev({ definition: 'Energy. It flows.' }, 200)
    const status = rev({ status: 'confirmed' }, 300)
    expect(blame([create, added, status], q('it flows'))).toBe(added)
    expect(blame([create, added, status], q('energy'))).toBe(create)
  })

  it('blames the rewrite when text was removed and written again', () => {
    const a = rev({ definition: 'Alpha sentence.' })
    const b = rev({ definition: 'Beta only.' })
    const c = rev({ definition: 'Alpha sentence. Beta only.' })
    expect(blame([a, b, c], q('alpha sentence'))).toBe(c)
    expect(blame([a, b, c], q('beta only'))).toBe(b)
  })

  it('blames nothing when the newest definition state lacks the passage, or no revision wrote a definition', () => {
    const a = rev({ definition: 'Has the words.' })
    const b = rev({ definition: 'Lost them.' })
    expect(blame([a, b], q('has the words'))).toBeUndefined()
    expect(blame([rev({ status: 'confirmed' })], q('anything'))).toBeUndefined()
    expect(blame([], q('anything'))).toBeUndefined()
    expect(blame([rev(null)], q('anything'))).toBeUndefined()
  })
})

describe('normalization', () => {
  it('ignores case and runs of white space only', () => {
    expect(containsPassage('The vys  flows\nthrough crystalline channels.', q('VYS flows through'))).toBe(true)
    expect(containsPassage('The vys flows through channels.', q('vys flows through crystalline'))).toBe(false)
    expect(containsPassage('The vys-flow.', q('vys flow'))).toBe(false)
    expect(containsPassage('anything', '')).toBe(false)
  })

  it.each([
    ['"the vys flows"', 'the vys flows'],
    ['“the vys flows…”', 'the vys flows'],
    ['...the vys flows...', 'the vys flows'],
    ["  'it is'  ", 'it is'],
    ['"…"', ''],
    ['[[vys]]-based', '[[vys]]-based'],
  ])('cleans the quote %j to %j', (raw, cleaned) => {
    expect(cleanQuote(raw)).toBe(cleaned)
  })
})
