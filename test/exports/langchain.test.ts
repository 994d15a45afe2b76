/**
 * The LangChain export goes into the real `@langchain/core` as it is: LangChain.js takes each entry
 * as a tool (StructuredToolParams), `convertToOpenAITool` and a chat model's `bindTools` keep every
 * name and parameter, and `tool()` builds a working tool from it.
 */
import { tool as lcTool } from '@langchain/core/tools'
import { convertToOpenAITool, isLangChainTool } from '@langchain/core/utils/function_calling'
import { FakeStreamingChatModel } from '@langchain/core/utils/testing'
import { describe, expect, it } from 'vitest'
import { exportTools, type LangChainTool, type OpenAITool } from '../../src/exports/index.js'
import { allTools } from '../../src/tools/index.js'
import { createRegistry } from '../../src/tools/registry.js'

const tools = createRegistry(allTools).list()
const langchain = exportTools('langchain', tools) as LangChainTool[]
const openai = exportTools('openai', tools) as OpenAITool[]

describe('the LangChain export in @langchain/core', () => {
  it('is a LangChain tool, entry by entry', () => {
    expect(langchain.filter((t) => !isLangChainTool(t)).map((t) => t.name)).toEqual([])
  })

  it('converts to the same OpenAI tools as the OpenAI export: names, descriptions, parameters', () => {
    expect(langchain.map((t) => convertToOpenAITool(t))).toEqual(openai)
  })

  it("keeps names and parameters through a chat model's bindTools", () => {
    const bound = new FakeStreamingChatModel({}).bindTools(langchain) as unknown as { config: { tools: OpenAITool[] } }
    expect(bound.config.tools.map((t) => t.function.name)).toEqual(openai.map((t) => t.function.name))
    expect(bound.config.tools.map((t) => t.function.parameters)).toEqual(openai.map((t) => t.function.parameters))
    expect(bound.config.tools.find((t) => t.function.name === 'notebook__add_dependency')?.function.parameters.required).toEqual([
      'package',
      'version',
      'manager',
    ])
  })

  it('makes working tools with tool(): examples are accepted, bad input refused by the schema', async () => {
    const calls: unknown[] = []
    const exported = langchain.find((t) => t.name === 'read_repo_file')!
    const readRepoFile = lcTool(async (input) => {
      calls.push(input)
      return 'ok'
    }, exported)
    const example = tools.find((t) => t.name === 'read_repo_file')!.examples![0].value
    expect(await readRepoFile.invoke(example)).toBe('ok')
    expect(calls).toEqual([example])
    await expect(readRepoFile.invoke({ path: 'a b;rm' })).rejects.toThrow(/schema/i)
    expect(readRepoFile.name).toBe('read_repo_file')
  })
})
