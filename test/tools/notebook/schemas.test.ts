/**
 * The five tools as seed 000 §2 writes them: schemas exported exactly (patterns included), catalog
 * placement, and every constrained field just inside and just outside its bound, refused with
 * seed 002 §5's words and without touching the session's notebook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toOpenAI } from '../../../src/exports/openai.js'
import { notebookTools } from '../../../src/tools/notebook/index.js'
import { compileInputValidator } from '../../../src/tools/validate.js'
import { buildTestApp, type TestApp } from '../../helper.js'
import { splitLimits } from '../../exports/fixtures.js'
import { callout, codeCell, exactly, finalizeBody, markdownStep, newSession, question, session } from './helpers.js'

const VERSION = String.raw`^([0-9]+\.)*[0-9]+(-[A-Za-z0-9]+)?$`
const TITLE = '^Step [0-9]+: .+'

/** Seed 000 §2's input schemas, transcribed. */
const SEED: Record<string, object> = {
  'notebook.add_dependency': {
    type: 'object',
    required: ['package', 'version', 'manager'],
    properties: {
      package: { type: 'string', minLength: 1 },
      version: { type: 'string', pattern: VERSION },
      manager: { type: 'string', enum: ['pip', 'conda', 'apt'] },
      import_check: { type: 'string', description: 'Python import statement to verify install' },
      notes: { type: 'string', description: 'Short justification surfaced in setup markdown' },
    },
  },
  'notebook.emit_markdown_step': {
    type: 'object',
    required: ['section_number', 'title', 'body', 'callouts', 'estimated_tokens'],
    properties: {
      section_number: { type: 'integer', minimum: 1 },
      title: { type: 'string', pattern: TITLE },
      body: { type: 'string', minLength: 300 },
      callouts: {
        type: 'array',
        minItems: 3,
        items: {
          type: 'object',
          required: ['type', 'message'],
          properties: { type: { type: 'string', enum: ['tip', 'warning', 'note'] }, message: { type: 'string', minLength: 50 } },
        },
      },
      prerequisites_check: { type: 'array', items: { type: 'string' }, default: [] },
      next_section_hint: { type: 'string', minLength: 50 },
      estimated_tokens: { type: 'integer', minimum: 600, maximum: 2200 },
    },
  },
  'notebook.emit_code_cell': {
    type: 'object',
    required: ['section_number', 'code', 'language'],
    properties: {
      section_number: { type: 'integer', minimum: 1 },
      code: { type: 'string', minLength: 120 },
      language: { type: 'string', enum: ['python'] },
      narration: { type: 'string', description: 'Short preceding markdown snippet' },
      expected_output: { type: 'string', description: 'Summary of expected result' },
    },
  },
  'notebook.record_assessment': {
    type: 'object',
    required: ['section_number', 'questions'],
    properties: {
      section_number: { type: 'integer', minimum: 1 },
      questions: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['prompt', 'options', 'correct_index', 'explanation'],
          properties: {
            prompt: { type: 'string', minLength: 80 },
            options: { type: 'array', minItems: 3, items: { type: 'string', minLength: 10 } },
            correct_index: { type: 'integer', minimum: 0 },
            explanation: { type: 'string', minLength: 60 },
          },
        },
      },
    },
  },
  'notebook.finalize': {
    type: 'object',
    required: ['outline_summary', 'reading_time_minutes'],
    properties: {
      outline_summary: { type: 'string', minLength: 200 },
      next_steps: { type: 'array', items: { type: 'string' }, minItems: 1 },
      references: { type: 'array', items: { type: 'string' }, minItems: 1 },
      reading_time_minutes: { type: 'number', minimum: 5, maximum: 90 },
      markdown_ratio_target: { type: 'number', minimum: 0.3, maximum: 0.8 },
    },
  },
}

