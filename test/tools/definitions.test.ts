/**
 * What every tool definition must carry beyond its schemas (issue 16): examples its own validator
 * accepts (OpenAPI and Swagger UI show them), and the context headers it reads, declared, since a
 * tool sees X-Post-Id / X-Thread-Id only when it declares them.
 */
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineTool, type AnyTool, type ToolContextHeader } from '../../src/tools/define.js'
import { allTools } from '../../src/tools/index.js'
import { createRegistry } from '../../src/tools/registry.js'
import { buildTestApp, type TestApp } from '../helper.js'

describe('examples', () => {
  const registry = createRegistry(allTools)

  it('every tool has at least one, with a summary', () => {
    const without = allTools.filter((t) => !t.examples?.length || t.examples.some((e) => !e.summary.trim())).map((t) => t.name)
    expect(without).toEqual([])
  })

  it("every example passes the tool's own validation", () => {
    const refused = allTools.flatMap((t) =>
      (t.examples ?? []).flatMap((e) => {
        const checked = registry.get(t.name)!.validate(e.value)
        return checked.ok ? [] : [`${t.name} "${e.summary}": ${checked.error.message}`]
      }),
    )
    expect(refused).toEqual([])
  })
})

describe('context headers', () => {
  const echo = (name: string, contextHeaders?: ToolContextHeader[]) =>
    defineTool({
      name,
      toolset: 'test',
      category: 'OTHER',
      description: 'Echoes the reading position it sees (test only).',
      input: Type.Object({}),
      output: Type.Object({ post: Type.Union([Type.Integer(), Type.Null()]), thread: Type.Union([Type.Integer(), Type.Null()]) }),
      scope: 'read',
      contextHeaders,
      execute: (_args, ctx) => ({ post: ctx.postId ?? null, thread: ctx.threadId ?? null }),
    }) as AnyTool

  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ tools: [echo('reads_position', ['x-post-id', 'x-thread-id']), echo('ignores_position')] })
  })
  afterAll(async () => t?.close())

  it('reach a tool that declares them, and no other', async () => {
    const headers = { 'x-post-id': '12567', 'x-thread-id': '30265890' }
    expect((await t.call('reads_position', {}, { headers })).body).toMatchObject({ post: 12567, thread: 30265890 })
    expect((await t.call('ignores_position', {}, { headers })).body).toMatchObject({ post: null, thread: null })
  })

  it('are declared by the glossary writes, which keep the position in their revisions', () => {
    const declaring = allTools.filter((tool) => tool.contextHeaders?.length).map((tool) => tool.name)
    expect(declaring).toEqual(expect.arrayContaining(['glossary_create', 'glossary_delete', 'glossary_update']))
  })
})
