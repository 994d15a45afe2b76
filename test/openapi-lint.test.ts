/**
 * openapi/openapi.json lints clean with Redocly and Spectral: no error, no warning, no hint. The
 * rules turned off are listed, each with its reason, in redocly.yaml and .spectral.yaml.
 */
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
const root = path.resolve(import.meta.dirname, '..')
const bin = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file)
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }

/** Runs a linter CLI with node; its JSON report, whatever its exit code. */
async function lint(cli: string, args: string[]): Promise<string> {
  try {
    return (await run(process.execPath, [cli, ...args], { cwd: root, env, maxBuffer: 64 * 1024 * 1024 })).stdout
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string }
    if (!stdout) throw new Error(`${path.basename(cli)} failed: ${stderr}`)
    return stdout
  }
}

describe('openapi/openapi.json', () => {
  it('passes Redocly lint (recommended rules) with no error or warning', async () => {
    const out = await lint(bin('@redocly/cli', 'bin/cli.js'), ['lint', 'openapi/openapi.json', '--format=json'])
    const report = JSON.parse(out.slice(out.indexOf('{')))
    const problems = report.problems.map((p: any) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`)
    expect(problems).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
  })

  it('passes Spectral lint (spectral:oas) with no finding of any severity', async () => {
    const out = await lint(bin('@stoplight/spectral-cli', 'dist/index.js'), [
      'lint',
      'openapi/openapi.json',
      '--format=json',
      '--fail-severity=hint',
      '--quiet',
    ])
    const start = out.indexOf('[')
    const findings = JSON.parse(start < 0 ? '[]' : out.slice(start)).map((f: any) => `${f.code}: ${f.message} at ${f.path?.join('.')}`)
    expect(findings).toEqual([])
  })
})
