/**
 * API keys: `Authorization: Bearer tg_…`. Keys are random, shown once, and stored as SHA-256
 * hashes; each carries scopes and a workspace folder. Public tools accept calls without a key.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import fp from 'fastify-plugin'
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { apiKeys } from '../db/schema/index.js'
import { codedError, fail } from '../errors.js'
import { SCOPES, type Caller, type Scope } from '../tools/define.js'
import { KeyCache } from '../auth/key-cache.js'
import { assertKeyWorkspace, createKeyWorkspace, keyWorkspacePath } from '../auth/key-workspace.js'
import type { Listener } from '../db/listener.js'

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

declare module 'fastify' {
  interface FastifyInstance {
    keys: KeyService
    /** Real path of the server's workspace root. */
    workspaceRoot: string
  }
}

const LAST_USED_EVERY_MS = 60_000
/** Postgres NOTIFY channel a revocation is announced on; the payload is the key's id. */
export const REVOCATIONS_CHANNEL = 'toolgate_key_revoked'
export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex')
const newKey = () => `tg_${crypto.randomBytes(32).toString('base64url')}`

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

export default fp(
  async (app) => {
    const { db } = app.database
    fs.mkdirSync(app.config.workspace, { recursive: true })
    const root = fs.realpathSync(app.config.workspace)
    app.decorate('workspaceRoot', root)
    const lastUsed = new Map<string, number>()
    const lookups = new Map<string, Promise<Caller>>()
    let listener: Listener | undefined
    const cache = new KeyCache(() => listener?.deliveredBefore() ?? 0)

    const revokedListeners: ((keyId: string) => void)[] = []
    /** A revoked key is forgotten at once, including by the lookups under way, and what it started is told. */
    const forget = (id: string) => {
      cache.dropKey(id)
      lookups.clear()
      for (const listener of revokedListeners) listener(id)
    }
    listener = await app.database.listen(
      REVOCATIONS_CHANNEL,
      {
        message: forget,
        // Revocations sent while the channel was away were missed: verify every key again.
        connected: () => {
          cache.clear()
          lookups.clear()
        },
      },
      app.log,
    )
    app.addHook('onClose', async () => listener?.close())

    const callerOf = (row: Row): Caller => ({
      id: row.id,
      name: row.name,
      scopes: row.scopes as Scope[],
      rateKey: `key:${row.id}`,
      workspace: keyWorkspacePath(root, row.workspace),
    })
    /** The caller, once its workspace is checked to be still a real folder (not a link out). */
    const confined = (caller: Caller): Caller => {
      assertKeyWorkspace(root, caller.workspace)
      return caller
    }

    /** The caller behind `key`, cached under the `authorization` header that carried it. */
    const lookup = async (key: string, authorization: string): Promise<Caller> => {
      const startedIn = cache.generation
      const at = Date.now()
      let row: Row | undefined
      try {
        ;[row] = await db
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.keyHash, hashKey(key)), isNull(apiKeys.revokedAt)))
      } catch (err) {
        // Database unreachable: a key verified recently still gets in (tools that need no database work).
        const outage = app.databaseOutage.classify(err)
        if (!outage) throw err
        const known = cache.known(authorization, Date.now())
        if (known) return known
        throw outage
      }
      if (!row) {
        cache.delete(authorization)
        fail('UNAUTHORIZED', 'Invalid or revoked API key')
      }
      const caller = callerOf(row)
      cache.set(authorization, { caller, at }, startedIn)
      if ((lastUsed.get(row.id) ?? 0) + LAST_USED_EVERY_MS < at) {
        lastUsed.set(row.id, at)
        db.update(apiKeys)
          .set({ lastUsedAt: new Date() })
          .where(eq(apiKeys.id, row.id))
          .catch(() => {})
      }
      return caller
    }

    const keys: KeyService = {
      async authenticate(authorization, clientIp) {
        if (!authorization) {
          return { id: 'anonymous', name: 'anonymous', scopes: [], rateKey: `ip:${clientIp}`, workspace: root }
        }
        const hit = cache.fresh(authorization, Date.now())
        if (hit) return confined(hit)
        const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
        if (!m) fail('UNAUTHORIZED', 'Malformed Authorization header: send "Authorization: Bearer <api key>"')
        const key = m[1]
        // When a busy key's entry expires, its concurrent calls share one lookup, not one each.
        let pending = lookups.get(authorization)
        if (!pending) {
          const mine: Promise<Caller> = lookup(key, authorization).finally(() => {
            if (lookups.get(authorization) === mine) lookups.delete(authorization)
          })
          lookups.set(authorization, (pending = mine))
        }
        return pending.then(confined)
      },
      async create({ name, scopes, workspace = '' }) {
        const sub = createKeyWorkspace(root, workspace)
        const key = newKey()
        const [row] = await db
          .insert(apiKeys)
          .values({
            id: `key_${crypto.randomBytes(8).toString('hex')}`,
            name,
            keyHash: hashKey(key),
            prefix: key.slice(0, 10),
            scopes: [...new Set(scopes)],
            workspace: sub,
          })
          .returning()
        return { ...info(row), key }
      },
      async list() {
        return (await db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt))).map(info)
      },
      onRevoked(listener) {
        revokedListeners.push(listener)
      },
      async revoke(id) {
        // The notice goes out when the revocation commits, and only then: every instance forgets the key.
        const row = await db.transaction(async (tx) => {
          const [revoked] = await tx
            .update(apiKeys)
            .set({ revokedAt: new Date() })
            .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
            .returning()
          if (revoked) await tx.execute(sql`SELECT pg_notify(${REVOCATIONS_CHANNEL}, ${id})`)
          return revoked
        })
        if (!row) {
          const [existing] = await db.select().from(apiKeys).where(eq(apiKeys.id, id))
          if (!existing) fail('KEY_NOT_FOUND', `No API key with id ${id}`)
          return info(existing)
        }
        forget(id)
        return info(row)
      },
      async bootstrap() {
        const wanted = app.config.bootstrapKey
        if (wanted) {
          const hash = hashKey(wanted)
          const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, hash))
          if (!row) {
            await db
              .insert(apiKeys)
              .values({ id: `key_${crypto.randomBytes(8).toString('hex')}`, name: 'bootstrap', keyHash: hash, prefix: 'bootstrap', scopes: [...SCOPES] })
              .onConflictDoNothing()
          } else {
            await db
              .update(apiKeys)
              .set({ revokedAt: null, scopes: [...SCOPES] })
              .where(eq(apiKeys.id, row.id))
          }
          return undefined
        }
        const [{ n }] = await db.select({ n: count() }).from(apiKeys)
        if (n > 0) return undefined
        return (await keys.create({ name: 'admin', scopes: [...SCOPES] })).key
      },
      async callerById(id) {
        const [row] = await db
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        return row && confined(callerOf(row))
      },
      async requireScope(request, scope) {
        const caller = await keys.authenticate(request.headers.authorization, request.ip)
        if (caller.id === 'anonymous') fail('UNAUTHORIZED', `This route needs an API key with the "${scope}" scope: send "Authorization: Bearer <api key>"`)
        if (!caller.scopes.includes(scope)) {
          throw codedError('SCOPE_REQUIRED', `This API key lacks the "${scope}" scope`, { details: { required_scope: scope, scopes: caller.scopes } })
        }
        return caller
      },
    }
    app.decorate('keys', keys)
  },
  { name: 'auth', dependencies: ['config', 'db'] },
)
