/**
 * The committed OpenAPI document (openapi/openapi.json) is the live one, byte for byte; the live
 * one is valid OpenAPI 3.1, and every registered tool has its own operation whose request body is
 * the tool's input schema and whose 200 answer carries the tool's output fields.
 */
import fs from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { compileErrors, validate } from '@readme/openapi-parser'
import { toPlainSchema } from '../src/exports/json-schema.js'
import type { AnyTool } from '../src/tools/define.js'
import { OPENAPI_FILE, openapiBuild, serializeDocument } from '../scripts/build-doc-app.js'
import { createDb } from '../src/db/client.js'
import { databaseOfItsOwn } from './support/database-template.js'

const STALE = 'openapi/openapi.json is stale: run npm run openapi'

let doc: Record<string, any>
let tools: AnyTool[]
beforeAll(async () => {
  // The suite's migrated template: a new database would run initdb first (seconds of CPU).
  const own = await databaseOfItsOwn()
  const database = await createDb(own.options)
  try {
    ;({ document: doc, tools } = await openapiBuild(database))
  } finally {
    await database.close()
    await own.remove()
  }
})

/** Plain JSON of a schema (TypeBox keeps its own marks out of enumerable keys). */
const plain = (schema: unknown): any => JSON.parse(JSON.stringify(schema))
/** A schema with `$ref`s can only go into an operation inlined; anything else must go in unchanged. */
const expectedBody = (schema: unknown): any => (/"\$(ref|defs|id)"/.test(JSON.stringify(schema)) ? toPlainSchema(schema) : plain(schema))

function firstDifference(a: string, b: string): string {
  const al = a.split('\n')
  const bl = b.split('\n')
  for (let i = 0; i < Math.max(al.length, bl.length); i++) {
    if (al[i] !== bl[i]) return `first difference at line ${i + 1}:\n  committed: ${al[i] ?? '(end of file)'}\n  live:      ${bl[i] ?? '(end of file)'}`
  }
  return 'no line differs'
}

describe('openapi/openapi.json', () => {
  it('is the live document (regenerate it with npm run openapi)', async () => {
    let committed: string
    try {
      committed = await fs.readFile(OPENAPI_FILE, 'utf8')
    } catch {
      throw new Error(`${STALE} (the file is missing)`)
    }
    const live = serializeDocument(doc)
    if (committed !== live) throw new Error(`${STALE}\n${firstDifference(committed, live)}`)
  })
})

describe('the live OpenAPI document', () => {
  it('is OpenAPI 3.1.0 with info and paths', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info).toMatchObject({ title: 'toolgate', version: expect.any(String) })
    expect(Object.keys(doc.paths ?? {}).length).toBeGreaterThan(0)
  })

  it('passes OpenAPI 3.1 validation', async () => {
    const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0])
    if (!result.valid) throw new Error(compileErrors(result))
    expect(result.warnings).toEqual([])
  })

  it('has only references that resolve inside the document', () => {
    const broken: string[] = []
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) {
        for (const [i, n] of node.entries()) walk(n, `${at}/${i}`)
        return
      }
      if (typeof node !== 'object' || node === null) return
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') {
          const target = v.startsWith('#/')
            ? v
                .slice(2)
                .split('/')
                .reduce<any>((o, p) => o?.[p.replaceAll('~1', '/').replaceAll('~0', '~')], doc)
            : undefined
          if (target === undefined) broken.push(`${at}: ${v}`)
        } else walk(v, `${at}/${k}`)
      }
    }
    walk(doc, '#')
    expect(broken).toEqual([])
  })

  it('has unique operation ids', () => {
    const ids = Object.values(doc.paths).flatMap((p: any) =>
      Object.values(p)
        .map((op: any) => op.operationId)
        .filter(Boolean),
    )
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('serves every registered tool', () => {
    expect(tools.length).toBeGreaterThan(0)
    expect(tools.map((t) => t.name)).toContain('hello')
  })

  it("gives every tool its own POST operation whose body is the tool's input schema", () => {
    for (const tool of tools) {
      const op = doc.paths[`/v1/tools/${tool.name}`]?.post
      expect(op, `no POST /v1/tools/${tool.name} operation`).toBeDefined()
      const body = op.requestBody?.content?.['application/json']?.schema
      // The registered tool's input: its own schema with the default limits filled in (src/tools/limits.ts).
      expect(body, `POST /v1/tools/${tool.name}: request body schema`).toEqual(expectedBody(tool.input))
    }
    expect(doc.paths['/v1/tools/Bash'].post.requestBody.content['application/json'].schema.properties.command.maxLength).toBe(100_000)
  })

  it("answers 200 with the tool's output properties beside the envelope", () => {
    for (const tool of tools) {
      const ok = doc.paths[`/v1/tools/${tool.name}`]?.post?.responses?.['200']?.content?.['application/json']?.schema
      expect(ok, `POST /v1/tools/${tool.name}: 200 response schema`).toBeDefined()
      const out = toPlainSchema(tool.output) as { properties?: Record<string, unknown>; required?: string[] }
      for (const [name, schema] of Object.entries(out.properties ?? {})) {
        expect(ok.properties?.[name], `POST /v1/tools/${tool.name}: 200 response property ${name}`).toEqual(schema)
      }
      for (const name of out.required ?? []) expect(ok.required, `POST /v1/tools/${tool.name}: 200 required`).toContain(name)
      for (const name of ['status', 'execution_id', 'duration_ms']) expect(Object.keys(ok.properties ?? {})).toContain(name)
    }
  })
})
