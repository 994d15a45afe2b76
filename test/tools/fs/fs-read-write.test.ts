/**
 * fs_read and fs_write (seed 003) through the real app: encodings, binary refusal both ways,
 * the output cap, append and its modes, overwrite warnings, dry runs and the guard.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRY, exists, expectFail, expectOk, fsFixture, snapshot, type FsFixture } from './helpers.js'

let fx: FsFixture
const fsRead = (body: Record<string, unknown>, headers?: Record<string, string>) => fx.call('fs_read', body, headers)
const fsWrite = (body: Record<string, unknown>, headers?: Record<string, string>) => fx.call('fs_write', body, headers)

beforeAll(async () => {
  fx = await fsFixture()
})
afterAll(async () => {
  await fx.close()
})

describe('fs_read', () => {
  it('reads a UTF-8 file whole, with bytes_read', async () => {
    await fx.file('notes/a.md', '# Ünïcode ✓\nline 2\n')
    const body = expectOk(await fsRead({ path: 'notes/a.md' }))
    expect(body.output).toBe('# Ünïcode ✓\nline 2\n')
    expect(body.metadata).toEqual({ bytes_read: 23, size: 23, path: 'notes/a.md', encoding: 'utf-8', truncated: false })
  })

  it('decodes latin1 and utf-16le, and refuses non-ASCII bytes as ascii', async () => {
    await fx.file('l1.txt', Buffer.from('café\n', 'latin1'))
    expect(expectOk(await fsRead({ path: 'l1.txt', encoding: 'latin1' })).output).toBe('café\n')
    const utf8 = expectOk(await fsRead({ path: 'l1.txt' }))
    expect(utf8.output).toBe('caf\uFFFD\n')
    expect(utf8.messages).toEqual(['l1.txt is not valid utf-8: 1 byte sequence(s) shown as U+FFFD; try encoding "latin1"'])
    await fx.file('u16.txt', Buffer.from('hi ✓\n', 'utf16le'))
    expect(expectOk(await fsRead({ path: 'u16.txt', encoding: 'utf-16le' })).output).toBe('hi ✓\n')
    expectFail(await fsRead({ path: 'l1.txt', encoding: 'ascii' }), 400, 'INVALID_REQUEST', 'l1.txt is not ASCII', fx)
    expectFail(
      await fsRead({ path: 'l1.txt', encoding: 'klingon' }),
      400,
      'VALIDATION_ERROR',
      "Invalid value for encoding: must be one of ['utf-8', 'utf8', 'ascii', 'latin1'",
    )
  })

  it('refuses binary files', async () => {
    await fx.file('blob.bin', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]))
    const body = expectFail(
      await fsRead({ path: 'blob.bin' }),
      400,
      'BINARY_FILE',
      'blob.bin is a binary file (it contains NUL bytes); fs_read shows text files only',
      fx,
    )
    expect(body.output).toBe('')
  })

  it('reads no more than X-Max-Output-Size lets it return, and marks the cut', async () => {
    await fx.file('big.txt', 'abcdefghi\n'.repeat(100_000)) // 1 MB
    const body = expectOk(await fsRead({ path: 'big.txt' }, { 'x-max-output-size': '4000' }))
    expect(body.metadata.truncated).toBe(true)
    expect(body.metadata.size).toBe(1_000_000)
    expect(body.metadata.bytes_read).toBeGreaterThan(2000)
    expect(body.metadata.bytes_read).toBeLessThan(4000)
    expect(body.output.startsWith('abcdefghi\nabcdefghi\n')).toBe(true)
    expect(body.output).toContain(`…[truncated: ${1_000_000 - body.metadata.bytes_read} of 1000000 bytes not shown`)
    expect(body.messages[0]).toContain('Output truncated to fit X-Max-Output-Size (4000 bytes)')
    const { success, output, error, metadata } = body
    expect(Buffer.byteLength(JSON.stringify({ success, output, error, metadata }))).toBeLessThanOrEqual(4000)
  })

  it('tail: the last N lines in one call, read from the end, with the byte offset they start at', async () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => `row ${String(i).padStart(6, '0')} ${'.'.repeat(i % 50)}`)
    await fx.file('log.txt', `${rows.join('\n')}\n`)
    const body = expectOk(await fsRead({ path: 'log.txt', tail: 100 }))
    expect(body.output).toBe(`${rows.slice(-100).join('\n')}\n`)
    expect(body.metadata).toMatchObject({ truncated: false, size: expect.any(Number), bytes_read: Buffer.byteLength(body.output) })
    expect(body.metadata.offset).toBe(body.metadata.size - body.metadata.bytes_read)
    await fx.file('short.txt', 'a\nb\nc') // no final newline; fewer lines than asked
    expect(expectOk(await fsRead({ path: 'short.txt', tail: 2 })).output).toBe('b\nc')
    expect(expectOk(await fsRead({ path: 'short.txt', tail: 50 })).metadata).toMatchObject({ offset: 0, bytes_read: 5 })
    await fx.file('l1tail.txt', Buffer.from('x\ncafé\n', 'latin1'))
    expect(expectOk(await fsRead({ path: 'l1tail.txt', tail: 1, encoding: 'latin1' })).output).toBe('café\n')
  })

  it('tail: a tail larger than X-Max-Output-Size keeps its end, from a whole line, and says so', async () => {
    await fx.file('wide.txt', `${Array.from({ length: 1000 }, (_, i) => `line ${i} ${'w'.repeat(40)}`).join('\n')}\n`)
    const body = expectOk(await fsRead({ path: 'wide.txt', tail: 900 }, { 'x-max-output-size': '4000' }))
    expect(body.metadata.truncated).toBe(true)
    expect(body.output).toMatch(/^line \d+ w+\n/)
    expect(body.output).toContain(`line 999 ${'w'.repeat(40)}\n\n…[truncated:`)
    expect(body.messages[0]).toContain('Output truncated to fit X-Max-Output-Size (4000 bytes)')
  })

  it('tail: refused below 1 and with utf-16le (positive controls beside)', async () => {
    await fx.file('t16.txt', Buffer.from('a\nb\n', 'utf16le'))
    expectFail(await fsRead({ path: 't16.txt', encoding: 'utf-16le', tail: 1 }), 400, 'VALIDATION_ERROR', /tail .* cannot be used with utf-16le/)
    expect(expectOk(await fsRead({ path: 't16.txt', encoding: 'utf-16le' })).output).toBe('a\nb\n')
    expectFail(await fsRead({ path: 'short.txt', tail: 0 }), 400, 'VALIDATION_ERROR', /tail/)
    expect(expectOk(await fsRead({ path: 'short.txt', tail: 1 })).output).toBe('c')
  })

  it('refuses blocked names and paths outside the workspace', async () => {
    await fx.file('secrets/db.txt', 'pw')
    expectFail(await fsRead({ path: 'secrets/db.txt' }), 403, 'PATH_BLOCKED', 'secrets/db.txt is a blocked path', fx)
    expectFail(await fsRead({ path: '../x' }), 403, 'PATH_OUTSIDE_WORKSPACE', "climbs out of the workspace with '..'", fx)
    await fs.symlink(path.join(fx.outside, 'secret.txt'), path.join(fx.ws, 'rlink'))
    expectFail(await fsRead({ path: 'rlink' }), 403, 'PATH_OUTSIDE_WORKSPACE', 'outside the workspace', fx)
    expectFail(await fsRead({ path: 'missing.txt' }), 404, 'FILE_NOT_FOUND', 'File not found: missing.txt', fx)
  })
})

describe('fs_write', () => {
  it('creates, overwrites (with a warning) and appends, naming the mode', async () => {
    let body = expectOk(await fsWrite({ path: 'out/log.txt', content: 'one\n' }))
    expect(body.metadata).toEqual({ bytes_written: 4, mode: 'create', path: 'out/log.txt' })
    expect(body.messages).toEqual([])
    body = expectOk(await fsWrite({ path: 'out/log.txt', content: 'two\n', append: true }))
    expect(body.metadata).toEqual({ bytes_written: 4, mode: 'append', path: 'out/log.txt' })
    expect(await fs.readFile(path.join(fx.ws, 'out/log.txt'), 'utf8')).toBe('one\ntwo\n')
    body = expectOk(await fsWrite({ path: 'out/log.txt', content: 'three\n' }))
    expect(body.metadata).toEqual({ bytes_written: 6, mode: 'overwrite', path: 'out/log.txt' })
    expect(body.messages).toEqual(['Overwriting existing file out/log.txt (8 bytes)'])
    expect(await fs.readFile(path.join(fx.ws, 'out/log.txt'), 'utf8')).toBe('three\n')
    body = expectOk(await fsWrite({ path: 'out/new-by-append.txt', content: 'x', append: true }))
    expect(body.metadata.mode).toBe('create')
  })

  it('writes in the encoding asked for, and refuses what it cannot encode', async () => {
    expectOk(await fsWrite({ path: 'enc/l1.txt', content: 'café', encoding: 'latin1' }))
    expect(await fs.readFile(path.join(fx.ws, 'enc/l1.txt'))).toEqual(Buffer.from([0x63, 0x61, 0x66, 0xe9]))
    expectFail(await fsWrite({ path: 'enc/a.txt', content: 'naïve', encoding: 'ascii' }), 400, 'INVALID_REQUEST', 'that ascii cannot encode', fx)
    expectFail(await fsWrite({ path: 'enc/b.txt', content: '✓', encoding: 'latin1' }), 400, 'INVALID_REQUEST', 'that latin1 cannot encode', fx)
    expect(await exists(path.join(fx.ws, 'enc/a.txt'))).toBe(false)
  })

  it('refuses binary content (NUL characters)', async () => {
    expectFail(await fsWrite({ path: 'nul.txt', content: 'a\u0000b' }), 400, 'VALIDATION_ERROR', 'NUL character', fx)
    expect(await exists(path.join(fx.ws, 'nul.txt'))).toBe(false)
  })

  it('dry run: reports, warns about an overwrite, changes nothing', async () => {
    await fx.file('dw.txt', 'keep')
    const before = await snapshot(fx.ws)
    let body = expectOk(await fsWrite({ path: 'dw.txt', content: 'x'.repeat(150) }, DRY))
    expect(body.output).toBe('[Dry Run] Would write 150 bytes to dw.txt')
    expect(body.metadata).toEqual({ bytes_written: 0, mode: 'overwrite', path: 'dw.txt', dry_run: true })
    expect(body.messages).toEqual(['[Dry Run] dw.txt exists and would be overwritten'])
    body = expectOk(await fsWrite({ path: 'dw.txt', content: 'yy', append: true }, DRY))
    expect(body.output).toBe('[Dry Run] Would append 2 bytes to dw.txt')
    expect(await snapshot(fx.ws)).toEqual(before)
  })

  it('refuses blocked names and escapes for writes and appends', async () => {
    const before = await snapshot(fx.outside)
    expectFail(await fsWrite({ path: '.env', content: 'A=1' }), 403, 'PATH_BLOCKED', '.env is a blocked path', fx)
    expectFail(await fsWrite({ path: '.git/hooks/pre-push', content: 'x', append: true }), 403, 'PATH_BLOCKED', 'blocked path', fx)
    await fs.symlink(path.join(fx.outside, 'secret.txt'), path.join(fx.ws, 'wl'))
    expectFail(await fsWrite({ path: 'wl', content: 'x', append: true }), 403, 'PATH_OUTSIDE_WORKSPACE', 'outside the workspace', fx)
    await fs.symlink(path.join(fx.outside, 'new.txt'), path.join(fx.ws, 'wdang'))
    expectFail(await fsWrite({ path: 'wdang', content: 'x', append: true }), 403, 'PATH_OUTSIDE_WORKSPACE', 'outside the workspace', fx)
    expect(await snapshot(fx.outside)).toEqual(before)
  })
})
