/**
 * Runs: once-per-run finalize (409 NOTEBOOK_FINALIZED naming the path, NO_ACTIVE_NOTEBOOK without
 * cells), a new run after finalize, state surviving an app restart on the same database, sessions
 * and keys kept apart, racing first calls making one run, dry runs changing nothing, and seed 000
 * §3's escalation rule.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { markdownStep, newSession, session } from './helpers.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const readNb = async (file: string) => JSON.parse(await fs.readFile(file, 'utf8'))

describe('finalize', () => {
  it('runs once per run: a second call names the notebook already written', async () => {
    const s = session(t)
    await s.md(1)
    await s.code(1)
    const first = await s.finalize()
    expect(first.statusCode).toBe(200)
    const again = await s.finalize()
    expect(again.statusCode).toBe(409)
    expect(again.body).toMatchObject({ status: 'error', error_code: 'NOTEBOOK_FINALIZED', details: { notebook_path: first.body.notebook_path } })
    expect(again.body.error_message).toContain(`already finalized at ${first.body.notebook_path}`)
  })

  it('refuses a session without a run, or whose run has no cells, with NO_ACTIVE_NOTEBOOK', async () => {
    const none = await session(t).finalize()
    expect(none.statusCode).toBe(409)
    expect(none.body.error_code).toBe('NO_ACTIVE_NOTEBOOK')
    const s = session(t)
    await s.dep({ package: 'torch', version: '2.4.0', manager: 'pip' })
    const empty = await s.finalize()
    expect(empty.statusCode).toBe(409)
    expect(empty.body).toMatchObject({ error_code: 'NO_ACTIVE_NOTEBOOK', error_message: expect.stringMatching(/has no cells yet/) })
  })

  it('starts a new run on the next add/emit after finalize, with its own manifest and file', async () => {
    const s = session(t)
    await s.dep({ package: 'torch', version: '2.4.0', manager: 'pip' })
    await s.md(1)
    await s.code(1)
    const first = await s.finalize()
    const dep = await s.dep({ package: 'pandas', version: '2.2.2', manager: 'pip' })
    expect(dep.body.manifest_position).toBe(1)
    expect((await s.md(1)).body.cell_index).toBe(3)
    const second = await s.finalize()
    expect(second.statusCode).toBe(200)
    expect(second.body.notebook_path).not.toBe(first.body.notebook_path)
    const nb = await readNb(second.body.notebook_path)
    expect(nb.metadata.alain.dependencies).toEqual(['pip::pandas@2.2.2'])
    expect(nb.cells).toHaveLength(5)
    // the first notebook is untouched
    expect((await readNb(first.body.notebook_path)).metadata.alain.dependencies).toEqual(['pip::torch@2.4.0'])
  })

  it('on a dry run reports what it would write and keeps the run open', async () => {
    const s = session(t)
    await s.md(1)
    const dry = await s.call('finalize', { outline_summary: 'x'.repeat(200), reading_time_minutes: 10 }, { 'x-dry-run': 'true' })
    expect(dry.statusCode).toBe(200)
    expect(dry.body.dry_run).toBe(true)
    expect(dry.body.messages.at(-1)).toMatch(/^\[Dry Run\] Would write 5 cells to .*notebook\.ipynb; nothing was written/)
    await expect(fs.access(dry.body.notebook_path)).rejects.toThrow()
    const dryMd = await s.call('emit_markdown_step', markdownStep(2), { 'x-dry-run': 'true' })
    expect(dryMd.body.cell_index).toBe(4)
    expect((await s.md(2)).body.cell_index).toBe(4) // the dry run stored nothing
    expect((await s.finalize()).statusCode).toBe(200)
  })
})

describe('sessions', () => {
  it("keep their notebooks apart, and a call without X-Session-Id uses the key's own session", async () => {
    const a = session(t)
    const b = session(t)
    await a.md(1)
    await a.code(1)
    await b.md(1, { title: 'Step 1: Only in B' })
    expect((await b.code(1)).body.cell_index).toBe(4)
    const fa = await readNb((await a.finalize()).body.notebook_path)
    expect(fa.cells.map((c: any) => c.source.join('')).join('\n')).not.toContain('Only in B')
    expect((await b.finalize()).statusCode).toBe(200)

    const key = await t.key(['write'])
    const plain = (tool: string, body: unknown) => t.call(`notebook.${tool}`, body, { key })
    expect((await plain('emit_markdown_step', markdownStep(1))).body.cell_index).toBe(3)
    expect((await plain('emit_markdown_step', markdownStep(2))).body.cell_index).toBe(4)
  })

  it("refuse another key's run in the same session", async () => {
    const id = newSession('shared')
    const mine = session(t, id)
    await mine.md(1)
    const other = session(t, id, await t.key(['write'], 'other'))
    const res = await other.md(2)
    expect(res.statusCode).toBe(409)
    expect(res.body.error_code).toBe('CONFLICT')
    expect(res.body.error_message).toMatch(/under construction by another API key/)
    expect((await mine.md(2)).body.cell_index).toBe(4)
  })

  it('make one run when the first calls of a session race', async () => {
    const s = session(t)
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => s.md(i + 1)))
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200))
    const fin = await s.finalize()
    const nb = await readNb(fin.body.notebook_path)
    expect(nb.cells.filter((c: any) => /-step-/.test(c.id))).toHaveLength(6)
  })
})

describe('restart', () => {
  it('continues a run after the app restarts on the same database', async () => {
    const first = await buildTestApp({ keep: true })
    let second: TestApp | undefined
    try {
      const id = newSession('restart')
      const s1 = session(first, id)
      await s1.dep({ package: 'numpy', version: '1.26.4', manager: 'pip', import_check: 'import numpy' })
      await s1.md(1, { title: 'Step 1: Before the restart' })
      expect((await s1.code(1)).body.cell_index).toBe(4)
      await first.close()

      second = await buildTestApp({ dataDir: first.dataDir, databaseUrl: first.databaseUrl, workspace: first.workspace })
      const s2 = session(second, id)
      expect((await s2.dep({ package: 'numpy', version: '2.0.0', manager: 'pip' })).body.messages[0]).toMatch(/updated from version 1\.26\.4 to 2\.0\.0/)
      expect((await s2.md(2, { title: 'Step 2: After the restart' })).body.cell_index).toBe(5)
      const code = await s2.code(2, { code: `import numpy\nprint(numpy.__version__)\n# ${'-'.repeat(120)}` })
      expect(code.body.messages).toEqual([]) // numpy's registration survived the restart
      const fin = await s2.finalize()
      expect(fin.statusCode).toBe(200)
      expect(fin.body.notebook_path.startsWith(first.workspace + path.sep)).toBe(true)
      const nb = await readNb(fin.body.notebook_path)
      const titles = nb.cells.filter((c: any) => /-step-/.test(c.id)).map((c: any) => c.source[0].trim())
      expect(titles).toEqual(['## Step 1: Before the restart', '## Step 2: After the restart'])
      expect(nb.cells[2].source.join('')).toContain('%pip install numpy==2.0.0')
    } finally {
      if (second) await second.close()
      await first.destroy()
      await fs.rm(first.workspace, { recursive: true, force: true })
      await fs.rm(first.dataDir, { recursive: true, force: true })
    }
  })
})

describe('escalation (seed 000 §3)', () => {
  it('answers the second consecutive error of a tool with ESCALATE; a success resets the count', async () => {
    const s = session(t)
    const bad = markdownStep(1, { estimated_tokens: 10 })
    expect((await s.call('emit_markdown_step', bad)).body.error_code).toBe('VALIDATION_ERROR')
    const second = await s.call('emit_markdown_step', bad)
    expect(second.statusCode).toBe(400)
    expect(second.body).toMatchObject({ error_code: 'ESCALATE', details: { consecutive_errors: 2, last_error_code: 'VALIDATION_ERROR' } })
    expect(second.body.error_message).toMatch(/Do not retry: escalate to the orchestrator/)

    expect((await s.md(1)).statusCode).toBe(200)
    expect((await s.call('emit_markdown_step', bad)).body.error_code).toBe('VALIDATION_ERROR')

    // counted per tool: finalize's own errors escalate with finalize's status
    const f = session(t)
    expect((await f.finalize()).body.error_code).toBe('NO_ACTIVE_NOTEBOOK')
    expect((await f.md(1, { body: 'short' })).body.error_code).toBe('VALIDATION_ERROR')
    const escalated = await f.finalize()
    expect(escalated.statusCode).toBe(409)
    expect(escalated.body).toMatchObject({ error_code: 'ESCALATE', details: { last_error_code: 'NO_ACTIVE_NOTEBOOK' } })
  })
})
