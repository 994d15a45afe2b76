/**
 * workflow_validate on the real app: a clean file, a file with many problems reported at once
 * (each at its line:column, in seed 002 §5's words), broken YAML, and the published schema v1.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'
import { LIMITS } from '../../src/workflows/schema.js'

export const CLEAN = `version: 1
name: word_report
description: Count the words of a few files and keep a report
params:
  files:
    type: list
    description: Files to analyze
  report:
    type: string
    default: report.md
steps:
  - id: each_file
    for_each: \${{ params.files }}
    steps:
      - id: read
        tool: fs_read
        with:
          path: \${{ item }}
      - id: stats
        tool: analyze
        with:
          text: \${{ steps.read.output.output }}
  - id: write_report
    if: \${{ params.report != '' }}
    tool: fs_write
    with:
      path: \${{ params.report }}
      content: "Words: \${{ steps.each_file.output }}"
outputs:
  report: \${{ params.report }}
  first_words: \${{ steps.each_file.output[0].stats.metadata.words }}
`

const BROKEN = `version: 1
name: broken
params:
  name:
    type: string
steps:
  - id: read
    tool: Raed
    with:
      file_path: notes.txt
  - id: write
    tool: Write
    with:
      file_path: out.txt
  - id: early
    tool: hello
    with:
      name: \${{ steps.later.output.message }}
  - id: later
    tool: hello
    with:
      name: "Hi \${{ steps.nope.output }}"
  - id: later
    tool: hello
    with:
      name: \${{ params.nmae }}
  - id: bad_expr
    tool: hello
    if: \${{ params.name == }}
  - id: self
    tool: hello
    with:
      name: \${{ steps.self.output.message }}
  - id: typo
    tool: hello
    wiht: {}
  - id: wrong_arg
    tool: fs_read
    with:
      path: a.txt
      tail: many
      colour: red
  - id: outside
    tool: hello
    with:
      name: \${{ item }}
`

let t: TestApp
let reader: string
beforeAll(async () => {
  t = await buildTestApp()
  reader = await t.key(['read'], 'reader')
  await fs.mkdir(path.join(t.workspace, 'flows'))
  await fs.writeFile(path.join(t.workspace, 'flows/clean.yaml'), CLEAN)
  await fs.writeFile(path.join(t.workspace, 'flows/broken.yaml'), BROKEN)
  await fs.writeFile(path.join(t.workspace, 'flows/bad.yaml'), 'version: 1\nname: x\nsteps:\n  - id: a\n    tool: hello\n   with: {}\n')
  await fs.writeFile(path.join(t.workspace, 'flows/dup.yaml'), 'version: 1\nname: x\nname: y\nsteps: [{ id: a, tool: hello ]\n')
  await fs.writeFile(
    path.join(t.workspace, 'flows/flow.json'),
    JSON.stringify(
      {
        version: 1,
        name: 'j',
        steps: [
          { id: 'a', tool: 'hello' },
          { id: 'b', agnt: 'x' },
        ],
      },
      null,
      2,
    ),
  )
})
afterAll(() => t.close())

const validate = (file: string) => t.call('workflow_validate', { path: file }, { key: reader })

describe('workflow_validate', () => {
  it('accepts a clean workflow and counts its steps, nested ones included', async () => {
    const res = await validate('flows/clean.yaml')
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ success: true, error: null, metadata: { valid: true, steps: 4, name: 'word_report', problems: [] } })
    expect(res.body.output).toBe('flows/clean.yaml: workflow word_report is valid (4 steps)')
  })

  it('reports every problem of a file at once, each at its line:column', async () => {
    const res = await validate('flows/broken.yaml')
    expect(res.statusCode).toBe(200)
    expect(res.body.success).toBe(false)
    const problems: { line: number; column: number; message: string }[] = res.body.metadata.problems
    const at = (line: number, column: number, message: string | RegExp) =>
      expect(problems, JSON.stringify(problems, null, 1)).toContainEqual({ line, column, message: expect.stringMatching(message) })
    at(8, 11, /^Unknown tool: Raed \(did you mean Read/)
    at(13, 5, /^Missing required parameter: content \(step write, tool Write\)$/)
    at(18, 17, /^Forward reference: step early uses steps\.later\.output\.message, but step later runs after it \(line 19\)/)
    at(22, 21, /^Unknown step reference: steps\.nope\.output \(no step has the id "nope"\)/)
    at(23, 9, /^Duplicate step id: later \(first used at line 19\)/)
    at(26, 17, /^Unknown parameter reference: params\.nmae \(did you mean params\.name\?\)$/)
    at(29, 28, /^Bad expression in steps\[5\]\.if: Expected a value, a reference or "\(" but found the end of the expression/)
    at(33, 17, /^Cycle: step self refers to its own result \(steps\.self\.output\.message\)$/)
    at(36, 5, /^Unknown field: steps\[7\]\.wiht \(did you mean with\?\)$/)
    at(41, 13, /^Invalid type for tail: expected integer \(step wrong_arg, tool fs_read\)$/)
    at(42, 7, /^Unknown parameter: colour for tool fs_read$/)
    at(46, 17, /^item is defined only inside a for_each's steps/)
    expect(problems).toHaveLength(12)
    // The text lists them in file order, each as file:line:column: message.
    expect(res.body.output.split('\n')[0]).toMatch(/^flows\/broken\.yaml:8:11: Unknown tool: Raed/)
    expect(res.body.error).toBe('12 problems in flows/broken.yaml')
  })

  it('reports broken YAML with its position, and JSON files by the same rules', async () => {
    const bad = await validate('flows/bad.yaml')
    expect(bad.body.success).toBe(false)
    expect(bad.body.metadata.problems[0]).toMatchObject({ line: 6, message: expect.stringMatching(/^Invalid YAML: /) })
    const dup = await validate('flows/dup.yaml')
    const messages = dup.body.metadata.problems.map((p: { line: number; message: string }) => `${p.line}: ${p.message}`)
    expect(messages.join('\n')).toMatch(/3: Invalid YAML: duplicate key "name": map keys must be unique/)
    // An unquoted expression inside { } is YAML flow syntax: the message says to quote it, once per line.
    await fs.writeFile(path.join(t.workspace, 'flows/flow.yaml'), 'version: 1\nname: f\nsteps:\n  - id: a\n    tool: hello\n    with: { name: ${{ item }} }\n')
    const flow = await validate('flows/flow.yaml')
    expect(flow.body.metadata.problems).toEqual([{ line: 6, column: 20, message: expect.stringMatching(/must be quoted: "\$\{\{ … \}\}"\)$/) }])
    const json = await validate('flows/flow.json')
    expect(json.body.metadata.problems).toEqual([
      { line: 9, column: 5, message: expect.stringMatching(/^Step b does nothing: give it one of tool, agent or for_each/) },
      { line: 11, column: 7, message: 'Unknown field: steps[1].agnt (did you mean agent?)' },
    ])
  })

  it('answers a missing file, a path outside the workspace and a huge file with clear 4xx', async () => {
    expect((await validate('flows/none.yaml')).statusCode).toBe(404)
    expect((await validate('../outside.yaml')).statusCode).toBe(403)
    await fs.writeFile(path.join(t.workspace, 'flows/huge.yaml'), `# ${'x'.repeat(300 * 1024)}\n`)
    const huge = await validate('flows/huge.yaml')
    expect(huge.statusCode).toBe(413)
    expect(huge.body.error_code).toBe('FILE_TOO_LARGE')
  })

  it('takes a file of exactly LIMITS.fileBytes and refuses one byte more', async () => {
    const head = 'version: 1\nname: edge\nsteps:\n  - id: a\n    tool: hello\n'
    const at = `${head}# ${'x'.repeat(LIMITS.fileBytes - head.length - 3)}\n`
    expect(Buffer.byteLength(at)).toBe(LIMITS.fileBytes)
    await fs.writeFile(path.join(t.workspace, 'flows/edge.yaml'), at)
    const fits = await validate('flows/edge.yaml')
    expect(fits.statusCode).toBe(200)
    expect(fits.body.metadata.valid).toBe(true)
    await fs.writeFile(path.join(t.workspace, 'flows/over.yaml'), `${at}#`)
    const over = await validate('flows/over.yaml')
    expect(over.statusCode).toBe(413)
    expect(over.body.error_code).toBe('FILE_TOO_LARGE')
  })
})

describe('GET /v1/schemas/workflow', () => {
  it('publishes schema v1 as JSON Schema', async () => {
    const res = await t.app.inject({ url: '/v1/schemas/workflow' })
    expect(res.statusCode).toBe(200)
    const schema = res.json()
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(schema.$ref).toBe('Workflow')
    expect(Object.keys(schema.$defs).sort()).toEqual(['Param', 'Step', 'Workflow'])
    expect(schema.$defs.Workflow.required).toEqual(['version', 'name', 'steps'])
    expect(Object.keys(schema.$defs.Step.properties)).toEqual(['id', 'description', 'if', 'tool', 'with', 'agent', 'prompt', 'for_each', 'steps'])
    // The other formats still answer as before.
    expect((await t.app.inject({ url: '/v1/schemas/openai' })).statusCode).toBe(200)
  })
})
