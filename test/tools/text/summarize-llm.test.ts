/**
 * summarize with an LLM: the OpenAI-compatible stand-in checks what each call carries (path, key,
 * model, the chunk's text, max_tokens); a long text makes one call per chunk and one merge call,
 * and the summed token usage lands in history.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { chunkCharsFor } from '../../../src/text/llm-summary.js'
import { completion, startLlmStandIn, type LlmStandIn, type StandInRequest } from '../../support/llm-stand-in.js'
import { LLM_KEY, buildTextApp, execution } from './helpers.js'

let standIn: LlmStandIn
let t: TestApp
let reply: (req: StandInRequest, i: number) => object = () => ({})

beforeAll(async () => {
  standIn = await startLlmStandIn((req, i) => reply(req, i))
  t = await buildTextApp(standIn.url, { LLM_MAX_RETRIES: '1' })
})
afterAll(async () => {
  await t?.close()
  await standIn?.close()
})
beforeEach(() => {
  standIn.requests.length = 0
  reply = (req) => ({ body: completion(req.text.includes('<summary part=') ? 'The merged summary.' : 'A partial summary.') })
})

/** A paragraph of about `chars` characters whose sentences all carry `marker`. */
const paragraph = (marker: string, chars: number) => {
  const sentence = `The ${marker} section describes how ${marker} items behave under load.`
  return Array.from({ length: Math.ceil(chars / (sentence.length + 1)) }, () => sentence).join(' ')
}

