/** The app with every tool plus the text tools (until src/tools/index.ts lists them). */
import { allTools } from '../../../src/tools/index.js'
import { textTools } from '../../../src/tools/text/index.js'
import type { AnyTool } from '../../../src/tools/define.js'
import { buildTestApp, type TestApp } from '../../helper.js'

export const LLM_KEY = 'sk-test-0123456789abcdefghijklmnop'

export const tools: AnyTool[] = [...new Map([...allTools, ...textTools].map((t) => [t.name, t])).values()]

export function buildTextApp(llmUrl?: string, env: Record<string, string> = {}): Promise<TestApp> {
  return buildTestApp({
    env: { ...(llmUrl && { LLM_BASE_URL: llmUrl, LLM_API_KEY: LLM_KEY, LLM_MODEL: 'stand-in' }), ...env },
    tools,
  })
}

/** A history row, once the (asynchronous) history writer has stored it. */
export async function execution(t: TestApp, id: string, ms = 5_000): Promise<any> {
  const until = Date.now() + ms
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/v1/executions/${id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
    if (res.statusCode === 200) return res.json().execution
    if (Date.now() > until) throw new Error(`execution ${id} not recorded: ${res.body}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
