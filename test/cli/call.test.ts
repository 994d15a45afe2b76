/** `toolgate call`: seed 002 §3/§5/§9 displays, --output json, exit codes 0/1/2/4, no colour off a TTY. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import { cli, hasEscapes, listen } from './run.js'

let t: TestApp
let env: Record<string, string>
beforeAll(async () => {
  t = await buildTestApp()
  env = { TOOLGATE_URL: await listen(t), TOOLGATE_KEY: t.adminKey }
})
afterAll(() => t?.close())

describe('toolgate call', () => {
  it('shows a successful call in the §3 result box, without escape codes off a TTY', async () => {
    const r = await cli(['call', 'hello', '--name', 'World'], { ...env, NO_COLOR: '1' })
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^┌─+┐\n│ Tool: hello +│\n│ Status: ✓ Success +│\n├/)
    expect(r.stdout).toContain('Hello, World!')
    expect(r.stdout).toMatch(/│ Duration: \d+ms +│\n└─+┘\n$/)
    expect(hasEscapes(r.stdout + r.stderr)).toBe(false)
    for (const line of r.stdout.trimEnd().split('\n')) expect([...line].length).toBe(71)
  })

  it('shows a validation error as §5 and exits 1; --output json prints the raw answer', async () => {
    const [box, json] = await Promise.all([
      cli(['call', 'Read', '--json', '{"file_path":"a","offset":"100"}'], env),
      cli(['--output', 'json', 'call', 'Read'], env),
    ])
    expect(box.code).toBe(1)
    expect(box.stdout).toContain('│ Validation Error')
    expect(box.stdout).toContain('Error: Invalid type for offset: expected integer')
    expect(box.stdout).toContain('Received: "100" (string)')
    expect(box.stdout).toContain('Expected: integer')
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'error', error_code: 'VALIDATION_ERROR', details: { parameter: 'file_path' } })
  })

  it('names the closest tools for an unknown one (§9) and refuses bad usage with exit 2', async () => {
    const [unknown, usage] = await Promise.all([cli(['call', 'Raed'], env), cli(['call', 'hello', 'stray'], env)])
    expect(unknown.code).toBe(1)
    expect(unknown.stdout).toContain('Error: Tool Not Found')
    expect(unknown.stdout).toContain('The tool "Raed" is not registered.')
    expect(unknown.stdout).toMatch(/Did you mean one of these\?.*\n│ +• Read/s)
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('give tool arguments as --name value')
  })

  it('exits 4 when unauthorised or when the server cannot be reached', async () => {
    const [bad, down] = await Promise.all([
      cli(['call', 'Read', '--file_path', 'x'], { ...env, TOOLGATE_KEY: 'tg_wrong_key_000000000000000000' }),
      cli(['--url', 'http://127.0.0.1:9', 'tools']),
    ])
    expect(bad.code).toBe(4)
    expect(bad.stderr).toContain('UNAUTHORIZED')
    expect(down.code).toBe(4)
    expect(down.stderr).toContain('cannot reach the toolgate server at http://127.0.0.1:9')
  })
})
