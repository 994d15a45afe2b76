/**
 * Edit through the real app: one replacement and replace_all with their diffs, the three ways
 * an edit is refused, CRLF files staying CRLF, dry runs, binary and blocked files.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRY, expectFail, expectOk, fsFixture, snapshot, type FsFixture } from './helpers.js'

let fx: FsFixture
const edit = (body: Record<string, unknown>, headers?: Record<string, string>) => fx.call('Edit', body, headers)
const content = (rel: string) => fs.readFile(path.join(fx.ws, rel), 'utf8')

beforeAll(async () => {
  fx = await fsFixture()
})
afterAll(async () => {
  await fx.close()
})

describe('Edit', () => {
  it('replaces a unique string and answers with a unified diff', async () => {
    await fx.file('src/app.ts', 'a\nb\nc\nconst x = 1\nd\ne\nf\ng\n')
    const body = expectOk(await edit({ file_path: 'src/app.ts', old_string: 'const x = 1', new_string: 'const x = 2\nconst y = 3' }))
    const diff = '--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,7 +1,8 @@\n a\n b\n c\n-const x = 1\n+const x = 2\n+const y = 3\n d\n e\n f\n'
    expect(body.metadata).toEqual({ file_path: 'src/app.ts', replacements: 1, diff })
    expect(body.output).toBe(`Edited src/app.ts: 1 replacement\n${diff}`)
    expect(await content('src/app.ts')).toBe('a\nb\nc\nconst x = 2\nconst y = 3\nd\ne\nf\ng\n')
  })

  it('replaces every occurrence with replace_all, taking $ patterns literally', async () => {
    await fx.file('all.txt', 'foo 1\nbar\nfoo 2\nfoo 3\n')
    const body = expectOk(await edit({ file_path: 'all.txt', old_string: 'foo', new_string: '$&-$1', replace_all: true }))
    expect(body.metadata.replacements).toBe(3)
    expect(body.output.startsWith('Edited all.txt: 3 replacements\n')).toBe(true)
    expect(await content('all.txt')).toBe('$&-$1 1\nbar\n$&-$1 2\n$&-$1 3\n')
  })

  it('refuses a replace_all whose result would pass the 10 MiB Edit reads, dry run too, and writes nothing (413)', async () => {
    const lines = 'a\n'.repeat(200_000) // 400 KB; each `a` made 60 characters is 12.2 MB
    await fx.file('grow.txt', lines)
    for (const headers of [undefined, DRY]) {
      const big = { file_path: 'grow.txt', old_string: 'a', new_string: 'b'.repeat(60), replace_all: true }
      const body = expectFail(await edit(big, headers), 413, 'FILE_TOO_LARGE', 'This edit would make grow.txt 12200000 bytes', fx)
      expect(body.metadata).toEqual({ file_path: 'grow.txt' })
      expect(await content('grow.txt')).toBe(lines)
    }
    // Positive control: 40 characters each is 8.2 MB, which fits.
    expectOk(await edit({ file_path: 'grow.txt', old_string: 'a', new_string: 'b'.repeat(40), replace_all: true }))
    expect((await fs.stat(path.join(fx.ws, 'grow.txt'))).size).toBe(8_200_000)
  })

  it('refuses half of a character in old_string or new_string (it matched half of an emoji, and wrote U+FFFD)', async () => {
    await fx.file('emoji.txt', '😀'.repeat(1_000))
    for (const [old_string, new_string] of [
      ['\ud83d', 'xyz'],
      ['\ude00', 'x'],
      ['😀', 'a\ud800b'],
    ]) {
      expectFail(await edit({ file_path: 'emoji.txt', old_string, new_string, replace_all: true }), 400, 'VALIDATION_ERROR', 'half of a character', fx)
      expect(await content('emoji.txt')).toBe('😀'.repeat(1_000))
    }
    // Positive control: whole characters.
    expect(expectOk(await edit({ file_path: 'emoji.txt', old_string: '😀', new_string: '🙂', replace_all: true })).metadata.replacements).toBe(1_000)
    expect(await content('emoji.txt')).toBe('🙂'.repeat(1_000))
  })

  it('fails when old_string is not in the file', async () => {
    await fx.file('miss.txt', 'hello\n')
    const body = expectFail(
      await edit({ file_path: 'miss.txt', old_string: 'absent', new_string: 'x' }),
      400,
      'EDIT_NO_MATCH',
      'old_string not found in miss.txt',
      fx,
    )
    expect(body.metadata).toEqual({ file_path: 'miss.txt' })
    expect(await content('miss.txt')).toBe('hello\n')
  })

  it('fails when old_string is not unique and replace_all is not set', async () => {
    await fx.file('dup.txt', 'x = 1\nx = 1\nx = 1\n')
    const body = expectFail(
      await edit({ file_path: 'dup.txt', old_string: 'x = 1', new_string: 'x = 2' }),
      400,
      'EDIT_NOT_UNIQUE',
      'old_string occurs 3 times in dup.txt; add context to make it unique or set replace_all',
      fx,
    )
    expect(body.details).toEqual({ occurrences: 3 })
    expect(await content('dup.txt')).toBe('x = 1\nx = 1\nx = 1\n')
  })

  it('fails when new_string equals old_string, before touching the file', async () => {
    const body = expectFail(
      await edit({ file_path: 'does-not-matter.txt', old_string: 'same', new_string: 'same' }),
      400,
      'EDIT_NO_CHANGE',
      'old_string and new_string are the same',
      fx,
    )
    expect(body.success).toBe(false)
    expectFail(await edit({ file_path: 'miss.txt', old_string: '', new_string: 'x' }), 400, 'VALIDATION_ERROR', 'old_string is empty')
  })

  it('keeps CRLF line endings: LF strings match, and the file stays CRLF', async () => {
    await fx.file('win.txt', 'first\r\nsecond\r\nthird\r\n')
    const body = expectOk(await edit({ file_path: 'win.txt', old_string: 'first\nsecond', new_string: 'one\ntwo\nthree-and-a-half' }))
    expect(await content('win.txt')).toBe('one\r\ntwo\r\nthree-and-a-half\r\nthird\r\n')
    expect(body.metadata.diff).toBe('--- a/win.txt\n+++ b/win.txt\n@@ -1,3 +1,4 @@\n-first\r\n-second\r\n+one\r\n+two\r\n+three-and-a-half\r\n third\r\n')
    // CRLF strings sent to an LF file match it, and write LF
    await fx.file('unix.txt', 'a\nb\n')
    expectOk(await edit({ file_path: 'unix.txt', old_string: 'a\r\nb', new_string: 'A\r\nB' }))
    expect(await content('unix.txt')).toBe('A\nB\n')
    // a change of line endings only is no change
    expectFail(await edit({ file_path: 'win.txt', old_string: 'one\ntwo', new_string: 'one\r\ntwo' }), 400, 'EDIT_NO_CHANGE', 'differ only in line endings', fx)
  })

  it('keeps a UTF-8 byte order mark', async () => {
    await fx.file('bom.txt', '\uFEFFname = old\n')
    expectOk(await edit({ file_path: 'bom.txt', old_string: 'old', new_string: 'new' }))
    expect(await fs.readFile(path.join(fx.ws, 'bom.txt'))).toEqual(Buffer.from('\uFEFFname = new\n'))
  })

  it('dry run shows the diff and changes nothing', async () => {
    await fx.file('dry.txt', 'keep me\n')
    const before = await snapshot(fx.ws)
    const body = expectOk(await edit({ file_path: 'dry.txt', old_string: 'keep', new_string: 'change' }, DRY))
    expect(body.output).toBe('[Dry Run] Would replace 1 occurrence in dry.txt\n--- a/dry.txt\n+++ b/dry.txt\n@@ -1 +1 @@\n-keep me\n+change me\n')
    expect(body.metadata).toMatchObject({ file_path: 'dry.txt', replacements: 0, dry_run: true })
    expect(await snapshot(fx.ws)).toEqual(before)
  })

  it('never overwrites a change made while millions of replacements are built: CONFLICT, or the change kept', async () => {
    await fx.file('busy.txt', 'aaaaaaaaa\n'.repeat(1_000_000))
    const args = { file_path: 'busy.txt', old_string: 'a', new_string: 'c', replace_all: true }
    // A dry run does all the work before the 9,000,000 replacements are built: the change lands
    // after that point, while they are built (seconds here), before the write.
    const started = performance.now()
    expectOk(await edit(args, DRY))
    const before = performance.now() - started
    const pending = edit(args)
    await new Promise((r) => setTimeout(r, before * 1.2 + 100))
    await fs.appendFile(path.join(fx.ws, 'busy.txt'), 'EXTERNAL\n')
    const res = await pending
    expect([200, 409], JSON.stringify(res.body).slice(0, 300)).toContain(res.statusCode)
    expect(await content('busy.txt')).toMatch(/EXTERNAL\n$/)
  }, 60_000)

  it('refuses binary files, missing files, blocked names and paths outside', async () => {
    await fx.file('bin.dat', Buffer.from([1, 2, 0, 3, 0x0a]))
    expectFail(await edit({ file_path: 'bin.dat', old_string: '\u0001', new_string: 'x' }), 400, 'BINARY_FILE', 'bin.dat is a binary file', fx)
    expectFail(await edit({ file_path: 'gone.txt', old_string: 'a', new_string: 'b' }), 404, 'FILE_NOT_FOUND', 'File not found: gone.txt', fx)
    await fx.file('.git/config', '[core]\n')
    expectFail(await edit({ file_path: '.git/config', old_string: 'core', new_string: 'x' }), 403, 'PATH_BLOCKED', '.git/config is a blocked path', fx)
    await fs.symlink(path.join(fx.outside, 'secret.txt'), path.join(fx.ws, 'elink'))
    expectFail(await edit({ file_path: 'elink', old_string: 'OUTSIDE', new_string: 'x' }), 403, 'PATH_OUTSIDE_WORKSPACE', 'outside the workspace', fx)
    expect(await fs.readFile(path.join(fx.outside, 'secret.txt'), 'utf8')).toBe('OUTSIDE SECRET\n')
  })
})
