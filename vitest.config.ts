import { defineConfig } from 'vitest/config'

// Postgres-only suites (they stop and start a database connection) run only when DATABASE_URL
// points at a real server; the rest run on PGlite and on Postgres alike.
const include = ['test/**/*.test.ts']
if (process.env.DATABASE_URL) include.push('test-pg/**/*.test.ts')

export default defineConfig({
  test: {
    include,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
