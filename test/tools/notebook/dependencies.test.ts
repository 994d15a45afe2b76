/**
 * The dependency manifest: ids, 1-based positions, updates in place (with what changed), and the
 * warning a code cell gets for importing a package that no add_dependency call registered
 * (standard library, kernel-provided and try/except-guarded imports excepted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { pythonCode, session } from './helpers.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const importWarnings = (messages: string[]) => messages.filter((m) => m.includes('no notebook.add_dependency call has registered'))

describe('notebook.add_dependency', () => {
  it('answers <manager>::<package>@<version> and the 1-based manifest position', async () => {
    const s = session(t)
    const a = await s.dep({ package: 'torch', version: '2.4.0', manager: 'pip', import_check: 'import torch', notes: 'Tensors' })
    expect(a.statusCode).toBe(200)
    expect(a.body).toMatchObject({ status: 'ok', dependency_id: 'pip::torch@2.4.0', manifest_position: 1, messages: [] })
    expect(Object.keys(a.body).sort()).toEqual(['dependency_id', 'duration_ms', 'execution_id', 'manifest_position', 'messages', 'status'])
    expect((await s.dep({ package: 'ffmpeg', version: '4.4.2-1', manager: 'apt' })).body).toMatchObject({
      dependency_id: 'apt::ffmpeg@4.4.2-1',
      manifest_position: 2,
    })
    expect((await s.dep({ package: 'numpy', version: '1.26', manager: 'conda' })).body).toMatchObject({
      dependency_id: 'conda::numpy@1.26',
      manifest_position: 3,
    })
    // the same name under another manager is another entry
    expect((await s.dep({ package: 'numpy', version: '1.26.4', manager: 'pip' })).body).toMatchObject({
      dependency_id: 'pip::numpy@1.26.4',
      manifest_position: 4,
    })
  })

  it('updates a package registered again in place, saying from which version', async () => {
    const s = session(t)
    await s.dep({ package: 'scikit-learn', version: '1.4.0', manager: 'pip' })
    await s.dep({ package: 'pandas', version: '2.2.0', manager: 'pip' })
    const again = await s.dep({ package: 'Scikit_Learn', version: '1.5.1', manager: 'pip' })
    expect(again.body).toMatchObject({ status: 'ok', dependency_id: 'pip::scikit-learn@1.5.1', manifest_position: 1 })
    expect(again.body.messages).toContain('pip::scikit-learn was already registered at position 1; updated from version 1.4.0 to 1.5.1')
    expect(again.body.messages).toContain('Package name "Scikit_Learn" is recorded in canonical form as "scikit-learn"')
    const same = await s.dep({ package: 'scikit.learn', version: '1.5.1', manager: 'pip' })
    expect(same.body.manifest_position).toBe(1)
    expect(same.body.messages[0]).toMatch(/already registered at position 1 with version 1\.5\.1; entry updated in place \(version unchanged\)/)
    // a new package still goes to the end: two entries, not three
    expect((await s.dep({ package: 'matplotlib', version: '3.9.0', manager: 'pip' })).body.manifest_position).toBe(3)
    await s.md(1)
    await s.code(1)
    const fin = await s.finalize()
    const { readFile } = await import('node:fs/promises')
    const nb = JSON.parse(await readFile(fin.body.notebook_path, 'utf8'))
    expect(nb.cells[2].source.join('')).toContain('%pip install scikit-learn==1.5.1 pandas==2.2.0 matplotlib==3.9.0')
    expect(nb.metadata.alain.dependencies).toEqual(['pip::scikit-learn@1.5.1', 'pip::pandas@2.2.0', 'pip::matplotlib@3.9.0'])
  })

  it('warns when a pip package is really an import name', async () => {
    const res = await session(t).dep({ package: 'sklearn', version: '1.5.1', manager: 'pip' })
    expect(res.statusCode).toBe(200)
    expect(res.body.messages[0]).toMatch(/"sklearn" is the import name; the pip distribution is "scikit-learn"/)
  })
})

describe('imports of unregistered packages', () => {
  it('warns for a third-party import never registered, naming line and package', async () => {
    const s = session(t)
    const res = await s.code(1, {
      code: pythonCode('import os, sys', 'import torch.nn as nn', 'from sklearn.linear_model import LinearRegression', 'import cv2'),
    })
    expect(res.body).toMatchObject({ status: 'ok', runnable: true })
    const warnings = importWarnings(res.body.messages)
    expect(warnings).toHaveLength(3)
    expect(warnings[0]).toBe(
      'Line 2 imports torch.nn, but no notebook.add_dependency call has registered a package for it in this notebook (expected e.g. package "torch"). ' +
        'Always call notebook.add_dependency before referencing a package.',
    )
    expect(warnings[1]).toMatch(/^Line 3 imports sklearn\.linear_model, .*package "scikit-learn"/)
    expect(warnings[2]).toMatch(/^Line 4 imports cv2, .*package "opencv-python"/)
  })

  it('does not warn for the standard library, kernel modules, guarded imports or relative imports', async () => {
    const s = session(t)
    const code = pythonCode(
      'import os, sys, json, asyncio, collections.abc, tomllib, zoneinfo',
      'from dataclasses import dataclass',
      'import typing',
      'from IPython.display import display',
      'try:',
      '    import ujson as fastjson',
      'except ImportError:',
      '    fastjson = json',
    )
    const res = await s.code(1, { code })
    expect(res.body.runnable).toBe(true)
    expect(importWarnings(res.body.messages)).toEqual([])
  })

  it('accepts a registered package under its distribution name, its mapped name or its import_check', async () => {
    const s = session(t)
    await s.dep({ package: 'scikit-learn', version: '1.5.1', manager: 'pip' })
    await s.dep({ package: 'opencv-python-headless', version: '4.10.0', manager: 'pip' })
    await s.dep({ package: 'Pillow', version: '10.4.0', manager: 'pip' })
    await s.dep({ package: 'huggingface_hub', version: '0.24.0', manager: 'pip' })
    await s.dep({ package: 'llama-stack-client', version: '0.1.0', manager: 'pip', import_check: 'import llama_stack' })
    await s.dep({ package: 'pytorch', version: '2.4.0', manager: 'conda', import_check: 'import torch' })
    const res = await s.code(1, {
      code: pythonCode(
        'import sklearn',
        'import cv2',
        'from PIL import Image',
        'import huggingface_hub',
        'import llama_stack',
        'import torch',
        'import transformers',
      ),
    })
    const warnings = importWarnings(res.body.messages)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^Line 7 imports transformers,/)
  })

  it('finds imports by pattern in code that does not compile', async () => {
    const res = await session(t).code(1, { code: pythonCode('import requests', 'def broken(:') })
    expect(res.body.runnable).toBe(false)
    expect(importWarnings(res.body.messages)[0]).toMatch(/^Line 1 imports requests,/)
  })

  it('counts only the dependencies of the same session', async () => {
    const a = session(t)
    const b = session(t)
    await a.dep({ package: 'requests', version: '2.32.3', manager: 'pip' })
    expect(importWarnings((await a.code(1, { code: pythonCode('import requests') })).body.messages)).toEqual([])
    expect(importWarnings((await b.code(1, { code: pythonCode('import requests') })).body.messages)).toHaveLength(1)
  })

  it('tells the author to register packages a section cell installs', async () => {
    const s = session(t)
    const res = await s.code(1, { code: pythonCode('!pip install -q rich', '%pip install tqdm') })
    expect(res.body.runnable).toBe(true)
    expect(res.body.messages).toContain(
      'Lines 1, 2 install packages inside a section; register them with notebook.add_dependency instead, so that the setup cell installs them once',
    )
  })
})
