/** The workflow expression language: what it accepts, what it refuses, and that it reads only data. */
import { describe, expect, it } from 'vitest'
import { evaluate, ExpressionError, MAX_EXPRESSION_LENGTH, parseExpression } from '../../src/workflows/expressions.js'
import { parseTemplate, renderValue } from '../../src/workflows/templates.js'

const scope = {
  params: { name: 'docs', count: 3, flag: false, files: ['a.md', 'b.md'] },
  steps: { read: { status: 'ok', output: { output: 'text', metadata: { bytes_read: 12 } } } },
  item: 'a.md',
  index: 0,
}
const run = (src: string) => evaluate(parseExpression(src), scope)

describe('expressions', () => {
  it('read references, literals and list indexes', () => {
    expect(run('params.name')).toBe('docs')
    expect(run('steps.read.output.metadata.bytes_read')).toBe(12)
    expect(run('params.files[1]')).toBe('b.md')
    expect(run("steps.read.output['output']")).toBe('text')
    expect(run('params.missing')).toBeNull()
    expect(run('steps.read.output.metadata.bytes_read.deeper')).toBeNull()
    expect(run("'it''s'")).toBe("it's")
    expect(run('params.files.length')).toBe(2)
    expect(run('-2.5')).toBe(-2.5)
    expect(run('null')).toBeNull()
  })

  it('compare, negate and combine', () => {
    expect(run('params.count > 2')).toBe(true)
    expect(run('params.count <= 2')).toBe(false)
    expect(run("params.name == 'docs' && !params.flag")).toBe(true)
    expect(run("params.name != 'docs' || params.count >= 3")).toBe(true)
    expect(run('params.flag || params.name')).toBe('docs')
    expect(run('!(params.count > 2 && params.flag)')).toBe(true)
    expect(run('params.missing == null')).toBe(true)
    expect(() => run("params.count < 'x'")).toThrow(/Cannot compare number < string/)
  })

  it('never reach past the data: no prototype, constructor or function', () => {
    expect(run('params.constructor')).toBeNull()
    expect(run('params.__proto__')).toBeNull()
    expect(run('params.name.length')).toBeNull()
    expect(() => parseExpression('params.name()')).toThrow(ExpressionError)
    expect(() => parseExpression('params.count + 1')).toThrow(/Unexpected character "\+"/)
  })

  it('refuse bad syntax with the place it went wrong, and bound length and depth', () => {
    for (const [src, message] of [
      ['params.', /Expected a field name after "\." at character 8/],
      ["'open", /Unterminated string/],
      ['(params.x', /Missing "\)"/],
      ['params.x ==', /Expected a value/],
      ['a b', /Unexpected "b" at character 3/],
      ['', /Empty expression/],
    ] as const) {
      expect(() => parseExpression(src), src).toThrow(message)
    }
    expect(() => parseExpression('x'.repeat(MAX_EXPRESSION_LENGTH + 1))).toThrow(/limit is 1024/)
    expect(() => parseExpression(`${'!'.repeat(40)}x`)).toThrow(/nested more than 32/)
    expect(() => parseExpression(`${'('.repeat(40)}x${')'.repeat(40)}`)).toThrow(/nested more than 32/)
  })
})

describe('templates', () => {
  it('keep the type of a whole-string expression and interpolate the rest', () => {
    expect(renderValue('${{ params.files }}', scope)).toEqual(['a.md', 'b.md'])
    expect(renderValue(' ${{ params.count }} ', scope)).toBe(3)
    expect(renderValue('Read ${{ params.count }} files: ${{ params.files }}', scope)).toBe('Read 3 files: ["a.md","b.md"]')
    expect(renderValue({ a: '${{ item }}', b: ['${{ index }}'], gone: '${{ params.missing }}' }, scope)).toEqual({ a: 'a.md', b: [0] })
    expect(renderValue("${{ 'a }}' }}", scope)).toBe('a }}')
  })

  it('say where a template is broken', () => {
    expect(() => parseTemplate('x ${{ params.name')).toThrow(/has no closing/)
    try {
      parseTemplate('abc ${{ params. }}')
    } catch (err) {
      expect((err as ExpressionError).at).toBe(16)
    }
  })
})
