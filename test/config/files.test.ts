/**
 * Issue 17 items 2 and 5 in the config loader: the workspace defaults to ./workspace and may not
 * be (or lie inside) the data folder or the server's code; any setting may come from a file
 * (`NAME_FILE`, as Docker and Kubernetes mount secrets), validated like the plain variable,
 * never echoed, and the files read are kept from the tools.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config.js'
import { PACKAGE_ROOT } from '../../src/workspace/server-paths.js'

let dir: string
const file = (name: string, content: string) => {
  const p = path.join(dir, name)
  fs.writeFileSync(p, content)
  return p
}
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env)
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError)
    return (e as ConfigError).problems
  }
  throw new Error('loadConfig accepted a bad environment')
}

beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tg-config-files-')))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('NAME_FILE settings', () => {
  it('reads DATABASE_URL, the bootstrap key, the LLM key and the secret key from files, one trailing newline dropped', () => {
    const env = {
      DATABASE_URL_FILE: file('db', 'postgres://toolgate:pa ss@db:5432/toolgate\n'),
      TOOLGATE_BOOTSTRAP_KEY_FILE: file('admin', 'tg_admin_from_a_file_0123\r\n'),
      LLM_API_KEY_FILE: file('llm', 'sk-from-file'),
      TOOLGATE_SECRET_KEY_FILE: file('box', `${'ab'.repeat(32)}\n`),
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
    }
    const c = loadConfig(env)
    expect(c.databaseUrl).toBe('postgres://toolgate:pa ss@db:5432/toolgate')
    expect(c.bootstrapKey).toBe('tg_admin_from_a_file_0123')
    expect(c.llm.apiKey).toBe('sk-from-file')
    expect(c.secretKey).toBe('ab'.repeat(32))
    expect(c.secretFiles.sort()).toEqual([env.DATABASE_URL_FILE, env.TOOLGATE_BOOTSTRAP_KEY_FILE, env.LLM_API_KEY_FILE, env.TOOLGATE_SECRET_KEY_FILE].sort())
    // Any setting, not only secrets; relative paths are read from the current folder.
    const rel = path.relative(process.cwd(), file('port', '4100\n'))
    expect(loadConfig({ PORT_FILE: rel }).port).toBe(4100)
    // Positive control: the plain variables still work, and no file means none read.
    const plain = loadConfig({ TOOLGATE_BOOTSTRAP_KEY: 'tg_admin_plain_0123456' })
    expect(plain).toMatchObject({ bootstrapKey: 'tg_admin_plain_0123456', secretFiles: [] })
  })

  it('validates a value from a file like the variable, and never echoes it', () => {
    const problems = problemsOf({ TOOLGATE_SECRET_KEY_FILE: file('short', 'not-hex-at-all\n'), PORT_FILE: file('p', 'eighty') })
    expect(problems).toContain('TOOLGATE_SECRET_KEY must be 64 hex characters (32 bytes), e.g. from `openssl rand -hex 32`')
    expect(problems).toContain('PORT="eighty" must be an integer from 0 to 65535')
    expect(problems.join('\n')).not.toContain('not-hex-at-all')
  })

  it('refuses both NAME and NAME_FILE, a missing file, a folder and a large file, naming the file only', () => {
    const key = file('key', 'tg_admin_from_a_file_0123')
    const problems = problemsOf({
      TOOLGATE_BOOTSTRAP_KEY: 'tg_admin_plain_0123456',
      TOOLGATE_BOOTSTRAP_KEY_FILE: key,
      LLM_API_KEY_FILE: path.join(dir, 'missing'),
      SEARCH_API_KEY_FILE: dir,
      DATABASE_URL_FILE: file('big', 'x'.repeat(70_000)),
    })
    expect(problems).toEqual(
      expect.arrayContaining([
        'Set TOOLGATE_BOOTSTRAP_KEY or TOOLGATE_BOOTSTRAP_KEY_FILE, not both',
        `LLM_API_KEY_FILE="${path.join(dir, 'missing')}" cannot be read (ENOENT)`,
        `SEARCH_API_KEY_FILE="${dir}" is not a file`,
        expect.stringMatching(/^DATABASE_URL_FILE=".*big" is 70000 bytes; a secret file holds one value/),
      ]),
    )
    expect(problems.join('\n')).not.toContain('tg_admin_from_a_file')
  })
})

describe('the workspace setting', () => {
  it('defaults to ./workspace, not the current folder', () => {
    expect(loadConfig({}).workspace).toBe(path.join(process.cwd(), 'workspace'))
  })

  it('may not be the data folder (however spelt), a secret file, nor lie inside the code', () => {
    const data = path.join(dir, 'data')
    fs.mkdirSync(path.join(data, 'sub'), { recursive: true })
    fs.symlinkSync(data, path.join(dir, 'to-data'))
    for (const workspace of [data, `${data}/`, path.join(data, 'sub', '..'), path.join(dir, 'to-data'), path.join(dir, 'DATA', '..', 'data')]) {
      const problems = problemsOf({ TOOLGATE_WORKSPACE: workspace, TOOLGATE_DATA_DIR: data })
      expect(problems, workspace).toHaveLength(1)
      expect(problems[0]).toMatch(/^TOOLGATE_WORKSPACE \(.*\) is, or lies inside, the data folder \(TOOLGATE_DATA_DIR\)/)
    }
    const secret = file('secret.hex', 'ab'.repeat(32))
    expect(problemsOf({ TOOLGATE_WORKSPACE: secret, TOOLGATE_SECRET_KEY_FILE: secret })[0]).toMatch(/lies inside, a secret file/)
    for (const code of ['src', 'dist', 'node_modules/.bin']) {
      expect(problemsOf({ TOOLGATE_WORKSPACE: path.join(PACKAGE_ROOT, code) })[0]).toMatch(/lies inside, toolgate's own code/)
    }
    // Positive controls: a folder beside the data folder, one holding it, one inside it (the rest
    // of it is then outside the workspace), the checkout, ./workspace in it, and /.
    for (const workspace of [
      path.join(dir, 'ws'),
      dir,
      path.join(data, 'sub'),
      path.join(dir, 'to-data', 'sub'),
      PACKAGE_ROOT,
      '/',
      path.join(PACKAGE_ROOT, 'workspace'),
    ]) {
      expect(loadConfig({ TOOLGATE_WORKSPACE: workspace, TOOLGATE_DATA_DIR: data }).workspace).toBe(path.resolve(workspace))
    }
  })
})