/** The limits the registry adds where the seed states none (src/tools/limits.ts): names, prose, code, ids. */
const P = 100_000
const ADDED: Record<string, string[]> = {
  'notebook.add_dependency': [`.import_check maxLength=${P}`, `.notes maxLength=${P}`, '.package maxLength=256', '.version maxLength=256'],
  'notebook.emit_markdown_step': [
    `.body maxLength=${P}`,
    `.callouts[].message maxLength=${P}`,
    `.next_section_hint maxLength=${P}`,
    `.prerequisites_check[] maxLength=${P}`,
    '.section_number maximum=10000',
    `.title maxLength=${P}`,
  ],
  'notebook.emit_code_cell': ['.code maxLength=1000000', `.expected_output maxLength=${P}`, `.narration maxLength=${P}`, '.section_number maximum=10000'],
  'notebook.record_assessment': [
    '.questions[].correct_index maximum=2147483647',
    `.questions[].explanation maxLength=${P}`,
    `.questions[].options[] maxLength=${P}`,
    `.questions[].prompt maxLength=${P}`,
    '.section_number maximum=10000',
  ],
  'notebook.finalize': [`.next_steps[] maxLength=${P}`, `.outline_summary maxLength=${P}`, `.references[] maxLength=${P}`],
}

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

describe('schemas and catalog', () => {
  it('export the seed 000 input schemas exactly, patterns character for character', async () => {
    for (const tool of notebookTools) expect(toOpenAI(tool).function.parameters, tool.name).toEqual(SEED[tool.name])
    const res = await t.app.inject({ url: '/v1/schemas/openai?toolset=alain', headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(res.statusCode).toBe(200)
    const params = (name: string) => (res.json() as any[]).find((x: any) => x.function.name === name.replace('.', '__')).function.parameters
    // as served: the seed exactly, plus only the documented limits
    for (const tool of notebookTools) {
      const { rest, added } = splitLimits(params(tool.name), SEED[tool.name])
      expect(rest, tool.name).toEqual(SEED[tool.name])
      expect(added.sort(), tool.name).toEqual(ADDED[tool.name])
    }
    expect(params('notebook.add_dependency').properties.version.pattern).toBe(VERSION)
    expect(params('notebook.emit_markdown_step').properties.title.pattern).toBe(TITLE)
    // in the JSON text the backslash is escaped once, as JSON requires
    expect(res.body).toContain(String.raw`"pattern":"^([0-9]+\\.)*[0-9]+(-[A-Za-z0-9]+)?$"`)
  })

  it('sit in toolset alain, category NOTEBOOK, scope write, escalating', async () => {
    expect(notebookTools.map((x) => [x.name, x.toolset, x.category, x.scope, x.escalates])).toEqual(
      Object.keys(SEED).map((n) => [n, 'alain', 'NOTEBOOK', 'write', true]),
    )
    const res = await t.app.inject({ url: '/v1/tools/notebook.finalize', headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(res.statusCode).toBe(200)
    expect(JSON.stringify(res.json())).toContain('NOTEBOOK')
    const reader = await t.key(['read'])
    const refused = await t.call('notebook.add_dependency', { package: 'torch', version: '2.4.0', manager: 'pip' }, { key: reader })
    expect(refused.statusCode).toBe(403)
    expect(refused.body.error_code).toBe('SCOPE_REQUIRED')
  })

  it('fill prerequisites_check with its default []', () => {
    const check = compileInputValidator(notebookTools.find((x) => x.name === 'notebook.emit_markdown_step')!)
    const res = check(markdownStep(1))
    expect(res.ok && res.value.prerequisites_check).toEqual([])
  })
})

const dep = (over: Record<string, unknown>) => ({ package: 'torch', version: '2.4.0', manager: 'pip', ...over })
const quiz = (over: Record<string, unknown>) => ({ section_number: 1, questions: [{ ...question(), ...over }] })
const q3 = question()

type Case = [tool: string, label: string, inside: unknown[], outside: unknown[], message: string]
const cases: Case[] = [
  ['add_dependency', 'package minLength 1', [dep({ package: 'a' })], [dep({ package: '' })], 'Value for package is too short: minimum length is 1'],
  [
    'add_dependency',
    'version pattern',
    ['2', '2.4.0', '2.4.0-rc1', '10.0.0-1ubuntu1'].map((version) => dep({ version })),
    ['v2.4', '2.4.', '2.4.0-', '2.4.0-rc.1', '>=2.4', '2.4.0 '].map((version) => dep({ version })),
    `Value for version does not match pattern: ${VERSION}`,
  ],
  [
    'add_dependency',
    'manager enum',
    [dep({ manager: 'apt', package: 'ffmpeg' })],
    [dep({ manager: 'npm' })],
    "Invalid value for manager: must be one of ['pip', 'conda', 'apt']",
  ],
  ['add_dependency', 'manager required', [], [{ package: 'torch', version: '2.4.0' }], 'Missing required parameter: manager'],
  [
    'emit_markdown_step',
    'section_number minimum 1',
    [markdownStep(1)],
    [markdownStep(1, { section_number: 0 })],
    'Value for section_number is below minimum: 1',
  ],
  [
    'emit_markdown_step',
    'section_number at most 10000 (database column)',
    [markdownStep(1, { section_number: 10000 })],
    [markdownStep(1, { section_number: 10001 })],
    'Value for section_number exceeds maximum: 10000',
  ],
  ['emit_code_cell', 'section_number at most 10000', [codeCell(10000)], [codeCell(2 ** 40)], 'Value for section_number exceeds maximum: 10000'],
  [
    'record_assessment',
    'section_number at most 10000',
    [{ ...quiz({}), section_number: 10000 }],
    [{ ...quiz({}), section_number: 10001 }],
    'Value for section_number exceeds maximum: 10000',
  ],
  [
    'emit_markdown_step',
    'title pattern',
    [markdownStep(1, { title: 'Step 1: X' })],
    ['Step 1: ', 'Step 1:X', 'step 1: X', 'Step one: X', ' Step 1: X'].map((title) => markdownStep(1, { title })),
    `Value for title does not match pattern: ${TITLE}`,
  ],
  [
    'emit_markdown_step',
    'body minLength 300',
    [markdownStep(1, { body: exactly(300) })],
    [markdownStep(1, { body: exactly(299) })],
    'Value for body is too short: minimum length is 300',
  ],
  [
    'emit_markdown_step',
    'callouts minItems 3',
    [markdownStep(1, { callouts: [callout(), callout(), callout()] })],
    [markdownStep(1, { callouts: [callout(), callout()] })],
    'Too few items for callouts: minimum is 3',
  ],
  [
    'emit_markdown_step',
    'callout message minLength 50',
    [markdownStep(1, { callouts: [callout(), callout('note', 50), callout()] })],
    [markdownStep(1, { callouts: [callout(), callout('note', 49), callout()] })],
    'Value for callouts[1].message is too short: minimum length is 50',
  ],
  [
    'emit_markdown_step',
    'callout type enum',
    [],
    [markdownStep(1, { callouts: [{ type: 'hint', message: exactly(60) }, callout(), callout()] })],
    "Invalid value for callouts[0].type: must be one of ['tip', 'warning', 'note']",
  ],
  [
    'emit_markdown_step',
    'next_section_hint minLength 50',
    [markdownStep(1, { next_section_hint: exactly(50) })],
    [markdownStep(1, { next_section_hint: exactly(49) })],
    'Value for next_section_hint is too short: minimum length is 50',
  ],
  [
    'emit_markdown_step',
    'estimated_tokens minimum 600',
    [markdownStep(1, { estimated_tokens: 600 })],
    [markdownStep(1, { estimated_tokens: 599 })],
    'Value for estimated_tokens is below minimum: 600',
  ],
  [
    'emit_markdown_step',
    'estimated_tokens maximum 2200',
    [markdownStep(1, { estimated_tokens: 2200 })],
    [markdownStep(1, { estimated_tokens: 2201 })],
    'Value for estimated_tokens exceeds maximum: 2200',
  ],
  ['emit_markdown_step', 'estimated_tokens integer', [], [markdownStep(1, { estimated_tokens: 900.5 })], 'Invalid type for estimated_tokens: expected integer'],
  ['emit_code_cell', 'section_number minimum 1', [codeCell(1)], [codeCell(0)], 'Value for section_number is below minimum: 1'],
  [
    'emit_code_cell',
    'code minLength 120',
    [codeCell(1, { code: `print(1)\n#${'x'.repeat(110)}` })],
    [codeCell(1, { code: `print(1)\n#${'x'.repeat(109)}` })],
    'Value for code is too short: minimum length is 120',
  ],
  ['emit_code_cell', 'language enum', [], [codeCell(1, { language: 'javascript' })], "Invalid value for language: must be one of ['python']"],
  ['record_assessment', 'section_number minimum 1', [quiz({})], [{ ...quiz({}), section_number: 0 }], 'Value for section_number is below minimum: 1'],
  ['record_assessment', 'questions minItems 1', [], [{ section_number: 1, questions: [] }], 'Too few items for questions: minimum is 1'],
  [
    'record_assessment',
    'prompt minLength 80',
    [quiz({ prompt: exactly(80) })],
    [quiz({ prompt: exactly(79) })],
    'Value for questions[0].prompt is too short: minimum length is 80',
  ],
  [
    'record_assessment',
    'options minItems 3',
    [quiz({ options: q3.options.slice(0, 3) })],
    [quiz({ options: q3.options.slice(0, 2) })],
    'Too few items for questions[0].options: minimum is 3',
  ],
  [
    'record_assessment',
    'option minLength 10',
    [quiz({ options: [...q3.options.slice(0, 2), exactly(10)] })],
    [quiz({ options: [...q3.options.slice(0, 2), exactly(9)] })],
    'Value for questions[0].options[2] is too short: minimum length is 10',
  ],
  [
    'record_assessment',
    'correct_index minimum 0',
    [quiz({ correct_index: 0 })],
    [quiz({ correct_index: -1 })],
    'Value for questions[0].correct_index is below minimum: 0',
  ],
  [
    'record_assessment',
    'correct_index < options.length',
    [quiz({ correct_index: 2 })],
    [quiz({ correct_index: 3 })],
    'Value for questions[0].correct_index exceeds maximum: 2',
  ],
  [
    'record_assessment',
    'options lettered A-Z',
    [quiz({ options: Array(26).fill(exactly(10)) })],
    [quiz({ options: Array(27).fill(exactly(10)) })],
    'Too many items for questions[0].options: maximum is 26',
  ],
  [
    'record_assessment',
    'explanation minLength 60',
    [quiz({ explanation: exactly(60) })],
    [quiz({ explanation: exactly(59) })],
    'Value for questions[0].explanation is too short: minimum length is 60',
  ],
  [
    'finalize',
    'outline_summary minLength 200',
    [finalizeBody({ outline_summary: exactly(200) })],
    [finalizeBody({ outline_summary: exactly(199) })],
    'Value for outline_summary is too short: minimum length is 200',
  ],
  [
    'finalize',
    'next_steps minItems 1',
    [finalizeBody({ next_steps: ['x'] })],
    [finalizeBody({ next_steps: [] })],
    'Too few items for next_steps: minimum is 1',
  ],
  [
    'finalize',
    'references minItems 1',
    [finalizeBody({ references: ['x'] })],
    [finalizeBody({ references: [] })],
    'Too few items for references: minimum is 1',
  ],
  [
    'finalize',
    'reading_time_minutes minimum 5',
    [finalizeBody({ reading_time_minutes: 5 })],
    [finalizeBody({ reading_time_minutes: 4.99 })],
    'Value for reading_time_minutes is below minimum: 5',
  ],
  [
    'finalize',
    'reading_time_minutes maximum 90',
    [finalizeBody({ reading_time_minutes: 90 })],
    [finalizeBody({ reading_time_minutes: 90.01 })],
    'Value for reading_time_minutes exceeds maximum: 90',
  ],
  [
    'finalize',
    'markdown_ratio_target minimum 0.3',
    [finalizeBody({ markdown_ratio_target: 0.3 })],
    [finalizeBody({ markdown_ratio_target: 0.29 })],
    'Value for markdown_ratio_target is below minimum: 0.3',
  ],
  [
    'finalize',
    'markdown_ratio_target maximum 0.8',
    [finalizeBody({ markdown_ratio_target: 0.8 })],
    [finalizeBody({ markdown_ratio_target: 0.81 })],
    'Value for markdown_ratio_target exceeds maximum: 0.8',
  ],
]

describe('bounds', () => {
  it.each(cases)('%s: %s', async (tool, _label, inside, outside, message) => {
    for (const body of outside) {
      // a fresh session per refused call: the escalation rule would turn a second error into ESCALATE
      const s = session(t, newSession('bound'))
      const res = await s.call(tool, body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400)
      expect(res.body).toMatchObject({ status: 'error', error_code: 'VALIDATION_ERROR', error_message: message })
      expect(res.body.details.tool).toBe(`notebook.${tool}`)
      // nothing was created: the session has no notebook to finalize (after a refused finalize, a
      // second error in a row escalates, and says which error it was)
      const after = await s.finalize()
      expect(tool === 'finalize' ? after.body.details.last_error_code : after.body.error_code).toBe('NO_ACTIVE_NOTEBOOK')
    }
    for (const body of inside) {
      const res = await session(t, newSession('inside')).call(tool, body)
      // finalize without a run answers 409: its input passed validation
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 200)} → ${JSON.stringify(res.body).slice(0, 300)}`).toBe(tool === 'finalize' ? 409 : 200)
      expect(res.body.error_code).not.toBe('VALIDATION_ERROR')
    }
  })
})

describe('checks beyond the schema', () => {
  it('refuses package names that could not be installed safely, per manager', async () => {
    const bad: [string, string][] = [
      ['pip', 'torch; rm -rf /'],
      ['pip', 'torch==2'],
      ['pip', '-e .'],
      ['apt', 'FFmpeg'],
      ['conda', 'a b'],
      ['pip', '$(id)'],
    ]
    for (const [manager, pkg] of bad) {
      const res = await session(t, newSession('pkg')).dep({ package: pkg, version: '1.0', manager })
      expect(res.statusCode, pkg).toBe(400)
      expect(res.body.error_code).toBe('VALIDATION_ERROR')
      expect(res.body.error_message).toMatch(new RegExp(`^Invalid value for package: ".*" is not a valid ${manager} package name`))
    }
    for (const [manager, pkg] of [
      ['pip', 'torch[cuda]'],
      ['conda', 'conda-forge::numpy'],
      ['apt', 'libsndfile1'],
      ['pip', 'zope.interface'],
    ]) {
      expect((await session(t, newSession('pkg')).dep({ package: pkg, version: '1.0', manager })).statusCode, pkg).toBe(200)
    }
  })

  it('takes only import statements as import_check', async () => {
    for (const check of [
      'import torch',
      'from PIL import Image',
      'import numpy as np, pandas as pd',
      'from a.b import (c,\n d as e)',
      'import os; import sys',
    ]) {
      expect((await session(t, newSession('ic')).dep({ package: 'x1', version: '1', manager: 'pip', import_check: check })).statusCode, check).toBe(200)
    }
    for (const check of ['torch', 'import torch; print(1)', 'os.system("id")', 'from . import x', '__import__("os")']) {
      const res = await session(t, newSession('ic')).dep({ package: 'x1', version: '1', manager: 'pip', import_check: check })
      expect(res.statusCode, check).toBe(400)
      expect(res.body.error_message).toMatch(/^Invalid value for import_check: it must be Python import statements only/)
    }
  })
})
