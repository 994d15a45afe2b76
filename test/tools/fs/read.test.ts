/**
 * Read through the real app: numbering, offset and limit, long lines, CRLF, notebooks, binary
 * refusal, the output cap, validation messages, and every way out of the workspace.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectFail, expectOk, fsFixture, type FsFixture } from './helpers.js'

let fx: FsFixture
const read = (body: Record<string, unknown>, headers?: Record<string, string>) => fx.call('Read', body, headers)
const numbered = (from: number, lines: string[]) => lines.map((l, i) => `${String(from + i).padStart(6)}\t${l}`).join('\n')

beforeAll(async () => {
  fx = await fsFixture()
  await fx.file('five.txt', 'one\ntwo\nthree\nfour\nfive\n')
})
afterAll(async () => {
  await fx.close()
})

describe('Read: lines', () => {
  it('shows a whole small file in cat -n style with its facts', async () => {
    const body = expectOk(await read({ file_path: 'five.txt' }))
    expect(body.output).toBe(numbered(1, ['one', 'two', 'three', 'four', 'five']))
    expect(body.metadata).toEqual({ lines: 5, bytes: 24, file_path: 'five.txt', file_size: 24, total_lines: 5, truncated: false })
    expect(body.messages).toEqual([])
  })

  it('takes offset (0-based) and limit, numbers from offset + 1, and says where to go on', async () => {
    const body = expectOk(await read({ file_path: 'five.txt', offset: 1, limit: 2 }))
    expect(body.output).toBe('     2\ttwo\n     3\tthree')
    expect(body.metadata).toMatchObject({ lines: 2, bytes: 10, next_offset: 3, total_lines: 5, truncated: false })
  })

  it('accepts an absolute path inside the workspace and answers with the relative one', async () => {
    const body = expectOk(await read({ file_path: path.join(fx.ws, 'five.txt'), limit: 1 }))
    expect(body.output).toBe('     1\tone')
    expect(body.metadata.file_path).toBe('five.txt')
  })

  it('right-aligns numbers up to six digits, then lets them grow', async () => {
    await fx.file('many.txt', Array.from({ length: 1_000_005 }, (_, i) => `${i + 1}`).join('\n'))
    const body = expectOk(await read({ file_path: 'many.txt', offset: 999_998, limit: 3 }))
    expect(body.output).toBe('999999\t999999\n1000000\t1000000\n1000001\t1000001')
    const tail = expectOk(await read({ file_path: 'many.txt', offset: 1_000_003 }))
    expect(tail.output).toBe('1000004\t1000004\n1000005\t1000005')
    expect(tail.metadata).toMatchObject({ lines: 2, total_lines: 1_000_005 })
    expect(tail.metadata.next_offset).toBeUndefined()
  })

  it('cuts lines longer than 2000 characters with a marker, and keeps numbering right', async () => {
    await fx.file('long.txt', `short\n${'é'.repeat(5000)}\nafter\n`)
    const body = expectOk(await read({ file_path: 'long.txt' }))
    const lines = body.output.split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toBe(`     2\t${'é'.repeat(2000)} … [line cut at 2000 characters; it is 10000 bytes long]`)
    expect(lines[2]).toBe('     3\tafter')
    expect(body.metadata).toMatchObject({ lines: 3, cut_lines: 1, bytes: 6 + 10001 + 6 })
  })

  it('shows CRLF lines without their carriage returns', async () => {
    await fx.file('crlf.txt', 'a\r\nb\r\n')
    expect(expectOk(await read({ file_path: 'crlf.txt' })).output).toBe('     1\ta\n     2\tb')
  })

  it('reads the last line of a file without a final newline', async () => {
    await fx.file('noeol.txt', 'x\ny')
    const body = expectOk(await read({ file_path: 'noeol.txt' }))
    expect(body.output).toBe('     1\tx\n     2\ty')
    expect(body.metadata).toMatchObject({ lines: 2, bytes: 3, total_lines: 2 })
  })

  it('answers an empty file and an offset past the end with a warning, not an error', async () => {
    await fx.file('empty.txt', '')
    const empty = expectOk(await read({ file_path: 'empty.txt' }))
    expect(empty.output).toBe('')
    expect(empty.metadata).toMatchObject({ lines: 0, total_lines: 0, file_size: 0 })
    expect(empty.messages).toEqual(['empty.txt exists but is empty'])
    const past = expectOk(await read({ file_path: 'five.txt', offset: 10 }))
    expect(past.output).toBe('')
    expect(past.metadata).toMatchObject({ lines: 0, total_lines: 5 })
    expect(past.messages).toEqual(['five.txt has 5 lines; offset 10 is past its end'])
  })
})

describe('Read: output cap', () => {
  it('stops at a whole line within X-Max-Output-Size and says where to continue', async () => {
    await fx.file('wide.txt', Array.from({ length: 1000 }, (_, i) => `row ${i} ${'x'.repeat(90)}`).join('\n'))
    const res = await read({ file_path: 'wide.txt' }, { 'x-max-output-size': '5000' })
    const body = expectOk(res)
    const { lines, next_offset: next } = body.metadata
    expect(body.metadata.truncated).toBe(true)
    expect(lines).toBeGreaterThan(20)
    expect(next).toBe(lines)
    expect(body.output).toContain(`continue with offset=${next}]`)
    expect(body.output.split('\n')[lines - 1]).toBe(`${String(lines).padStart(6)}\trow ${lines - 1} ${'x'.repeat(90)}`)
    expect(body.messages.join(' ')).toContain('Output truncated to fit X-Max-Output-Size')
    const { success, output, error, metadata } = body
    expect(Buffer.byteLength(JSON.stringify({ success, output, error, metadata }))).toBeLessThanOrEqual(5000)
    expect(body.output).not.toContain('…[truncated:') // the tool cut it, not the gateway's fallback
    const on = expectOk(await read({ file_path: 'wide.txt', offset: next, limit: 1 }))
    expect(on.output).toBe(`${String(next + 1).padStart(6)}\trow ${next} ${'x'.repeat(90)}`)
  })
})

describe('Read: notebooks', () => {
  it('shows an .ipynb file as cells with sources and output text', async () => {
    const nb = {
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [
        { cell_type: 'markdown', id: 'intro', metadata: {}, source: ['# Title\n', 'Some text'] },
        {
          cell_type: 'code',
          id: 'c1',
          metadata: {},
          execution_count: 1,
          source: 'print("hi")\n1 + 1',
          outputs: [
            { output_type: 'stream', name: 'stdout', text: ['hi\n'] },
            { output_type: 'execute_result', execution_count: 1, metadata: {}, data: { 'text/plain': ['2'] } },
            { output_type: 'display_data', metadata: {}, data: { 'image/png': 'iVBORw0KGgo=' } },
          ],
        },
        {
          cell_type: 'code',
          metadata: {},
          execution_count: null,
          source: [],
          outputs: [{ output_type: 'error', ename: 'ValueError', evalue: 'bad', traceback: [] }],
        },
      ],
    }
    await fx.file('nb/analysis.ipynb', JSON.stringify(nb))
    const body = expectOk(await read({ file_path: 'nb/analysis.ipynb' }))
    expect(body.output).toBe(
      numbered(1, [
        '--- cell 0 (markdown) id=intro ---',
        '# Title',
        'Some text',
        '--- cell 1 (code) id=c1 ---',
        'print("hi")',
        '1 + 1',
        '--- output ---',
        'hi',
        '2',
        '[image/png output not shown]',
        '--- cell 2 (code) ---',
        '--- output ---',
        'ValueError: bad',
      ]),
    )
    expect(body.metadata).toMatchObject({ cells: 3, lines: 13, total_lines: 13, file_path: 'nb/analysis.ipynb' })
    expect(body.output).not.toContain('iVBORw0KGgo')
    const part = expectOk(await read({ file_path: 'nb/analysis.ipynb', offset: 3, limit: 3 }))
    expect(part.output).toBe(numbered(4, ['--- cell 1 (code) id=c1 ---', 'print("hi")', '1 + 1']))
    expect(part.metadata.next_offset).toBe(6)
  })

  it('shows a broken notebook as plain text, with a warning', async () => {
    await fx.file('broken.ipynb', '{"cells": [')
    const body = expectOk(await read({ file_path: 'broken.ipynb' }))
    expect(body.output).toBe('     1\t{"cells": [')
    expect(body.messages).toEqual(['broken.ipynb is not valid notebook JSON; showing it as plain text'])
  })
})

describe('Read: refusals', () => {
  it('refuses binary files: NUL bytes, or bytes that are mostly not UTF-8', async () => {
    await fx.file('img.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))
    let body = expectFail(
      await read({ file_path: 'img.png' }),
      400,
      'BINARY_FILE',
      'img.png is a binary file (it contains NUL bytes); Read shows text files only',
      fx,
    )
    expect(body.metadata).toEqual({ file_path: 'img.png' })
    await fx.file('noise.bin', Buffer.from(Array.from({ length: 4096 }, (_, i) => 0x80 + ((i * 37) % 120))))
    body = expectFail(await read({ file_path: 'noise.bin' }), 400, 'BINARY_FILE', 'Read shows text files only', fx)
    // a Latin-1 file with a few accents is still text
    await fx.file('latin1.txt', Buffer.from('caf\xe9 cr\xe8me br\xfbl\xe9e, a long enough line of ordinary words\n', 'latin1'))
    expect(expectOk(await read({ file_path: 'latin1.txt' })).output).toContain('caf\uFFFD cr\uFFFDme')
  })

  it('answers 404 for a missing file and 400 for a folder', async () => {
    expectFail(await read({ file_path: 'nope.txt' }), 404, 'FILE_NOT_FOUND', 'File not found: nope.txt', fx)
    await fs.mkdir(path.join(fx.ws, 'adir'), { recursive: true })
    expectFail(await read({ file_path: 'adir' }), 400, 'INVALID_REQUEST', 'adir is a directory', fx)
  })

  it('refuses blocked names (.env, secrets/, *.key, *.pem) with 403', async () => {
    for (const p of ['.env', '.env.local', 'secrets/token.txt', 'server.key', 'cert.pem']) {
      await fx.file(p, 'SECRET=1\n')
      expectFail(await read({ file_path: p }), 403, 'PATH_BLOCKED', `Access denied: ${p} is a blocked path`, fx)
    }
  })

  it("validates input with the seed's messages", async () => {
    expectFail(await read({}), 400, 'VALIDATION_ERROR', 'Missing required parameter: file_path')
    expectFail(await read({ file_path: 'five.txt', offset: '100' }), 400, 'VALIDATION_ERROR', 'Invalid type for offset: expected integer')
    expectFail(await read({ file_path: 'five.txt', limit: 50000 }), 400, 'VALIDATION_ERROR', 'Value for limit exceeds maximum: 10000')
    expectFail(await read({ file_path: 'five.txt', offset: -1 }), 400, 'VALIDATION_ERROR', 'Value for offset is below minimum: 0')
  })

  it('file_path is 1 to 4096 characters, as seed 002 §11 gives it: an empty path is a validation error, not the root', async () => {
    const empty = expectFail(await read({ file_path: '' }), 400, 'VALIDATION_ERROR', 'Value for file_path is too short: minimum length is 1')
    expect(empty.details).toMatchObject({ parameter: 'file_path', constraints: 'minLength=1, maxLength=4096' })
    expectFail(await read({ file_path: 'a'.repeat(4097) }), 400, 'VALIDATION_ERROR', 'Value for file_path is too long: maximum length is 4096')
    // the limits themselves are accepted (a 4096-character name is refused by the file system, not the schema)
    expectOk(await read({ file_path: 'five.txt' }))
    expect((await read({ file_path: `${'./'.repeat(2044)}five.txt` })).statusCode).toBe(200)
  })
})

describe('Read: escapes', () => {
  const refused = async (file_path: string, message: string | RegExp = /outside the workspace/) => {
    const body = expectFail(await read({ file_path }), 403, 'PATH_OUTSIDE_WORKSPACE', message, fx)
    expect(JSON.stringify(body)).not.toMatch(/OUTSIDE SECRET|EVIL SIBLING/)
  }

  it('prefix sibling: <ws>_evil by absolute path, by .., and through a link', async () => {
    await refused(path.join(fx.sibling, 'x'), 'Absolute paths must point inside the workspace')
    await refused(`../${path.basename(fx.sibling)}/x`, "climbs out of the workspace with '..'")
    await fs.symlink(path.join(fx.sibling, 'x'), path.join(fx.ws, 'to-sibling'))
    await refused('to-sibling')
  })

  it('symlinked file pointing outside', async () => {
    await fs.symlink(path.join(fx.outside, 'secret.txt'), path.join(fx.ws, 'link.txt'))
    await refused('link.txt')
  })

  it('symlinked folder pointing outside', async () => {
    await fs.symlink(fx.outside, path.join(fx.ws, 'outdir'))
    await refused('outdir/secret.txt')
  })

  it('dangling symlink pointing outside: refused, not "not found"', async () => {
    await fs.symlink(path.join(fx.outside, 'not-yet.txt'), path.join(fx.ws, 'dangling'))
    await refused('dangling')
  })

  it('chain of symlinks ending outside (and one ending inside, which is fine)', async () => {
    await fs.symlink(path.join(fx.outside, 'secret.txt'), path.join(fx.ws, 'c3'))
    await fs.symlink('c3', path.join(fx.ws, 'c2'))
    await fs.symlink('c2', path.join(fx.ws, 'c1'))
    await refused('c1')
    await fs.symlink('five.txt', path.join(fx.ws, 'in3'))
    await fs.symlink('in3', path.join(fx.ws, 'in2'))
    expect(expectOk(await read({ file_path: 'in2', limit: 1 })).output).toBe('     1\tone')
  })

  it('.. and absolute paths outside', async () => {
    await refused('../../../etc/passwd', "climbs out of the workspace with '..'")
    await refused('sub/../../x', "climbs out of the workspace with '..'")
    await refused(path.join(fx.outside, 'secret.txt'), 'Absolute paths must point inside the workspace')
    await refused('/etc/passwd', 'Absolute paths must point inside the workspace')
  })

  it('NUL byte in the path: refused by validation, before any path is looked at', async () => {
    const body = expectFail(await read({ file_path: 'five.txt\u0000.png' }), 400, 'VALIDATION_ERROR', 'NUL character', fx)
    expect(JSON.stringify(body)).not.toMatch(/OUTSIDE SECRET|EVIL SIBLING/)
  })
})
