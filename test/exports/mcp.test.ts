import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { envelopeProperties, toMcp } from '../../src/exports/index.js'
import { Bash, NoteAdd, Read, tool } from './fixtures.js'

describe('toMcp', () => {
  it('keeps the dotted name and a plain input schema', () => {
    const t = toMcp(NoteAdd)
    expect(t.name).toBe('notebook.add_dependency')
    expect(t.inputSchema.type).toBe('object')
    expect(JSON.stringify(t.inputSchema)).not.toMatch(/\$ref|\$defs|~kind/)
  })

  it('copies title and the defined annotations only', () => {
    const t = toMcp(Read)
    expect(t.title).toBe('Read file')
    expect(t.annotations).toStrictEqual({ title: 'Read file', readOnlyHint: true, openWorldHint: false })
    const bare = toMcp(Bash)
    expect('title' in bare).toBe(false)
    expect('annotations' in bare).toBe(false)
  })

  it('output schema is the tool output plus the envelope, with no top-level required', () => {
    const out = toMcp(Read).outputSchema
    expect(out.type).toBe('object')
    expect('required' in out).toBe(false)
    const props = out.properties as Record<string, Record<string, unknown>>
    expect(Object.keys(props)).toEqual([
      'content',
      'lines',
      'status',
      'execution_id',
      'duration_ms',
      'messages',
      'error_code',
      'error_message',
      'approval_id',
      'dry_run',
      'details',
    ])
    expect(props.status).toMatchObject({ type: 'string', enum: ['ok', 'error', 'pending'] })
    expect(props.duration_ms.type).toBe('number')
    expect(props.messages).toMatchObject({ type: 'array', items: { type: 'string' } })
    for (const key of ['execution_id', 'error_code', 'error_message', 'approval_id']) expect(props[key].type).toBe('string')
  })

  it('keeps nested required and survives non-object outputs; the envelope export is not mutated', () => {
    const nested = tool('n', 'x', Type.Object({}), {
      output: Type.Object({ item: Type.Object({ id: Type.String() }) }),
    })
    const props = toMcp(nested).outputSchema.properties as Record<string, Record<string, unknown>>
    expect(props.item.required).toEqual(['id'])
    props.status.enum = []
    expect(envelopeProperties.status.enum).toEqual(['ok', 'error', 'pending'])
    const list = tool('l', 'x', Type.Object({}), { output: Type.Array(Type.String()) })
    expect(toMcp(list).outputSchema).toStrictEqual({ type: 'object', properties: envelopeProperties })
  })
})
