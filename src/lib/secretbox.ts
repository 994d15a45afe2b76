/**
 * Authenticated encryption for data at rest. A pending approval must later run with exactly the
 * arguments the agent sent, secrets included, so those cannot be redacted; they are sealed instead,
 * and the database only ever holds ciphertext.
 *
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url, plaintext = JSON.stringify(value).
 * The version prefix leaves room to rotate algorithm or key without guessing what a row holds.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export interface Secretbox {
  seal(value: unknown): string
  open<T = unknown>(sealed: string): T
}

const ALGORITHM = 'aes-256-gcm'
const VERSION = 'v1'
// 96-bit IVs are what GCM is designed for; random ones are safe for far more messages than we seal.
const IV_BYTES = 12
const TAG_BYTES = 16
const KEY_BYTES = 32
const HEX_KEY = /^[0-9a-fA-F]{64}$/

export function createSecretbox(key: Buffer): Secretbox {
  if (!Buffer.isBuffer(key) || key.length !== KEY_BYTES) throw new Error(`secretbox key must be ${KEY_BYTES} bytes`)
  // Our own copy, so a caller zeroing or reusing their buffer cannot change the key under us.
  const k = Buffer.from(key)

  return {
    seal(value: unknown): string {
      const json = JSON.stringify(value)
      // JSON.stringify(undefined) is undefined: refuse rather than store something `open` cannot parse.
      if (json === undefined) throw new Error('secretbox cannot seal a value with no JSON form')
      const iv = crypto.randomBytes(IV_BYTES)
      const cipher = crypto.createCipheriv(ALGORITHM, k, iv, { authTagLength: TAG_BYTES })
      const ciphertext = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()])
      const tag = cipher.getAuthTag()
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.')
    },

    open<T = unknown>(sealed: string): T {
      // One message for every failure: telling a tamperer *which* check failed only helps them.
      try {
        const parts = String(sealed).split('.')
        if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('format')
        const [, ivPart, tagPart, dataPart] = parts
        const iv = strictBase64url(ivPart)
        const tag = strictBase64url(tagPart)
        const data = strictBase64url(dataPart)
        if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('format')
        const decipher = crypto.createDecipheriv(ALGORITHM, k, iv, { authTagLength: TAG_BYTES })
        decipher.setAuthTag(tag)
        const json = Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')
        return JSON.parse(json) as T
      } catch {
        throw new Error('cannot decrypt: wrong key or tampered data')
      }
    },
  }
}

// Node's base64 decoder skips characters it does not know; a flipped character in the envelope must
// fail, not decode to the same bytes.
function strictBase64url(s: string): Buffer {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error('format')
  const buf = Buffer.from(s, 'base64url')
  if (buf.toString('base64url') !== s) throw new Error('format')
  return buf
}

/**
 * The data-at-rest key: `hexKey` (64 hex chars, from config) when given, else `<dataDir>/secret.key`,
 * created on first start. Losing the file only strands pending approvals, never live data.
 */
export function loadOrCreateKey(opts: { hexKey?: string; dataDir: string }): Buffer {
  if (opts.hexKey !== undefined && opts.hexKey !== '') return parseHexKey(opts.hexKey.trim(), 'hexKey')

  const file = path.join(opts.dataDir, 'secret.key')
  const existing = readKeyFile(file)
  if (existing) return existing

  fs.mkdirSync(opts.dataDir, { recursive: true })
  const key = crypto.randomBytes(KEY_BYTES)
  try {
    // `wx` = exclusive create: of two processes starting together exactly one writes, and the
    // other re-reads that key instead of sealing with a key nobody else will ever have.
    fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
    return key
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    return waitForKeyFile(file)
  }
}

function parseHexKey(hex: string, source: string): Buffer {
  if (!HEX_KEY.test(hex)) throw new Error(`${source} must be ${KEY_BYTES * 2} hex characters`)
  return Buffer.from(hex, 'hex')
}

function readKeyFile(file: string): Buffer | undefined {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
  // An empty file means the winner of the race has created it but not yet written to it.
  if (text.trim() === '') return undefined
  return parseHexKey(text.trim(), file)
}

// The winner's create and write are two steps; give it a moment to finish rather than failing.
function waitForKeyFile(file: string): Buffer {
  const deadline = Date.now() + 2_000
  for (;;) {
    const key = readKeyFile(file)
    if (key) return key
    if (Date.now() > deadline) throw new Error(`${file} exists but holds no key`)
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20)
  }
}
