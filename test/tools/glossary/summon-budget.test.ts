/**
 * The summoned context stays within its token budget however large the glossary and corpus: the
 * most relevant posts and entries are sent, never all of them, and the prompt says when entries
 * were left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENTRY_BUDGET_TOKENS, MAX_POSTS, POST_BUDGET_TOKENS, POST_EXCERPT_CHARS } from '../../../src/glossary/summon/context.js'
import { buildTestApp, type TestApp } from '../../helper.js'
import { completion, startLlmStandIn, type LlmStandIn } from '../../support/llm-stand-in.js'
import { createEntry, post, snapshot, thread } from './helpers.js'

let t: TestApp
let standIn: LlmStandIn
const filler = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => `${seed} ${i}`)
    .join(' ')
    .slice(0, n)

beforeAll(async () => {
  standIn = await startLlmStandIn(() => ({ body: completion('ok') }))
  t = await buildTestApp({ env: { LLM_BASE_URL: standIn.url, LLM_MODEL: 'stand-in' } })
  await thread(t, 1, 1)
  // 80 posts that all mention vys, each longer than the excerpt: far more than the budget holds.
  for (let i = 0; i < 80; i++) await post(t, { id: 5000 + i, thread: 1, body: `POST-${5000 + i} the vys channels. ${filler(3000, 'lorem ipsum dolor')}` })
  // 40 entries of ~2,000 characters: about 20,000 tokens, more than the glossary budget.
  for (let i = 0; i < 40; i++) await createEntry(t, { term: `term${i}`, definition: `ENTRY-${i} ${filler(2000, 'sit amet consectetur')}` })
  await createEntry(t, { term: 'vys', definition: 'The energy that flows through channels.' })
})
afterAll(async () => {
  await t?.close()
  await standIn?.close()
})

describe('the token budget', () => {
  it('sends only the relevant part of a large glossary and corpus', async () => {
    const snap = await snapshot(t, { type: 'manual', thread_position: 1 })
    const res = await t.call(
      'summon_snapshot',
      { snapshot_id: snap.body.snapshot.id, query: 'What flows through the vys channels?' },
      { headers: { 'x-session-id': 'budget' } },
    )
    expect(res.statusCode).toBe(200)
    const system: string = standIn.requests[0].body.messages[0].content
    const posts = system.match(/<post id=/g) ?? []
    const entries = system.match(/<entry id=/g) ?? []
    expect(posts.length).toBeGreaterThan(0)
    expect(posts.length).toBeLessThanOrEqual(Math.min(MAX_POSTS, Math.floor((POST_BUDGET_TOKENS * 4) / POST_EXCERPT_CHARS)))
    expect(system).toContain('[…post continues]')
    expect(entries.length).toBeLessThan(41)
    // The entry that names the question's words is among those kept, and the prompt says some were left out.
    expect(system).toContain('The energy that flows through channels.')
    expect(system).toMatch(/<glossary entry_count="41" shown="\d+" note="only the entries most relevant/)
    expect(system.length).toBeLessThan((ENTRY_BUDGET_TOKENS + POST_BUDGET_TOKENS) * 4 + 10_000)
  })
})
