/**
 * Issue 17 item 5: the Dockerfile and docker-compose.yml read against the app (images cannot be
 * pulled here; `docker-compose config` checks the compose syntax). The image is Node's current LTS
 * with the programs the tools run; the environment compose and the image give is one the config
 * loader accepts; the databases publish no port and have no default password.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import YAML from 'yaml'
import { loadConfig } from '../../src/config.js'
import { nodeArgs } from '../support/compiled-src.js'
import { copyPgliteTemplate } from '../support/database-template.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const read = (p: string) => fs.readFileSync(path.join(ROOT, p), 'utf8')
const dockerfile = read('Dockerfile')
const compose = YAML.parse(read('docker-compose.yml')) as { services: Record<string, { environment?: Record<string, string>; ports?: string[] }> }

/** The runtime stage's `ENV` values. */
function imageEnv(): Record<string, string> {
  const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'))
  const env: Record<string, string> = {}
  for (const m of runtime.matchAll(/^ENV ((?:.*\\\n)*.*)$/gm)) {
    for (const pair of m[1].replace(/\\\n/g, ' ').trim().split(/\s+/)) {
      const [k, v] = pair.split('=')
      env[k] = v
    }
  }
  return env
}

/** Compose's `${VAR:?msg}` and `${VAR:-default}` filled in as compose would, from `vars`. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_m, name: string, op?: string, rest?: string) => {
    if (vars[name] !== undefined) return vars[name]
    if (op === '?') throw new Error(`${name} is required: ${rest}`)
    return op === '-' ? (rest ?? '') : ''
  })
}

const SECRETS = {
  POSTGRES_PASSWORD: 'a1'.repeat(12),
  REDIS_PASSWORD: 'b2'.repeat(12),
  TOOLGATE_BOOTSTRAP_KEY: 'c3'.repeat(12),
  TOOLGATE_SECRET_KEY: 'd4'.repeat(32),
}

describe('Dockerfile', () => {
  it("builds on Node's current LTS, while package.json still accepts Node 20", () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m)
    expect(dockerfile.match(/^FROM \$\{NODE_IMAGE\} AS (build|runtime)$/gm)).toHaveLength(2)
    expect(JSON.parse(read('package.json')).engines.node).toBe('>=20.19.0') // parse5's entities needs 20.19
  })

  it('installs what the tools run: bubblewrap, ripgrep, git, python3 (and tini)', () => {
    const install = /apt-get install -y --no-install-recommends ([^\n&]+)/.exec(dockerfile)![1].split(/\s+/)
    expect(install).toEqual(expect.arrayContaining(['bubblewrap', 'ripgrep', 'git', 'python3', 'tini']))
  })

  it('copies what the runtime reads, and runs what the build made', () => {
    expect(dockerfile).toContain('COPY --from=build /app/dist ./dist')
    // dist/db/client.js reads ../../migrations, i.e. /app/migrations.
    expect(read('src/db/client.ts')).toContain("new URL('../../migrations', import.meta.url)")
    expect(dockerfile).toContain('COPY migrations ./migrations')
    expect(dockerfile).toContain('CMD ["node", "dist/server.js"]')
    expect(fs.existsSync(path.join(ROOT, 'src/server.ts'))).toBe(true)
    // `npm ci` without the sources would run `prepare` (a build) too early, and without TypeScript in the runtime.
    expect(dockerfile.match(/npm ci [^\n]*--ignore-scripts/g)).toHaveLength(2)
    expect(dockerfile).toMatch(/^USER node$/m)
  })

  it('sets an environment the config loader accepts, with the tools confined to /workspace', () => {
    const env = imageEnv()
    expect(env).toMatchObject({ HOST: '0.0.0.0', TOOLGATE_DATA_DIR: '/data', TOOLGATE_WORKSPACE: '/workspace', TOOLGATE_SANDBOX: 'bwrap' })
    expect(loadConfig(env)).toMatchObject({ host: '0.0.0.0', dataDir: '/data', workspace: '/workspace', sandbox: 'bwrap' })
  })
})

describe('docker-compose.yml', () => {
  it('publishes no database port, and only toolgate on the loopback interface', () => {
    expect(compose.services.postgres.ports).toBeUndefined()
    expect(compose.services.redis.ports).toBeUndefined()
    expect(compose.services.toolgate.ports).toEqual([`127.0.0.1:\${TOOLGATE_PORT:-3000}:3000`])
  })

  it('has no default password: every secret is a required variable', () => {
    const text = read('docker-compose.yml')
    for (const name of Object.keys(SECRETS)) {
      expect(text).toMatch(new RegExp(`\\$\\{${name}:\\?`))
      expect(text).not.toMatch(new RegExp(`\\$\\{${name}:-`))
    }
    const missing = { ...SECRETS, POSTGRES_PASSWORD: undefined } as unknown as Record<string, string>
    expect(() => interpolate(compose.services.toolgate.environment!.DATABASE_URL, missing)).toThrow(/POSTGRES_PASSWORD is required: set POSTGRES_PASSWORD/)
  })

  it("gives toolgate an environment its config loader accepts, on top of the image's", () => {
    const env = Object.fromEntries(Object.entries(compose.services.toolgate.environment!).map(([k, v]) => [k, interpolate(String(v), SECRETS)]))
    const config = loadConfig({ ...imageEnv(), ...env })
    expect(config).toMatchObject({
      databaseUrl: `postgres://toolgate:${SECRETS.POSTGRES_PASSWORD}@postgres:5432/toolgate`,
      redisUrl: `redis://:${SECRETS.REDIS_PASSWORD}@redis:6379`,
      bootstrapKey: SECRETS.TOOLGATE_BOOTSTRAP_KEY,
      secretKey: SECRETS.TOOLGATE_SECRET_KEY,
      workspace: '/workspace',
    })
    // The database and Redis get the same passwords toolgate uses.
    expect(interpolate(compose.services.postgres.environment!.POSTGRES_PASSWORD, SECRETS)).toBe(SECRETS.POSTGRES_PASSWORD)
    expect(interpolate(compose.services.redis.environment!.REDIS_PASSWORD, SECRETS)).toBe(SECRETS.REDIS_PASSWORD)
  })
})

describe('npm scripts for operators', () => {
  it('npm run migrate applies the migrations (src/migrate.ts, built first)', () => {
    const { scripts } = JSON.parse(read('package.json'))
    expect(scripts.migrate).toBe('node dist/migrate.js')
    expect(scripts.premigrate).toBe('node scripts/build.mjs')
    expect(scripts).toMatchObject({ seed: 'node dist/seed.js', preseed: 'node scripts/build.mjs' })
  })

  // On a migrated copy of the suite's template (PGlite's initdb alone cost ~7 s of CPU here). An
  // empty data folder is CI's smoke step: the built server creates its database there, then
  // `npm run migrate` runs on it twice (.ci/run).
  it('migrates the embedded database; a database it cannot reach fails without showing the URL', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tg-migrate-'))
    const migrate = (env: Record<string, string>) =>
      spawnSync(process.execPath, nodeArgs('src/migrate.ts'), {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', TOOLGATE_DATA_DIR: path.join(dir, 'data'), TOOLGATE_WORKSPACE: path.join(dir, 'ws'), ...env },
      })
    try {
      await copyPgliteTemplate(path.join(dir, 'data', 'pglite'))
      const r = migrate({})
      expect(r.stdout + r.stderr).toBe(`Migrations applied: PGlite (${path.join(dir, 'data', 'pglite')}) is up to date\n`)
      expect(r.status).toBe(0)
      const down = migrate({ DATABASE_URL: 'postgres://toolgate:hunter2-secret@127.0.0.1:1/toolgate' })
      expect(down.status).toBe(1)
      expect(down.stderr).toMatch(/^Migration failed: /)
      expect(down.stderr).not.toContain('hunter2-secret')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
