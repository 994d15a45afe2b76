import { afterAll, describe, it, expect } from 'vitest'
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { createSecretbox, loadOrCreateKey } from '../../src/lib/secretbox.js'
import { compiledPath } from '../support/compiled-src.js'

const made: string[] = []
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolgate-secretbox-'))
  made.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true })
})
const key = () => crypto.randomBytes(32)
const DECRYPT_ERROR = 'cannot decrypt: wrong key or tampered data'

describe('createSecretbox', () => {
  it('round-trips JSON values unchanged', () => {
    const box = createSecretbox(key())
    const args = { path: 'a.txt', content: 'password=hunter2 ✓', n: 3, nested: [null, true, { x: 1.5 }] }
    const sealed = box.seal(args)
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    expect(sealed).not.toContain('hunter2')
    expect(box.open(sealed)).toEqual(args)
    expect(box.open<string>(box.seal('plain'))).toBe('plain')
    expect(box.open(box.seal(null))).toBeNull()
  })

  it('uses a fresh 12-byte IV per message', () => {
    const box = createSecretbox(key())
    const a = box.seal({ same: 'value' })
    const b = box.seal({ same: 'value' })
    expect(a).not.toBe(b)
    expect(Buffer.from(a.split('.')[1], 'base64url')).toHaveLength(12)
    expect(box.open(a)).toEqual(box.open(b))
  })

  it('detects tampering with any part', () => {
    const box = createSecretbox(key())
    const sealed = box.seal({ command: 'rm -rf build' })
    const flip = (c: string) => (c === 'A' ? 'B' : 'A')
    // Every character of iv, tag and ciphertext, including the last one whose spare bits a lax
    // base64 decoder would ignore.
    for (let i = 3; i < sealed.length; i++) {
      if (sealed[i] === '.') continue
      const tampered = sealed.slice(0, i) + flip(sealed[i]) + sealed.slice(i + 1)
      expect(() => box.open(tampered), `position ${i}`).toThrow(DECRYPT_ERROR)
    }
    for (const bad of ['', 'v1', `v2${sealed.slice(2)}`, sealed.split('.').slice(0, 3).join('.'), `${sealed}.x`, 'not sealed at all']) {
      expect(() => box.open(bad)).toThrow(DECRYPT_ERROR)
    }
  })

  it('refuses the wrong key with the same plain error', () => {
    const sealed = createSecretbox(key()).seal({ a: 1 })
    let caught: unknown
    try {
      createSecretbox(key()).open(sealed)
    } catch (err) {
      caught = err
    }
    expect(caught).toBeInstanceOf(Error)
    expect((caught as Error).message).toBe(DECRYPT_ERROR)
  })

  it('rejects keys that are not 32 bytes, and values with no JSON form', () => {
    expect(() => createSecretbox(crypto.randomBytes(16))).toThrow(/32 bytes/)
    expect(() => createSecretbox(key()).seal(undefined)).toThrow()
  })
})

describe('loadOrCreateKey', () => {
  it('creates <dataDir>/secret.key with mode 0600 and reuses it', () => {
    const dataDir = path.join(tmpDir(), 'nested', 'data')
    const first = loadOrCreateKey({ dataDir })
    const file = path.join(dataDir, 'secret.key')
    expect(first).toHaveLength(32)
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'))
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600)

    const second = loadOrCreateKey({ dataDir })
    expect(second.equals(first)).toBe(true)
    // And it really is the same key: what one process seals, the next one opens.
    expect(createSecretbox(second).open(createSecretbox(first).seal('x'))).toBe('x')
  })

  it('uses hexKey when given and touches no file', () => {
    const dataDir = tmpDir()
    const hexKey = 'ab'.repeat(32)
    expect(loadOrCreateKey({ hexKey, dataDir }).toString('hex')).toBe(hexKey)
    expect(fs.existsSync(path.join(dataDir, 'secret.key'))).toBe(false)
    expect(() => loadOrCreateKey({ hexKey: 'abc', dataDir })).toThrow(/64 hex/)
  })

  it('refuses a key file that does not hold 64 hex characters', () => {
    const dataDir = tmpDir()
    fs.writeFileSync(path.join(dataDir, 'secret.key'), 'not-a-key\n')
    expect(() => loadOrCreateKey({ dataDir })).toThrow(/64 hex/)
  })

  it('gives racing processes the same key', async () => {
    const dataDir = tmpDir()
    const built = compiledPath('src/lib/secretbox.ts')
    const modulePath = built ?? fileURLToPath(new URL('../../src/lib/secretbox.ts', import.meta.url))
    const script = `import { loadOrCreateKey } from ${JSON.stringify(modulePath)}; console.log(loadOrCreateKey({ dataDir: ${JSON.stringify(dataDir)} }).toString('hex'))`
    const run = promisify(execFile)
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => run(process.execPath, [...(built ? [] : ['--import', 'tsx']), '--input-type=module', '-e', script])),
    )
    const keys = new Set(outputs.map((o) => o.stdout.trim()))
    expect(keys.size).toBe(1)
    expect([...keys][0]).toBe(fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim())
  })
})
