/** The exec tools' definitions as providers see them: Bash exactly as seed 002 §1, plus `description`. */
import { describe, expect, it } from 'vitest'
import { toOpenAI } from '../../../src/exports/openai.js'
import { execTools } from '../../../src/tools/exec/index.js'

const byName = Object.fromEntries(execTools.map((t) => [t.name, t]))

describe('exec tool schemas', () => {
  it('Bash is seed 002 §1 with the optional description', () => {
    expect(toOpenAI(byName.Bash)).toEqual({
      type: 'function',
      function: {
        name: 'Bash',
        description: 'Execute a bash command',
        parameters: {
          type: 'object',
          properties: {
            command: { type: 'string', description: 'The command to execute' },
            timeout: { type: 'integer', description: 'Timeout in milliseconds', default: 120000, minimum: 1000, maximum: 600000 },
            run_in_background: { type: 'boolean', description: 'Run command in background', default: false },
            description: { type: 'string', description: 'Clear, concise description of what this command does in 5-10 words' },
          },
          required: ['command'],
        },
      },
    })
  })

  it('shell takes command, cwd and timeout in seconds', () => {
    const params = toOpenAI(byName.shell).function.parameters as any
    expect(Object.keys(params.properties)).toEqual(['command', 'cwd', 'timeout'])
    expect(params.required).toEqual(['command'])
    expect(params.properties.timeout).toMatchObject({ type: 'integer', minimum: 1, maximum: 600 })
    expect(params.properties.timeout.description).toContain('seconds')
  })

  it('BashOutput and KillShell take bash_id / filter and shell_id', () => {
    expect(toOpenAI(byName.BashOutput).function.parameters).toMatchObject({ properties: { bash_id: { type: 'string' }, filter: { type: 'string' } }, required: ['bash_id'] })
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
