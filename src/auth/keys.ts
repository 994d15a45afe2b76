/**
 * API keys: `Authorization: Bearer tg_…`. Keys are random, shown once, and stored as SHA-256
 * hashes; each carries scopes and a workspace folder. Public tools accept calls without a key.
 * Verified keys are cached briefly (key-cache.ts); a revocation, here or on another instance
 * (announced on REVOCATIONS_CHANNEL), is forgotten at once.
 */
import crypto from 'node:crypto'
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.js'
import type { Listener } from '../db/listener.js'
import { apiKeys } from '../db/schema/index.js'
import { codedError, fail, type CodedError } from '../errors.js'
import { SCOPES, type Caller, type Scope } from '../tools/define.js'
import { KeyCache } from './key-cache.js'
import { assertKeyWorkspace, createKeyWorkspace, keyWorkspacePath } from './key-workspace.js'

export interface KeyInfo {
  id: string
  name: string
  prefix: string
  scopes: Scope[]
  workspace: string
  created_at: string
  revoked_at: string | null
  last_used_at: string | null
}

export interface KeyService {
  /** The caller behind an Authorization header; anonymous when there is none, 401 when it is wrong. */
  authenticate(authorization: string | undefined, clientIp: string): Promise<Caller>
  create(input: { name: string; scopes: Scope[]; workspace?: string }): Promise<KeyInfo & { key: string }>
  list(): Promise<KeyInfo[]>
  revoke(id: string): Promise<KeyInfo>
  /** Ensures TOOLGATE_BOOTSTRAP_KEY exists, or creates a first admin key on an empty database. */
  bootstrap(): Promise<string | undefined>
  /** The caller behind a key id, or undefined when the key is gone or revoked (approved calls run as their caller). */
  callerById(id: string): Promise<Caller | undefined>
  /** Caller of a request to a non-tool route, refused unless it holds `scope`. */
  requireScope(request: FastifyRequest, scope: Scope): Promise<Caller>
  /** Calls `listener` with the id of every key revoked, here or on another instance (what a key started must end with it). */
  onRevoked(listener: (keyId: string) => void): void
}

const LAST_USED_EVERY_MS = 60_000
/** Postgres NOTIFY channel a revocation is announced on; the payload is the key's id. */
export const REVOCATIONS_CHANNEL = 'toolgate_key_revoked'
export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex')
const newKey = () => `tg_${crypto.randomBytes(32).toString('base64url')}`
const newKeyId = () => `key_${crypto.randomBytes(8).toString('hex')}`

type Row = typeof apiKeys.$inferSelect
const info = (r: Row): KeyInfo => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes as Scope[],
  workspace: r.workspace,
  created_at: r.createdAt.toISOString(),
  revoked_at: r.revokedAt?.toISOString() ?? null,
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
})

export interface KeysOptions {
  /** Real path of the server's workspace root. */
  root: string
  /** TOOLGATE_BOOTSTRAP_KEY, when set. */
  bootstrapKey?: string
  /** The database-unreachable error for `err`, or undefined when it is something else. */
  classifyOutage(err: unknown): CodedError | undefined
}

export class Keys implements KeyService {
  private readonly lastUsed = new Map<string, number>()
  private readonly lookups = new Map<string, Promise<Caller>>()
  private readonly revokedListeners: ((keyId: string) => void)[] = []
  /** The revocation channel, once listening: the cache trusts what it delivered. */
  listener: Listener | undefined
  private readonly cache = new KeyCache(() => this.listener?.deliveredBefore() ?? 0)

  constructor(
    private readonly db: Db,
    private readonly opts: KeysOptions,
  ) {}

  /** A revoked key is forgotten at once, including by the lookups under way, and what it started is told. */
  readonly forget = (id: string): void => {
    this.cache.dropKey(id)
    this.lookups.clear()
    for (const listener of this.revokedListeners) listener(id)
  }

  /** Revocations sent while the channel was away were missed: verify every key again. */
  readonly reconnected = (): void => {
    this.cache.clear()
    this.lookups.clear()
  }

  private callerOf(row: Row): Caller {
    return { id: row.id, name: row.name, scopes: row.scopes as Scope[], rateKey: `key:${row.id}`, workspace: keyWorkspacePath(this.opts.root, row.workspace) }
  }

  /** The caller, once its workspace is checked to be still a real folder (not a link out). */
  private readonly confined = (caller: Caller): Caller => {
    assertKeyWorkspace(this.opts.root, caller.workspace)
    return caller
  }

