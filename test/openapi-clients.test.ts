/**
 * Clients generated from openapi/openapi.json by openapi-typescript (+ openapi-fetch; the CLI's
 * src/cli/api.ts), @hey-api/openapi-ts and orval compile under `tsc --strict`, and type the answers that matter
 * (a tool's output, a created key, the approval queue, the error envelope) as what they are, not
 * `any`, `unknown` or `never`. One temporary folder inside node_modules/.cache, so that the
 * generated code resolves its runtime packages; one tsc run for all three.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_TYPES_FILE } from '../scripts/openapi-client.js'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
const root = path.resolve(import.meta.dirname, '..')
const DOCUMENT = path.join(root, 'openapi/openapi.json')
let dir: string

// Compiles only if each answer has exactly the type named: `any`, `unknown` or `never` fail it.
const USAGE = `
import createClient from 'openapi-fetch'
import type { components, paths } from './openapi-typescript/schema'
import * as hey from './hey-api'
import * as orval from './orval/client'

type Is<T, U> = (<G>() => G extends T ? 1 : 2) extends <G>() => G extends U ? 1 : 2 ? true : false
const exactly = <T, U>(_value: U, ok: Is<T, U>) => ok

export async function viaOpenapiFetch() {
  const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3000' })
  const hi = await client.POST('/v1/tools/hello', { body: { name: 'Learner' } })
  if (hi.data) exactly<string, typeof hi.data.message>(hi.data.message, true)
  if (hi.error) exactly<string, typeof hi.error.error_code>(hi.error.error_code, true)
  const key = await client.POST('/v1/keys', { body: { name: 'agent', scopes: ['read', 'write'] } })
  if (key.data) exactly<string, typeof key.data.key>(key.data.key, true)
  const queue = await client.GET('/v1/approvals', { params: { query: { status: 'pending', limit: 10 } } })
  if (queue.data) exactly<components['schemas']['Approval'][], typeof queue.data.approvals>(queue.data.approvals, true)
  const read = await client.POST('/v1/tools/Read', { body: { file_path: 'README.md' }, params: { header: { 'x-dry-run': 'false' } } })
  if (read.data) exactly<boolean, typeof read.data.success>(read.data.success, true)
}

export async function viaHeyApi() {
  // A body that requires nothing may be left out.
  await hey.hello()
  const hi = await hey.hello({ body: { name: 'Learner' } })
  if (hi.data) exactly<string, typeof hi.data.message>(hi.data.message, true)
  const key = await hey.createKey({ body: { name: 'agent', scopes: ['read'] } })
  if (key.data) exactly<string, typeof key.data.key>(key.data.key, true)
  const queue = await hey.listApprovals({ query: { status: 'pending' } })
  if (queue.data) exactly<hey.Approval[], typeof queue.data.approvals>(queue.data.approvals, true)
}

export async function viaOrval() {
  const hi = await orval.hello({ name: 'Learner' })
  if (hi.status === 200) exactly<string, typeof hi.data.message>(hi.data.message, true)
  const key = await orval.createKey({ name: 'agent', scopes: ['read'] })
  if (key.status === 201) exactly<string, typeof key.data.key>(key.data.key, true)
  const queue = await orval.listApprovals({ status: 'pending' })
  if (queue.status === 200) exactly<orval.Approval[], typeof queue.data.approvals>(queue.data.approvals, true)
}
`

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    // Only the generated code is under test: the packages' own declarations are theirs.
    skipLibCheck: true,
    types: [],
  },
  include: ['**/*.ts'],
}

beforeAll(async () => {
  await fs.mkdir(path.join(root, 'node_modules/.cache'), { recursive: true })
  dir = await fs.mkdtemp(path.join(root, 'node_modules/.cache/toolgate-clients-'))
}, 60_000)
afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true })
})

describe('clients generated from openapi/openapi.json', () => {
  it("are produced by openapi-typescript (the CLI's), @hey-api/openapi-ts and orval", async () => {
    // openapi-typescript's client is the CLI's own: test/cli/api-types.test.ts holds src/cli/api.ts to what it makes of the document.
    await fs.mkdir(path.join(dir, 'openapi-typescript'))
    await fs.copyFile(CLIENT_TYPES_FILE, path.join(dir, 'openapi-typescript/schema.ts'))

    const { createClient } = await import('@hey-api/openapi-ts')
    const plugins = ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk']
    await createClient({ input: DOCUMENT, output: path.join(dir, 'hey-api'), logs: { level: 'silent' }, plugins })

    const { generate } = await import('orval')
    await generate({ input: { target: DOCUMENT }, output: { target: path.join(dir, 'orval/client.ts'), client: 'fetch', mode: 'single' } })

    for (const file of ['openapi-typescript/schema.ts', 'hey-api/sdk.gen.ts', 'hey-api/types.gen.ts', 'orval/client.ts']) {
      expect((await fs.stat(path.join(dir, file))).size, file).toBeGreaterThan(1000)
    }
  }, 120_000)

  it('compile under tsc --strict, with answers typed as what they are', async () => {
    await fs.writeFile(path.join(dir, 'usage.ts'), USAGE)
    await fs.writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG))
    const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin/tsc')
    const result = await run(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')], { maxBuffer: 16 * 1024 * 1024 }).then(
      () => '',
      (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}${err.stderr ?? ''}`,
    )
    expect(result.split('\n').filter(Boolean).slice(0, 40)).toEqual([])
  }, 120_000)
})