describe('summarize with an LLM', () => {
  it('a short text is one call carrying the text, the key, the model and max_tokens', async () => {
    reply = () => ({ body: completion('- cats sit\n- dogs run') })
    const res = await t.call('summarize', { text: 'Cats sit on mats. Dogs run in parks.', max_tokens: 100, style: 'bullet' })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', success: true, error: null, output: '- cats sit\n- dogs run', messages: [] })
    expect(res.body.metadata).toMatchObject({
      method: 'llm',
      chunks: 1,
      llm_calls: 1,
      merge_rounds: 0,
      model: 'stand-in',
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    })
    expect(standIn.requests).toHaveLength(1)
    const [req] = standIn.requests
    expect(req.path).toBe('/v1/chat/completions')
    expect(req.headers.authorization).toBe(`Bearer ${LLM_KEY}`)
    expect(req.body.model).toBe('stand-in')
    expect(req.body.max_tokens).toBe(100)
    expect(req.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user'])
    expect(req.body.messages[1].content).toContain('Cats sit on mats. Dogs run in parks.')
    expect(req.body.messages[1].content).toContain('bulleted list')
  })

  it('a long text: one call per chunk, then one merge call; usage summed in history', async () => {
    const maxTokens = 64
    const size = chunkCharsFor(maxTokens)
    expect(size).toBe(4096)
    // Three paragraphs of ~3000 characters: no two fit one 4096-character chunk.
    const markers = ['alpha', 'bravo', 'charlie']
    const text = markers.map((m) => paragraph(m, 3000)).join('\n\n')
    reply = (req) => {
      if (req.text.includes('<summary part='))
        return { body: completion('Alpha, bravo and charlie, merged.', { usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } }) }
      const marker = markers.find((m) => req.text.includes(`The ${m} section`))
      return { body: completion(`Partial about ${marker}.`) }
    }
    const res = await t.call('summarize', { text, max_tokens: maxTokens })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.output).toBe('Alpha, bravo and charlie, merged.')
    expect(res.body.metadata).toMatchObject({ method: 'llm', chunks: 3, llm_calls: 4, merge_rounds: 0, model: 'stand-in', input_chars: text.length })

    expect(standIn.requests).toHaveLength(4)
    const chunkCalls = standIn.requests.filter((r) => !r.text.includes('<summary part='))
    const mergeCalls = standIn.requests.filter((r) => r.text.includes('<summary part='))
    expect(chunkCalls).toHaveLength(3)
    expect(mergeCalls).toHaveLength(1)
    for (const m of markers) {
      const call = chunkCalls.find((r) => r.text.includes(`The ${m} section`))!
      expect(call, m).toBeDefined()
      // Each chunk call carries its own paragraph and no other.
      expect(markers.filter((x) => call.text.includes(`The ${x} section`))).toEqual([m])
      expect(call.body.messages[1].content).toContain(paragraph(m, 3000))
      expect(call.body.max_tokens).toBe(maxTokens)
      expect(call.headers.authorization).toBe(`Bearer ${LLM_KEY}`)
      expect(call.body.model).toBe('stand-in')
    }
    // The merge comes last and carries the partials in order.
    expect(standIn.requests[3]).toBe(mergeCalls[0])
    const merge = mergeCalls[0].body.messages[1].content as string
    expect(merge.indexOf('Partial about alpha.')).toBeLessThan(merge.indexOf('Partial about bravo.'))
    expect(merge.indexOf('Partial about bravo.')).toBeLessThan(merge.indexOf('Partial about charlie.'))
    expect(mergeCalls[0].body.max_tokens).toBe(maxTokens)

    const usage = { prompt_tokens: 3 * 10 + 100, completion_tokens: 3 * 5 + 20, total_tokens: 3 * 15 + 120 }
    expect(res.body.metadata.usage).toEqual(usage)
    const row = await execution(t, res.body.execution_id)
    expect(row.status).toBe('ok')
    expect(row.usage).toEqual({ ...usage, model: 'stand-in' })
  })

  it('partials too long to merge at once are merged in groups first', async () => {
    const maxTokens = 64 // 4096-character chunks; partials of ~1500 characters: two fit a group, not all four
    const markers = ['one', 'two', 'three', 'four']
    const text = markers.map((m) => paragraph(m, 3000)).join('\n\n')
    reply = (req) => ({ body: completion(req.text.includes('<summary part=') ? 'Merged.' : 'x'.repeat(1500)) })
    const res = await t.call('summarize', { text, max_tokens: maxTokens })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    // 4 chunk calls, 2 group merges, 1 final merge.
    expect(res.body.metadata).toMatchObject({ chunks: 4, llm_calls: 7, merge_rounds: 1 })
    expect(standIn.requests).toHaveLength(7)
  })

  it('partials that no grouping shortens are cut to equal shares for the final merge', async () => {
    const maxTokens = 64 // 4096-character chunks; partials of 3000 characters: no two fit a group
    const markers = ['one', 'two', 'three', 'four']
    const text = markers.map((m) => paragraph(m, 3000)).join('\n\n')
    reply = (req) => {
      if (req.text.includes('<summary part=')) return { body: completion('Merged.') }
      const marker = markers.find((m) => req.text.includes(`The ${m} section`))
      return { body: completion(`${marker}:${'y'.repeat(3000)}`) }
    }
    const res = await t.call('summarize', { text, max_tokens: maxTokens })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.metadata).toMatchObject({ chunks: 4, llm_calls: 5, merge_rounds: 0 })
    const merge = standIn.requests.at(-1)!.body.messages[1].content as string
    // Each of the four partials keeps its first 1023 characters (4096 / 4 - 1) and an ellipsis, in order.
    const kept = [...merge.matchAll(/<summary part="\d">\n([^\n]*)\n<\/summary>/g)].map((m) => m[1])
    expect(kept.map((k) => k.split(':')[0])).toEqual(markers)
    for (const k of kept) expect([k.length, k.endsWith('…')]).toEqual([1024, true])
  })

  it('warns when the summary hit max_tokens', async () => {
    reply = () => ({ body: completion('Cut off mid', { finishReason: 'length' }) })
    const res = await t.call('summarize', { text: 'A short text to summarize.', max_tokens: 16 })
    expect(res.statusCode).toBe(200)
    expect(res.body.messages.join(' ')).toContain('max_tokens (16)')
  })

  it('an LLM failure is a 502 UPSTREAM_ERROR in ToolResult shape, without the key, retried per LLM_MAX_RETRIES', async () => {
    reply = () => ({ status: 500, body: { error: { message: `internal failure for key ${LLM_KEY}` } } })
    const res = await t.call('summarize', { text: 'Some text to summarize.' })
    expect(res.statusCode).toBe(502)
    expect(res.body).toMatchObject({ status: 'error', error_code: 'UPSTREAM_ERROR', success: false })
    expect(res.body.error_message).toContain('HTTP 500')
    expect(standIn.requests).toHaveLength(2)
    expect(JSON.stringify(res.body)).not.toContain(LLM_KEY)
    const row = await execution(t, res.body.execution_id)
    expect(JSON.stringify(row)).not.toContain(LLM_KEY)
    expect(t.logs.text).not.toContain(LLM_KEY)
  })

  it('says at start which model it uses, never the key', () => {
    expect(t.app.toolServices.llm.configured).toBe(true)
    expect(t.logs.text).toContain('LLM configured: stand-in')
    expect(t.logs.text).not.toContain(LLM_KEY)
  })

  it('validates its input', async () => {
    expect((await t.call('summarize', { text: '' })).statusCode).toBe(400)
    expect((await t.call('summarize', { text: '   ' })).statusCode).toBe(400)
    expect((await t.call('summarize', { text: 'x', max_tokens: 8 })).statusCode).toBe(400)
    expect((await t.call('summarize', { text: 'x', max_tokens: 5000 })).statusCode).toBe(400)
    expect(standIn.requests).toHaveLength(0)
  })
})
