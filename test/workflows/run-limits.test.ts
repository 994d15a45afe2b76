/**
 * What one workflow_run may cost, from an attacker review. A reference repeated in the file wrote
 * the same large output again at each repetition: 400 references to a loop's outputs ran a server
 * out of memory, and again at every start that resumed the run. Rendering now stops at
 * RENDER_BYTES. And a run whose call had timed out (504) went on running its steps after the
 * answer, each one given 1 ms: a step whose call has ended is no longer run.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RENDER_BYTES } from '../../src/workflows/templates.js'
import { buildTestApp, type TestApp } from '../helper.js'

let t: TestApp
let writer: string

/** A loop reading a 90 KB file once per item, and `refs` references to its output in `where`. */
const amplifier = (refs: number, where: 'outputs' | 'with') => {
  const many = '${{ steps.loop.output }}'.repeat(refs)
  return `version: 1
name: amp
params:
  n: { type: list }
steps:
  - id: loop
    for_each: \${{ params.n }}
    steps:
      - id: r
        tool: fs_read
        with: { path: big.txt }
${where === 'with' ? `  - id: save\n    tool: fs_write\n    with: { path: saved.txt, content: "${many}" }\n` : `outputs:\n  o: "${many}"\n`}`
}

const FLOOD = `version: 1
name: flood
params:
  n: { type: list }
steps:
  - id: each
    for_each: \${{ params.n }}
    steps:
      - id: w
        tool: fs_write
        with: { path: "out/\${{ index }}.txt", content: "x" }
`

const REPLAY = `version: 1
name: replay
params:
  n: { type: list }
steps:
  - id: loop
    for_each: \${{ params.n }}
    steps:
      - id: r
        tool: fs_read
        with: { path: "in/\${{ item }}.txt" }
  - id: note
    tool: write_memory_entry
    with: { file: best_practices.md, entry: "after the loop" }
outputs:
  first: \${{ steps.loop.output[0].r.output }}
  last: \${{ steps.loop.output[2].r.output }}
`

const put = (file: string, text: string) => fs.writeFile(path.join(t.workspace, file), text)
const items = (n: number) => JSON.stringify([...Array(n).keys()])
const run = (file: string, n: number, headers?: Record<string, string>) =>
  t.call('workflow_run', { path: file, params: { n: items(n) } }, { key: writer, headers })
const written = async () => (await fs.readdir(path.join(t.workspace, 'out')).catch(() => [])).length

beforeAll(async () => {
  t = await buildTestApp()
  writer = await t.key(['read', 'write'], 'runner')
  await put('big.txt', 'abcdefghi\n'.repeat(9000))
  await put('one.yaml', amplifier(1, 'outputs'))
  await put('outputs.yaml', amplifier(40, 'outputs'))
  await put('args.yaml', amplifier(40, 'with'))
  await put('flood.yaml', FLOOD)
  await put('replay.yaml', REPLAY)
  await fs.mkdir(path.join(t.workspace, 'in'))
  for (const i of [0, 1, 2]) await put(`in/${i}.txt`, `first read of ${i}`)
})
afterAll(() => t.close())

describe('rendering', () => {
  it('positive control: one reference to a loop of ten 90 KB reads renders whole', async () => {
    const res = await run('one.yaml', 10)
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 500)).toBe(200)
    expect(res.body.metadata.status).toBe('succeeded')
    expect(res.body.metadata.outputs.o).toHaveLength(10)
  })

  it(`stops outputs at ${RENDER_BYTES / 2 ** 20} MiB: 40 references to that loop fail the run with LIMIT_EXCEEDED`, async () => {
    const res = await run('outputs.yaml', 10)
    expect(res.body.metadata, JSON.stringify(res.body).slice(0, 500)).toMatchObject({ status: 'failed', error_code: 'LIMIT_EXCEEDED' })
    expect(res.body.error).toBe('LIMIT_EXCEEDED: The outputs would render to more than 10 MiB of JSON, the most a step is given or a run gives')
  })

  it("stops a step's arguments the same way, before its tool runs", async () => {
    const res = await run('args.yaml', 10)
    expect(res.body.metadata, JSON.stringify(res.body).slice(0, 500)).toMatchObject({ status: 'failed', error_code: 'LIMIT_EXCEEDED' })
    expect(res.body.metadata.steps.at(-1)).toMatchObject({ key: 'save', status: 'error', error_code: 'LIMIT_EXCEEDED', execution_id: null })
    expect(res.body.error).toBe('LIMIT_EXCEEDED: Step save: what it is given would render to more than 10 MiB of JSON, the most a step is given or a run gives')
    await expect(fs.stat(path.join(t.workspace, 'saved.txt'))).rejects.toThrow()
  })
})

describe("a loop's output", () => {
  it('is not stored beside its steps (590 reads of 250 KB made one 150 MB record): a run going on after an approval rebuilds it from their records', async () => {
    const approver = await t.key(['approve'], 'reviewer')
    const res = await run('replay.yaml', 3)
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 500)).toBe(202)
    const { run_id: id } = res.body.metadata
    const runOf = async () => (await t.app.inject({ url: `/v1/workflow-runs/${id}`, headers: { authorization: `Bearer ${writer}` } })).json().run
    expect((await runOf()).steps.find((s: { key: string }) => s.key === 'loop')).toMatchObject({ status: 'ok', output: null })
    // Replayed, not read again: the run's outputs are what the loop read before the pause.
    for (const i of [0, 1, 2]) await put(`in/${i}.txt`, 'changed since')
    const decided = await t.app.inject({
      method: 'POST',
      url: `/v1/approvals/${res.body.approval_id}/approve`,
      headers: { authorization: `Bearer ${approver}` },
    })
    expect(decided.statusCode).toBe(200)
    let done = await runOf()
    for (const end = Date.now() + 15_000; ['running', 'paused'].includes(done.status) && Date.now() < end; done = await runOf())
      await new Promise((r) => setTimeout(r, 50))
    expect(done).toMatchObject({ status: 'succeeded', outputs: { first: 'first read of 0', last: 'first read of 2' } })
    expect(done.steps.filter((s: { tool: string }) => s.tool === 'fs_read')).toHaveLength(3)
  })
})

describe('a run whose call timed out', () => {
  it('positive control: with time enough all 200 steps run and the run succeeds', async () => {
    const res = await run('flood.yaml', 200)
    expect(res.statusCode, JSON.stringify(res.body).slice(0, 500)).toBe(200)
    expect(await written()).toBe(200)
    await fs.rm(path.join(t.workspace, 'out'), { recursive: true })
  }, 120_000) // 200 steps one after another: 30 s ran out on a slow, loaded VM, and the run wrote on into the next test

  it('runs no step once its time is up, and ends failed with TIMEOUT rather than succeeded', async () => {
    const res = await run('flood.yaml', 200, { 'x-timeout-ms': '200' })
    // The run answers within the timeout's grace, saying where it stopped; a slower machine gives the 504.
    if (res.statusCode === 200) expect(res.body.error).toMatch(/^TIMEOUT: Step w \(fs_write\) failed: The call this fs_write call was made for has ended/)
    else expect(res.statusCode).toBe(504)
    const atAnswer = await written()
    expect(atAnswer).toBeLessThan(200)
    await new Promise((r) => setTimeout(r, 1_500))
    expect(await written()).toBe(atAnswer)
    const [latest] = (await t.app.inject({ url: '/v1/workflow-runs', headers: { authorization: `Bearer ${writer}` } })).json().runs
    expect(latest).toMatchObject({ status: 'failed', error_code: 'TIMEOUT' })
  })
})
