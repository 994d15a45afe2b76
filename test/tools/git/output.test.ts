/** Git output read and fitted to the answer: the look for blocked files, clip's cut and count, capList's bounds. */
import { describe, expect, it } from 'vitest'
import { mayShowBlocked, namesOfStatus } from '../../../src/tools/git/support/blocked-files.js'
import { ChunkedText, OutputText } from '../../../src/lib/chunked-text.js'
import { CappedList, capList, clip } from '../../../src/tools/git/support/output.js'
import { defaultPolicy } from '../../../src/workspace/blocked.js'

const ctx = (maxOutputSize: number) => ({ maxOutputSize, warn: () => {} })

describe('capList', () => {
  it('keeps at most 1,000 items and 16,384 characters', () => {
    expect(capList(Array.from({ length: 5_000 }, () => 'abc'))).toHaveLength(1000)
    expect(capList(Array.from({ length: 100 }, () => 'x'.repeat(1000)))).toHaveLength(16)
    expect(capList(['a', 'b'])).toEqual(['a', 'b'])
  })

  it('keeps the first item whatever its size: an empty list would say there is nothing', () => {
    expect(capList(['x'.repeat(20_000), 'y'])).toEqual(['x'.repeat(20_000)])
  })
})

describe('CappedList', () => {
  it('keeps what capList keeps and counts every item pushed', () => {
    const list = new CappedList()
    for (let i = 0; i < 200_000; i++) list.push(`f${i}`)
    expect(list.count).toBe(200_000)
    expect(list.items).toEqual(capList(Array.from({ length: 200_000 }, (_, i) => `f${i}`)))
    expect(list.items).toHaveLength(1000)
  })

  it('keeps nothing after the first item over the character cap, even items that would fit', () => {
    const list = new CappedList(10, 10)
    for (const item of ['abcdefgh', 'xyz', 'a', 'b']) list.push(item)
    expect(list.items).toEqual(['abcdefgh'])
    expect(list.count).toBe(4)
  })
})

describe('OutputText', () => {
  it('decodes what a process printed, a character split across reads and megabytes kept whole', () => {
    const text = `${'é'.repeat(700_000)}\0${'€'.repeat(400_000)}\0ascii`
    const bytes = Buffer.from(text)
    const out = new OutputText()
    // Reads of 65,537 bytes: odd, so that they cut two- and three-byte characters.
    for (let at = 0; at < bytes.length; at += 65_537) out.add(bytes.subarray(at, at + 65_537))
    const whole = out.end()
    expect(out.bytesRead).toBe(bytes.length)
    expect(whole.bytes).toBe(bytes.length)
    expect(whole.chunks.length).toBeGreaterThan(1) // in chunks of a megabyte or so, not one per read
    expect(whole.chunks.length).toBeLessThan(5)
    expect(whole.text).toBe(text)
  })

  it('gives an empty text for no output', () => {
    const whole = new OutputText().end()
    expect(whole.chunks).toEqual([])
    expect(whole.text).toBe('')
  })
})

describe('clip', () => {
  it('with the whole size given, cuts the head it gets and counts from that size', () => {
    const head = 'line\n'.repeat(1_000) // 5,000 bytes of a 1,000,000-byte output
    const out = clip(head, ctx(3_000), 'narrow it', 1_000_000)
    const m = /\n…\[truncated: (\d+) of 1000000 bytes omitted; narrow it\]$/.exec(out.text)
    expect(m).not.toBeNull()
    expect(Buffer.byteLength(out.text.slice(0, m!.index)) + Number(m![1])).toBe(1_000_000)
    expect(out.truncated).toBe(true)
  })

  it('leaves a text within the budget as it is', () => {
    expect(clip('short\n', ctx(3_000), 'narrow it')).toEqual({ text: 'short\n', truncated: false })
  })
})

describe("git_show's look for blocked files", () => {
  const headers = (n: number, name = (i: number) => `src/f${i}.ts`) =>
    Array.from({ length: n }, (_, i) => `diff --git a/${name(i)} b/${name(i)}\nindex 1..2\n`).join('')

  it('answers from the headers of a small patch (positive control), and sees a blocked name there', () => {
    expect(mayShowBlocked(headers(600), defaultPolicy)).toBe(false)
    expect(mayShowBlocked(`${headers(600)}diff --git a/.env b/.env\n`, defaultPolicy)).toBe(true)
  })

  it("leaves a patch of more than 10,000 files, or 64 KB of headers, to the exact look (the commit's file list)", () => {
    expect(
      mayShowBlocked(
        headers(10_001, () => 'x'),
        defaultPolicy,
      ),
    ).toBe(true)
    expect(
      mayShowBlocked(
        headers(400, (i) => `${'d/'.repeat(50)}${i}`),
        defaultPolicy,
      ),
    ).toBe(true)
  })

  it('leaves output past 8 MB to the exact look without joining it, and reads smaller output kept in chunks', () => {
    const chunks = Array.from({ length: 150 }, () => 'context line\n'.repeat(5_000)) // 9.75 MB, no header at all
    expect(mayShowBlocked(new ChunkedText(chunks), defaultPolicy)).toBe(true)
    expect(mayShowBlocked(new ChunkedText(chunks.slice(0, 100)), defaultPolicy)).toBe(false)
    expect(mayShowBlocked(new ChunkedText(['diff --git a/.e', 'nv b/.env\n']), defaultPolicy)).toBe(true)
  })

  it('reads the file list of a commit of 200,000 files, renames included', async () => {
    const listed = `${Array.from({ length: 200_000 }, (_, i) => `A\0f${i}`).join('\0')}\0R100\0old\0new\0`
    const names = await namesOfStatus(listed)
    expect(names).toHaveLength(200_002)
    expect(names?.slice(-3)).toEqual(['f199999', 'old', 'new'])
  })
})
