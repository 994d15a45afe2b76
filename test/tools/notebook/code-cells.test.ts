/**
 * emit_code_cell's `runnable` from a real compile: syntax errors with line and text, IPython lines
 * allowed, notebook rules (top-level await) honoured; the long-lived Python worker restarting after
 * a crash or a timeout; and 503 PYTHON_NOT_AVAILABLE without an interpreter, storing nothing.
 */
import { promises as fs } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { neutralizeIpython } from '../../../src/notebook/ipython.js'
import { PythonWorker, workerFor } from '../../../src/notebook/python.js'
import { createSandbox } from '../../../src/sandbox/index.js'
import { checkCode } from '../../../src/notebook/syntax.js'
import { buildTestApp, type TestApp } from '../../helper.js'
import { pythonCode, REF_PYTHON, session } from './helpers.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

describe('runnable', () => {
  it('is true for code that compiles and false, with line and error, for code that does not', async () => {
    const s = session(t)
    const ok = await s.code(1)
    expect(ok.body).toMatchObject({ status: 'ok', cell_index: 3, runnable: true, messages: [] })
    const bad = await s.code(1, { code: pythonCode('def mean(values:', '    return sum(values) / len(values)') })
    expect(bad.statusCode).toBe(200)
    expect(bad.body).toMatchObject({ status: 'ok', cell_index: 4, runnable: false })
    expect(bad.body.messages[0]).toMatch(/^Not runnable: SyntaxError at line 1, column \d+: .*\(`def mean\(values:`\)\. The cell was stored at index 4/)
    // the broken cell is kept: the next one comes after it
    expect((await s.code(1)).body.cell_index).toBe(5)
    const fin = await s.finalize()
    expect(fin.statusCode).toBe(200)
    expect(fin.body.messages).toContain('The code cell at index 4 does not compile (see the messages of the emit_code_cell calls that added them).')
    expect(fin.body.messages).toContain('Section 1 lacks a markdown step; seed 000 asks every section for both markdown explanations and runnable code.')
  })

  it('catches what only a full compile catches, as a kernel would', async () => {
    const cases: [string, boolean, RegExp?][] = [
      ['return 5', false, /'return' outside function/],
      ['for i in range(3):\n    pass\nbreak', false, /'break' outside loop/],
      ['if True:\nprint("x")', false, /IndentationError at line 2/],
      ['import asyncio\nawait asyncio.sleep(0)', true],
      ['x = 1\n\tif x:\n  pass', false, /IndentationError|TabError/],
      ['print("unterminated)', false, /SyntaxError at line 1/],
      ['match [1, 2]:\n    case [a, b]:\n        print(a + b)', true],
    ]
    for (const [code, runnable, why] of cases) {
      const res = await session(t).code(1, { code: `${code}\n# ${'-'.repeat(120)}` })
      expect(res.body.runnable, code).toBe(runnable)
      if (why) expect(res.body.messages[0], code).toMatch(why)
    }
  })

  it('neutralizes IPython lines but still checks the Python around them', async () => {
    const ipy = await session(t).code(1, {
      code: pythonCode('%matplotlib inline', 'files = !ls -1', 'if True:', '    !echo inside a block', '!echo continued \\', '    over two lines'),
    })
    expect(ipy.body.runnable).toBe(true)
    const timed = await session(t).code(1, { code: `%%time\n${pythonCode()}` })
    expect(timed.body.runnable).toBe(true)
    const timedBad = await session(t).code(1, { code: `%%time\n${pythonCode('x = (')}` })
    expect(timedBad.body.runnable).toBe(false)
    expect(timedBad.body.messages[0]).toMatch(/at line 2/)
    const bash = await session(t).code(1, { code: `%%bash\nfor f in *; do echo "$f"; done\n# ${'-'.repeat(120)}` })
    expect(bash.body.runnable).toBe(true)
    expect(bash.body.messages).toContain('The cell starts with %%bash, whose body is not Python: it was stored without a syntax check')
  })

  it('passes on compiler warnings', async () => {
    const res = await session(t).code(1, { code: pythonCode('import re', 'pattern = re.compile("\\d+")') })
    expect(res.body.runnable).toBe(true)
    expect(res.body.messages.some((m: string) => /^Python warns: (DeprecationWarning|SyntaxWarning) at line 2: invalid escape sequence/.test(m))).toBe(true)
  })

  it('neutralizes with the same line count', () => {
    const n = neutralizeIpython('!pip install x\nimport os\n  %time f()\nout = !ls \\\n  -la\nprint(out)')
    expect(n.source).toBe('pass\nimport os\n  pass\nout = None\n\nprint(out)')
    expect(n.magicLines).toEqual([1, 3, 4])
    expect(n.installLines).toEqual([1])
    expect(neutralizeIpython('\n%%writefile a.py\nx = (').foreignCellMagic).toBe('%%writefile')
  })
})

