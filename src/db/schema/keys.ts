/** API keys: only a SHA-256 hash of each key is stored; the key itself is shown once. */
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** First characters of the key, so that a person can tell keys apart in listings. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    /** Folder inside the server's workspace that this key's file tools are confined to ('' = root). */
    workspace: text('workspace').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash)],
)
