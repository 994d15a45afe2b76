import os from 'node:os'
import { defineConfig } from 'vitest/config'

// Postgres-only suites (they stop and start a database connection) run only when DATABASE_URL
// points at a real server; the rest run on PGlite and on Postgres alike.
const include = ['test/**/*.test.ts']
if (process.env.DATABASE_URL) include.push('test-pg/**/*.test.ts')

export default defineConfig({
  test: {
    include,
    // Migrates one database up front; each test app starts from a copy of it (test/support/database-template.ts).
    // Compiles src/ once for the tests that start it as a child process (test/support/compiled-src.ts).
    globalSetup: ['test/support/database-template.ts', 'test/support/compiled-src.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Forks, not threads: tests spawn child processes and PGlite's WASM heap is per process anyway.
    pool: 'forks',
    // One module graph per worker, not per file: importing the app for each of ~150 files cost a
    // third of the run. Files share no state but the database template (each app gets its own copy).
    isolate: false,
    maxWorkers: os.availableParallelism(),
  },
})
