/**
 * loadConfig on the env schema: defaults, case-insensitive choices and booleans, empty as unset,
 * and every bad value reported at once with its variable and what it accepts (secrets never echoed).
 */
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config.js'
import { ConfigSchema, variables } from '../../src/config-schema.js'
import { defaultPolicy } from '../../src/workspace/blocked.js'

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env)
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError)
    return (e as ConfigError).problems
  }
  throw new Error('loadConfig accepted a bad environment')
}

describe('loadConfig', () => {
  it('fills every default from the schema', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      logLevel: 'info',
      logFormat: 'json',
      gitCommits: false,
      netAllow: [],
      rateLimits: {},
      approvalTtlMs: 86_400_000,
      approvalSelf: 'deny',
      memoryDir: 'memory',
      rg: 'rg',
      sandbox: 'auto',
      sandboxMemoryMb: 4096,
      llm: { timeoutMs: 60_000, maxRetries: 2 },
      search: { timeoutMs: 10_000, retryBaseMs: 500 },
    })
    expect(c.workspace).toBe(path.join(process.cwd(), 'workspace'))
    expect(c.blockPolicy.read).toEqual([...defaultPolicy.read])
    expect(c.databaseUrl).toBeUndefined()
  })

  it('reads choices and booleans without regard to case, and empty values as unset', () => {
    const c = loadConfig({
      TOOLGATE_SANDBOX: 'BWRAP',
      TOOLGATE_GIT_COMMITS: 'TRUE',
      TOOLGATE_HOLD_RISKY: '1',
      TOOLGATE_METRICS_PUBLIC: '0',
      LOG_LEVEL: '',
      PORT: '',
    })
    expect(c).toMatchObject({ sandbox: 'bwrap', gitCommits: true, holdRisky: true, metricsPublic: false, logLevel: 'info', port: 3000 })
  })

  it('turns lists, seconds and paths into their AppConfig form', () => {
    const c = loadConfig({
      TOOLGATE_NET_ALLOW: ' 10.0.0.0/8 ,, api.internal ',
      TOOLGATE_APPROVAL_REQUIRED: 'Bash,@git',
      TOOLGATE_APPROVAL_TTL: '60',
      TOOLGATE_READ_BLOCKED: 'none',
      TOOLGATE_DATA_DIR: 'd',
    })
    expect(c.netAllow).toEqual(['10.0.0.0/8', 'api.internal'])
    expect(c.approvalTools).toEqual(['Bash', '@git'])
    expect(c.approvalTtlMs).toBe(60_000)
    expect(c.blockPolicy.read).toEqual([])
    expect(c.dataDir).toBe(`${process.cwd()}/d`)
  })

  it('reports every bad value at once, each with its name and what it accepts', () => {
    const problems = problemsOf({
      PORT: '70000',
      LOG_FORMAT: 'XML',
      TOOLGATE_GIT_COMMITS: 'yes',
      TOOLGATE_MAX_SHELLS: '1.5',
      DATABASE_URL: 'mysql://u:pw@h/db',
      LLM_BASE_URL: 'not a url',
      TOOLGATE_RATE_LIMITS: 'x',
      TOOLGATE_MEMORY_DIR: '../out',
      SEARCH_BACKEND: 'searxng',
    })
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT="70000" must be an integer from 0 to 65535',
        'LOG_FORMAT="XML" must be json or pretty',
        'TOOLGATE_GIT_COMMITS="yes" must be true or false (1 or 0)',
        'TOOLGATE_MAX_SHELLS="1.5" must be an integer from 1 to 1000',
        'DATABASE_URL must use postgres: or postgresql:, got mysql:',
        'LLM_BASE_URL is not a valid URL',
        'TOOLGATE_RATE_LIMITS: "x" is not tool=N/second|minute|hour|day',
        'TOOLGATE_MEMORY_DIR="../out" must be a relative folder inside the workspace',
        'SEARCH_BACKEND=searxng needs SEARCH_URL (the SearXNG base URL)',
      ]),
    )
    expect(problems).toHaveLength(9)
  })

  it('never echoes a secret or a URL that may carry a password', () => {
    const secrets = { TOOLGATE_SECRET_KEY: 'hunter2-not-hex', TOOLGATE_BOOTSTRAP_KEY: 'short-secret', DATABASE_URL: 'mysql://u:pw-in-url@h/db' }
    const message = problemsOf(secrets).join('\n')
    expect(message).toContain('TOOLGATE_SECRET_KEY must be 64 hex characters')
    expect(message).toContain('TOOLGATE_BOOTSTRAP_KEY must be at least 16 characters')
    for (const value of ['hunter2', 'short-secret', 'pw-in-url']) expect(message).not.toContain(value)
  })

  it('ignores variables it does not know', () => {
    expect(loadConfig({ TOOLGATE_NO_SUCH_THING: 'x', PATH: '/bin' }).port).toBe(3000)
  })
})

describe('the env schema', () => {
  it('declares every variable with a description, and a default or none on purpose', () => {
    for (const [name, schema] of variables()) {
      expect(schema.description, name).toMatch(/\S{3}/)
      const optional = !ConfigSchema.required?.includes(name)
      expect(optional || schema.default !== undefined, `${name} is required but has no default`).toBe(true)
    }
  })

  it("documents TOOLGATE_READ_BLOCKED's default as the policy's", () => {
    expect(ConfigSchema.properties.TOOLGATE_READ_BLOCKED['x-default']).toBe(defaultPolicy.read.join(','))
  })
})
