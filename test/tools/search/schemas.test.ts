/**
 * Glob, Grep and fs_glob on every surface: the catalog, the four exported schema formats (each
 * compiling with ajv), and a live OpenAPI document that still validates with them in it.
 */
import { Ajv } from 'ajv'
import { compileErrors, validate } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { tools } from './fixture.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ tools })
})
afterAll(async () => {
  await t.close()
})

const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json()

describe('search tools on every surface', () => {
  it('are listed under FILE with their toolsets', async () => {
    const grep = await get('/v1/tools/Grep')
    expect(JSON.stringify(grep)).toContain('files_with_matches')
    const catalog = JSON.stringify(await get('/v1/tools'))
    for (const name of ['Glob', 'Grep', 'fs_glob']) expect(catalog).toContain(`"${name}"`)
  })

  it('export to openai, anthropic, langchain and mcp with schemas ajv compiles', async () => {
    const ajv = new Ajv({ strict: false })
    for (const format of ['openai', 'anthropic', 'langchain', 'mcp']) {
      const body = await get(`/v1/schemas/${format}`)
      const text = JSON.stringify(body)
      for (const name of ['Glob', 'Grep', 'fs_glob']) expect(text, format).toContain(name)
      const list: any[] = Array.isArray(body) ? body : body.tools
      const ours = list.filter((e) => ['Glob', 'Grep', 'fs_glob'].includes(e.function?.name ?? e.name))
      expect(ours, format).toHaveLength(3)
      for (const entry of ours) {
        const schema = entry.function?.parameters ?? entry.input_schema ?? entry.inputSchema ?? entry.schema
        expect(() => ajv.compile(schema), format).not.toThrow()
      }
    }
  })

  it('keep the OpenAPI document valid', async () => {
    const doc = await get('/openapi.json')
    for (const name of ['Glob', 'Grep', 'fs_glob']) expect(doc.paths[`/v1/tools/${name}`]).toBeDefined()
    const result = await validate(structuredClone(doc))
    if (!result.valid) throw new Error(compileErrors(result))
  })
})