describe('the Python worker', () => {
  it('answers many checks from one process, restarts after a crash and after a timeout', async () => {
    // Unsandboxed here so that the test can stop and kill the interpreter itself by its pid.
    const w = new PythonWorker(REF_PYTHON, createSandbox({ mode: 'off', hidden: [], memoryBytes: 1 << 30 }))
    try {
      const hello = await w.info()
      expect(hello.stdlib).toContain('os')
      const pid = w.pid
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => w.request<any>({ op: 'analyze', code: i % 2 ? 'x = (' : 'x = 1' })))
      expect(results.map((r) => r.ok)).toEqual(Array.from({ length: 20 }, (_, i) => i % 2 === 0))
      expect(w.pid).toBe(pid)

      process.kill(pid!, 'SIGKILL')
      await new Promise((r) => setTimeout(r, 100))
      expect((await w.request<any>({ op: 'analyze', code: 'y = 2' })).ok).toBe(true)
      expect(w.pid).not.toBe(pid)

      const before = w.pid
      // Stopped, it cannot answer before any timeout (a warm worker may otherwise beat even 1 ms).
      process.kill(before!, 'SIGSTOP')
      await expect(w.request({ op: 'analyze', code: 'z = 3' }, 50)).rejects.toMatchObject({ code: 'TIMEOUT' })
      expect((await w.request<any>({ op: 'analyze', code: 'z = 3' })).ok).toBe(true)
      expect(w.pid).not.toBe(before)
    } finally {
      w.stop()
    }
  })

  it('runs in the OS sandbox when there is one', async () => {
    const sandbox = createSandbox({ mode: 'auto', hidden: [], memoryBytes: 1 << 30 })
    const w = workerFor(REF_PYTHON, sandbox)
    expect((await w.request<any>({ op: 'analyze', code: 'x = 1' })).ok).toBe(true)
    expect(await fs.readlink(`/proc/${w.pid}/exe`)).toBe(sandbox.mode === 'bwrap' ? '/usr/bin/bwrap' : await fs.realpath(REF_PYTHON))
  })

  it('reports a missing or unusable interpreter as PYTHON_NOT_AVAILABLE', async () => {
    const sandbox = createSandbox({ mode: 'auto', hidden: [], memoryBytes: 1 << 30 })
    await expect(checkCode('x = 1', '/nonexistent/python3', sandbox)).rejects.toMatchObject({ code: 'PYTHON_NOT_AVAILABLE', statusCode: 503 })
    await expect(checkCode('x = 1', '/bin/false', sandbox)).rejects.toMatchObject({
      code: 'PYTHON_NOT_AVAILABLE',
      message: expect.stringMatching(/exited \(exit code 1\) before answering/),
    })
  })
})

describe('without Python', () => {
  it('answers 503 PYTHON_NOT_AVAILABLE and stores nothing', async () => {
    const app = await buildTestApp({ env: { TOOLGATE_PYTHON: '/nonexistent/python3' } })
    try {
      const s = session(app)
      const res = await s.code(1)
      expect(res.statusCode).toBe(503)
      expect(res.body).toMatchObject({ status: 'error', error_code: 'PYTHON_NOT_AVAILABLE' })
      expect(res.body.error_message).toMatch(/\/nonexistent\/python3 was not found.*TOOLGATE_PYTHON/)
      // the other tools need no Python; the failed call left no cell behind
      expect((await s.md(1)).body.cell_index).toBe(3)
      expect((await s.dep({ package: 'torch', version: '2.4.0', manager: 'pip', import_check: 'import torch' })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })
})
