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
    // One worker more than cores: tests wait on child processes (git, bwrap, servers) much of the
    // time, and the spare worker fills it. On 2 cores: 227 s with 2 workers, 196 s with 3, 206 s with 4.
    maxWorkers: os.availableParallelism() + 1,
    // Transformed modules kept on disk between runs: each worker imported the app's TypeScript anew.
    experimental: { fsModuleCache: true },
  },
})
