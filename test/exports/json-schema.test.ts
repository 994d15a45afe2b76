import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { stripForProvider, toPlainSchema } from '../../src/exports/json-schema.js'

describe('toPlainSchema', () => {
  it('copies enumerable keys only', () => {
    const plain = toPlainSchema(Type.Object({ a: Type.Optional(Type.String()) }))
    expect(Object.getOwnPropertyNames(plain)).not.toContain('~kind')
    expect(Object.getOwnPropertyNames((plain.properties as Record<string, object>).a)).toEqual(['type'])
  })

  it('inlines #/$defs and #/definitions refs and removes the defs', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:x',
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/Point', description: 'sibling kept' },
        b: { type: 'array', items: { $ref: '#/definitions/Name' } },
        c: { anyOf: [{ $ref: '#/$defs/Point' }, { type: 'null' }] },
        $id: { type: 'string' }, // a property named like a keyword stays
      },
      $defs: { Point: { type: 'object', properties: { x: { type: 'number' }, n: { $ref: '#/definitions/Name' } } } },
      definitions: { Name: { type: 'string', minLength: 1 } },
    }
    const point = { type: 'object', properties: { x: { type: 'number' }, n: { type: 'string', minLength: 1 } } }
    expect(toPlainSchema(schema)).toStrictEqual({
      type: 'object',
      properties: {
        a: { ...point, description: 'sibling kept' },
        b: { type: 'array', items: { type: 'string', minLength: 1 } },
        c: { anyOf: [point, { type: 'null' }] },
        $id: { type: 'string' },
      },
    })
  })

  it('inlines TypeBox Type.Ref by name', () => {
    const schema = Type.Object({ p: Type.Ref('P') }, { $defs: { P: Type.Object({ x: Type.Number() }) } })
    expect(toPlainSchema(schema)).toStrictEqual({
      type: 'object',
      required: ['p'],
      properties: { p: { type: 'object', required: ['x'], properties: { x: { type: 'number' } } } },
    })
  })

  it('keeps defaults and examples as data, even if they look like refs', () => {
    const schema = { type: 'object', default: { $ref: '#/$defs/Nope' }, properties: {} }
    expect(toPlainSchema(schema)).toStrictEqual(schema)
  })

  it('throws a clear error on recursion', () => {
    const cyclic = Type.Cyclic({ Node: Type.Object({ id: Type.String(), next: Type.Optional(Type.Ref('Node')) }) }, 'Node')
    expect(() => toPlainSchema(cyclic)).toThrow(/recursive schema.*Node -> Node/)
    const mutual = {
      $ref: '#/$defs/A',
      $defs: { A: { properties: { b: { $ref: '#/$defs/B' } } }, B: { items: { $ref: '#/$defs/A' } } },
    }
    expect(() => toPlainSchema(mutual)).toThrow(/cannot express recursion/)
    expect(() => toPlainSchema({ properties: { self: { $ref: '#' } } })).toThrow(/recursive/)
  })

  it('throws on unresolvable refs', () => {
    expect(() => toPlainSchema({ $ref: '#/$defs/Missing' })).toThrow(/cannot inline \$ref "#\/\$defs\/Missing"/)
    expect(() => toPlainSchema({ $ref: 'https://example.com/s.json' })).toThrow(/only local/)
  })
})

describe('stripForProvider', () => {
  it('keeps the allowed keywords and forces an object top level', () => {
    expect(stripForProvider({ $id: 'x', errorMessage: 'e', description: 'd', required: [] })).toStrictEqual({
      type: 'object',
      properties: {},
      description: 'd',
    })
    expect(
      stripForProvider({
        type: 'object',
        properties: { format: { type: 'string', 'x-internal': true, items: 1 }, list: { type: 'array', items: { type: 'integer', not: {} } } },
      }),
    ).toStrictEqual({
      type: 'object',
      properties: { format: { type: 'string', items: 1 }, list: { type: 'array', items: { type: 'integer' } } },
    })
  })
})