  /** The caller behind `key`, cached under the `authorization` header that carried it. */
  private async lookup(key: string, authorization: string): Promise<Caller> {
    const startedIn = this.cache.generation
    const at = Date.now()
    let row: Row | undefined
    try {
      ;[row] = await this.db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.keyHash, hashKey(key)), isNull(apiKeys.revokedAt)))
    } catch (err) {
      // Database unreachable: a key verified recently still gets in (tools that need no database work).
      const outage = this.opts.classifyOutage(err)
      if (!outage) throw err
      const known = this.cache.known(authorization, Date.now())
      if (known) return known
      throw outage
    }
    if (!row) {
      this.cache.delete(authorization)
      fail('UNAUTHORIZED', 'Invalid or revoked API key')
    }
    const caller = this.callerOf(row)
    this.cache.set(authorization, { caller, at }, startedIn)
    this.noteUse(row.id, at)
    return caller
  }

  /** last_used_at, written at most once a minute per key and never waited for. */
  private noteUse(id: string, at: number): void {
    if ((this.lastUsed.get(id) ?? 0) + LAST_USED_EVERY_MS >= at) return
    this.lastUsed.set(id, at)
    this.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date() })
      .where(eq(apiKeys.id, id))
      .catch(() => {})
  }

  async authenticate(authorization: string | undefined, clientIp: string): Promise<Caller> {
    if (!authorization) return { id: 'anonymous', name: 'anonymous', scopes: [], rateKey: `ip:${clientIp}`, workspace: this.opts.root }
    const hit = this.cache.fresh(authorization, Date.now())
    if (hit) return this.confined(hit)
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
    if (!m) fail('UNAUTHORIZED', 'Malformed Authorization header: send "Authorization: Bearer <api key>"')
    // When a busy key's entry expires, its concurrent calls share one lookup, not one each.
    let pending = this.lookups.get(authorization)
    if (!pending) {
      const mine: Promise<Caller> = this.lookup(m[1], authorization).finally(() => {
        if (this.lookups.get(authorization) === mine) this.lookups.delete(authorization)
      })
      this.lookups.set(authorization, (pending = mine))
    }
    return pending.then(this.confined)
  }

  async create({ name, scopes, workspace = '' }: { name: string; scopes: Scope[]; workspace?: string }): Promise<KeyInfo & { key: string }> {
    const sub = createKeyWorkspace(this.opts.root, workspace)
    const key = newKey()
    const [row] = await this.db
      .insert(apiKeys)
      .values({ id: newKeyId(), name, keyHash: hashKey(key), prefix: key.slice(0, 10), scopes: [...new Set(scopes)], workspace: sub })
      .returning()
    return { ...info(row), key }
  }

  async list(): Promise<KeyInfo[]> {
    return (await this.db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt))).map(info)
  }

  onRevoked(listener: (keyId: string) => void): void {
    this.revokedListeners.push(listener)
  }

  async revoke(id: string): Promise<KeyInfo> {
    // The notice goes out when the revocation commits, and only then: every instance forgets the key.
    const row = await this.db.transaction(async (tx) => {
      const [revoked] = await tx
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning()
      if (revoked) await tx.execute(sql`SELECT pg_notify(${REVOCATIONS_CHANNEL}, ${id})`)
      return revoked
    })
    if (!row) {
      const [existing] = await this.db.select().from(apiKeys).where(eq(apiKeys.id, id))
      if (!existing) fail('KEY_NOT_FOUND', `No API key with id ${id}`)
      return info(existing)
    }
    this.forget(id)
    return info(row)
  }

  async bootstrap(): Promise<string | undefined> {
    const wanted = this.opts.bootstrapKey
    if (!wanted) {
      const [{ n }] = await this.db.select({ n: count() }).from(apiKeys)
      return n > 0 ? undefined : (await this.create({ name: 'admin', scopes: [...SCOPES] })).key
    }
    const hash = hashKey(wanted)
    const [row] = await this.db.select().from(apiKeys).where(eq(apiKeys.keyHash, hash))
    if (!row) {
      await this.db
        .insert(apiKeys)
        .values({ id: newKeyId(), name: 'bootstrap', keyHash: hash, prefix: 'bootstrap', scopes: [...SCOPES] })
        .onConflictDoNothing()
    } else {
      await this.db
        .update(apiKeys)
        .set({ revokedAt: null, scopes: [...SCOPES] })
        .where(eq(apiKeys.id, row.id))
    }
    return undefined
  }

  async callerById(id: string): Promise<Caller | undefined> {
    const [row] = await this.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    return row && this.confined(this.callerOf(row))
  }

  async requireScope(request: FastifyRequest, scope: Scope): Promise<Caller> {
    const caller = await this.authenticate(request.headers.authorization, request.ip)
    if (caller.id === 'anonymous') fail('UNAUTHORIZED', `This route needs an API key with the "${scope}" scope: send "Authorization: Bearer <api key>"`)
    if (!caller.scopes.includes(scope)) {
      throw codedError('SCOPE_REQUIRED', `This API key lacks the "${scope}" scope`, { details: { required_scope: scope, scopes: caller.scopes } })
    }
    return caller
  }
}
