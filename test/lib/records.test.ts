/** Records of a text, whole or in the chunks it was read in: the same as `split`, whatever the cuts. */
import { describe, expect, it } from 'vitest'
import { RecordReader, records } from '../../src/lib/records.js'

/** `text` cut at random places into chunks, some of them empty. */
function cut(text: string, random: () => number): string[] {
  const chunks: string[] = []
  for (let at = 0; at < text.length; ) {
    const size = Math.floor(random() * 6)
    chunks.push(text.slice(at, at + size))
    at += size
  }
  return chunks
}

/** A small seeded generator: a failure can be run again. */
function seeded(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
}

describe('records', () => {
  it('are the non-empty parts of split, for any chunking', () => {
    const random = seeded(7)
    for (let n = 0; n < 2_000; n++) {
      const text = Array.from({ length: Math.floor(random() * 30) }, () => 'ab\0'[Math.floor(random() * 3)]).join('')
      const expected = text.split('\0').filter((r) => r !== '')
      expect([...records(text, '\0')], JSON.stringify(text)).toEqual(expected)
      expect([...records(cut(text, random), '\0')], JSON.stringify(text)).toEqual(expected)
    }
  })
})

describe('RecordReader', () => {
  it('reads every record, empty ones too, and none after a final separator', () => {
    const reader = new RecordReader(['a\0', '\0b', 'c\0'], '\0')
    expect([reader.next(), reader.next(), reader.next(), reader.next()]).toEqual(['a', '', 'bc', undefined])
  })

  it('goes back to a mark, and gives the rest from where it stands', () => {
    const reader = new RecordReader(['1\0', '2\0pa', 'tch\0', 'end'], '\0')
    reader.next()
    const mark = reader.mark
    expect(reader.next()).toBe('2')
    reader.reset(mark)
    expect(reader.next()).toBe('2')
    expect(reader.rest().join('')).toBe('patch\0end')
    expect(new RecordReader('x', '\0').rest()).toEqual(['x'])
  })
})
