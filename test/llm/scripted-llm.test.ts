/**
 * The scripted LLM test server itself: turns answered in order as OpenAI would send them (tool
 * calls with JSON-string arguments, then a final answer), every request recorded and readable as
 * what the model was sent, and a request beyond the script refused loudly.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { request } from 'undici'
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.js'

let llm: ScriptedLlm | undefined
afterEach(async () => {
  await llm?.close()
  llm = undefined
})

async function post(body: object) {
  const res = await request(`${llm!.url}/chat/completions`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
  return { status: res.statusCode, body: (await res.body.json()) as any }
}

describe('scripted LLM', () => {
  it('answers tool calls then a final answer, in order, and records what it was sent', async () => {
    llm = await startScriptedLlm([
      { toolCalls: [{ name: 'Read', arguments: { file_path: 'a.txt' } }], usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 } },
      { answer: 'done' },
    ])
    const tools = [{ type: 'function', function: { name: 'Read', parameters: { type: 'object' } } }]
    const first = await post({
      model: 'm',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'go' },
      ],
      tools,
    })
    expect(first.status).toBe(200)
    const msg = first.body.choices[0].message
    expect(first.body.choices[0].finish_reason).toBe('tool_calls')
    expect(msg.content).toBeNull()
    expect(msg.tool_calls).toEqual([{ id: 'call_0_0', type: 'function', function: { name: 'Read', arguments: '{"file_path":"a.txt"}' } }])
    expect(first.body.usage.total_tokens).toBe(10)

    const messages = [
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: msg.tool_calls },
      { role: 'tool', tool_call_id: 'call_0_0', content: '{"output":"hi"}' },
    ]
    const second = await post({ model: 'm', messages, tools })
    expect(second.body.choices[0].message.content).toBe('done')
    expect(llm.remaining()).toBe(0)
    expect(llm.sent(0)).toMatchObject({ system: 'be brief', toolNames: ['Read'], toolResults: [] })
    expect(llm.sent(1).toolResults).toEqual([{ tool_call_id: 'call_0_0', content: { output: 'hi' } }])
    llm.assertDone({ all: true })
  })

  it('fails loudly on a request beyond the script', async () => {
    llm = await startScriptedLlm([{ answer: 'only one' }])
    await post({ model: 'm', messages: [{ role: 'user', content: 'a' }] })
    const extra = await post({ model: 'm', messages: [{ role: 'user', content: 'b' }] })
    expect(extra.status).toBe(400)
    expect(extra.body.error.message).toContain('beyond the script of 1 turn')
    expect(llm.overruns).toHaveLength(1)
    expect(() => llm!.assertDone()).toThrow(/beyond the script/)
  })

  it('reports turns never asked for, and lets a turn depend on the request', async () => {
    llm = await startScriptedLlm([(req) => ({ answer: `you said ${req.body.messages.at(-1).content}` }), { answer: 'unused' }])
    const res = await post({ model: 'm', messages: [{ role: 'user', content: 'hello' }] })
    expect(res.body.choices[0].message.content).toBe('you said hello')
    expect(() => llm!.assertDone({ all: true })).toThrow(/never asked for/)
    llm.assertDone()
  })

  it('sends raw replies, and starts over with another script', async () => {
    llm = await startScriptedLlm([{ raw: { status: 503, body: { error: { message: 'down' } } } }])
    expect((await post({ model: 'm', messages: [{ role: 'user', content: 'a' }] })).status).toBe(503)
    llm.reset([{ answer: 'fresh' }])
    expect(llm.requests).toHaveLength(0)
    expect((await post({ model: 'm', messages: [{ role: 'user', content: 'b' }] })).body.choices[0].message.content).toBe('fresh')
    llm.assertDone({ all: true })
  })
})
