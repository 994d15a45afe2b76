/** summarize without an LLM: an extractive summary of the key sentences, deterministic, and said so. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildTextApp } from './helpers.js'

let t: TestApp
beforeAll(async () => {
  t = await buildTextApp()
})
afterAll(async () => t?.close())

// Three sentences about solar power among five of filler: the summary should be the three.
const KEY_SENTENCES = [
  'Solar panels convert sunlight into electricity for homes.',
  'Modern solar panels convert about twenty percent of sunlight into electricity.',
  'Cheap solar panels and batteries let homes store electricity from sunlight.',
]
const TEXT = `${KEY_SENTENCES[0]} The weather was pleasant on Tuesday.

${KEY_SENTENCES[1]} My neighbour owns a red bicycle. Lunch was served at noon.

${KEY_SENTENCES[2]} The meeting ended early. Birds sang outside.`

describe('summarize without an LLM', () => {
  it('picks the key sentences, in order, and says the summary is extractive', async () => {
    const res = await t.call('summarize', { text: TEXT })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', success: true, error: null })
    expect(res.body.output).toBe(KEY_SENTENCES.join(' '))
    expect(res.body.metadata).toEqual({
      method: 'extractive',
      sentences_total: 8,
      sentences_selected: 3,
      input_chars: TEXT.length,
      summary_chars: res.body.output.length,
    })
    expect(res.body.messages).toHaveLength(1)
    expect(res.body.messages[0]).toMatch(/No LLM is configured.*extractive/)
  })

  it('is deterministic', async () => {
    const a = await t.call('summarize', { text: TEXT, max_tokens: 40 })
    const b = await t.call('summarize', { text: TEXT, max_tokens: 40 })
    expect(a.body.output).toBe(b.body.output)
    expect(a.body.metadata).toEqual(b.body.metadata)
  })

  it('styles: bullet lists the sentences, tl;dr keeps two', async () => {
    const bullet = await t.call('summarize', { text: TEXT, style: 'bullet' })
    expect(bullet.body.output).toBe(KEY_SENTENCES.map((s) => `- ${s}`).join('\n'))
    const tldr = await t.call('summarize', { text: TEXT, style: 'tl;dr' })
    expect(tldr.body.output).toBe(`${KEY_SENTENCES[0]} ${KEY_SENTENCES[2]}`)
    const other = await t.call('summarize', { text: TEXT, style: 'pirate speak' })
    expect(other.body.messages.join(' ')).toContain('"pirate speak" needs an LLM')
  })

  it('stays within the budget of max_tokens × 4 characters', async () => {
    // 16 tokens: 64 characters, room for the (best) first sentence alone.
    const res = await t.call('summarize', { text: TEXT, max_tokens: 16 })
    expect(res.body.output).toBe(KEY_SENTENCES[0])
    // A single sentence longer than the budget is cut at a word.
    const long = `${'Electricity from sunlight powers homes and '.repeat(5)}everything else.`
    const cut = await t.call('summarize', { text: long, max_tokens: 16 })
    expect(cut.body.output.length).toBeLessThanOrEqual(64)
    expect(cut.body.output.endsWith('…')).toBe(true)
    expect(long.startsWith(cut.body.output.slice(0, -1))).toBe(true)
  })

  it('the app offers an unconfigured LLM that answers 503 LLM_NOT_CONFIGURED', async () => {
    const llm = t.app.toolServices.llm
    expect(llm.configured).toBe(false)
    await expect(llm.chat([{ role: 'user', content: 'x' }])).rejects.toMatchObject({ code: 'LLM_NOT_CONFIGURED', statusCode: 503 })
  })

  it('records no usage in history', async () => {
    const res = await t.call('summarize', { text: TEXT })
    const row = await t.app.inject({ method: 'GET', url: `/v1/executions/${res.body.execution_id}`, headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(row.json().execution.usage).toBeNull()
  })
})
