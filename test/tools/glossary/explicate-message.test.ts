/** Reading the agent's message: the quoted passages in it, and the names and ids around them (pure). */
import { describe, expect, it } from 'vitest'
import { parseMessage } from '../../../src/glossary/explicate/message.js'

const passages = (m: string) => parseMessage(m).passages

describe('passages', () => {
  it("finds the seed's passage", () => {
    expect(
      passages(
        'I need clarification on this part of the vys entry:\n"the vys flows through crystalline channels in the body"\n\nCan you show me the source for this?',
      ),
    ).toEqual(['the vys flows through crystalline channels in the body'])
  })

  it.each([
    ['"a b"', ['a b']],
    ['“a b”', ['a b']],
    ['„a b“', ['a b']],
    ['«a b»', ['a b']],
    ['« a b »', ['a b']],
    ['»a b«', ['a b']],
    ['‘a b’', ['a b']],
    ["'a b'", ['a b']],
    ['「a b」', ['a b']],
    ['> a b\n> c', ['a b c']],
    ['"one" then “two” then «three»', ['one', 'two', 'three']],
    ['“the so-called "Quiet" is near”', ['the so-called "Quiet" is near']],
    ['“it’s the vatis’ way”', ['it’s the vatis’ way']],
    ['"…trailing and leading..."', ['trailing and leading']],
  ])('%j', (message, expected) => {
    expect(passages(`Look:\n${message}\nplease`)).toEqual(expected)
  })

  it('apostrophes inside words are not quotation marks; unclosed and empty quotes are not passages', () => {
    expect(passages("The vys's entry doesn't say what the vatis' role is")).toEqual([])
    expect(passages('An unclosed "quote here')).toEqual([])
    expect(passages('Empty "" and "…" and "  "')).toEqual([])
    expect(passages("It's the 'vys flows' part, isn't it")).toEqual(['vys flows'])
  })
})

describe('names and ids around the passages', () => {
  it('marks the names next to "entry", "definition" or "term", possessives dropped', () => {
    const { names } = parseMessage('In the vys entry: "x". Also the definition of Dawn (character) and the Quiet\'s term.')
    const anchored = names.filter((n) => n.anchored).map((n) => n.name)
    expect(anchored).toEqual(expect.arrayContaining(['vys', 'the vys', 'dawn (character)', 'dawn', 'quiet', 'the quiet']))
    expect(anchored).not.toContain('also')
    expect(names.find((n) => n.name === 'also')).toEqual({ name: 'also', anchored: false })
    // Words inside the passage are not names.
    expect(names.find((n) => n.name === 'x')).toBeUndefined()
  })

  it('reads entry ids written out', () => {
    expect(parseMessage('entry 15, entry #16, Entry id: 17, entry_id=18, and #19: "x"').ids).toEqual([15, 16, 17, 18, 19])
  })
})
