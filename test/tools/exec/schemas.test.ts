/** The exec tools' definitions as providers see them: Bash exactly as seed 002 §1, plus `description`. */
import { describe, expect, it } from 'vitest'
import { toOpenAI } from '../../../src/exports/openai.js'
import { execTools } from '../../../src/tools/exec/index.js'
import { BASH_LIMITS, plusLimits, seedOpenAIBash, served } from '../../exports/fixtures.js'

const byName = Object.fromEntries(execTools.map((t) => [t.name, t]))

describe('exec tool schemas', () => {
  it('Bash is seed 002 §1 with the optional description', () => {
    // The seed's own Bash schema (shared fixture), with Claude Code's optional `description` added.
    const expected = structuredClone(seedOpenAIBash)
    expected.function.parameters.properties = {
      ...expected.function.parameters.properties,
      description: { type: 'string', description: 'Clear, concise description of what this command does in 5-10 words' },
    } as typeof expected.function.parameters.properties
    expect(toOpenAI(byName.Bash)).toEqual(expected)
    // as served: the same plus the limits the validator enforces, and nothing else
    const limited = plusLimits(expected.function.parameters, { ...BASH_LIMITS, description: { maxLength: 100_000 } })
    expect(toOpenAI(served(byName.Bash))).toStrictEqual({ ...expected, function: { ...expected.function, parameters: limited } })
  })

  it('shell takes command, cwd and timeout in seconds', () => {
    const params = toOpenAI(byName.shell).function.parameters as any
    expect(Object.keys(params.properties)).toEqual(['command', 'cwd', 'timeout'])
    expect(params.required).toEqual(['command'])
    expect(params.properties.timeout).toMatchObject({ type: 'integer', minimum: 1, maximum: 600 })
    expect(params.properties.timeout.description).toContain('seconds')
    const limited = toOpenAI(served(byName.shell)).function.parameters as any
    expect(limited.properties.command.maxLength).toBe(100_000)
    expect(limited.properties.cwd.maxLength).toBe(4096)
  })

  it('BashOutput and KillShell take bash_id / filter and shell_id', () => {
    expect(toOpenAI(byName.BashOutput).function.parameters).toMatchObject({
      properties: { bash_id: { type: 'string' }, filter: { type: 'string' } },
      required: ['bash_id'],
    })
    expect(toOpenAI(byName.KillShell).function.parameters).toMatchObject({ properties: { shell_id: { type: 'string' } }, required: ['shell_id'] })
  })

  it('all four need exec and sit under EXECUTION', () => {
    expect(execTools.map((t) => [t.name, t.toolset, t.category, t.scope])).toEqual([
      ['Bash', 'claude', 'EXECUTION', 'exec'],
      ['BashOutput', 'claude', 'EXECUTION', 'exec'],
      ['KillShell', 'claude', 'EXECUTION', 'exec'],
      ['shell', 'codex', 'EXECUTION', 'exec'],
    ])
  })
})
