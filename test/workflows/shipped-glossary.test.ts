/**
 * The shipped glossary workflows end to end (seed 004): workflows/glossary-annotate.yaml walks a
 * small imported corpus thread by thread and workflows/glossary-curate.yaml reviews the tentative
 * entries, on the real app and database, with the scripted LLM playing the glossary-annotator and
 * the curator as a model would (read the post, search, then create or update; explicate, read the
 * source, confirm). Asserted: the entries and the posts they record, their revisions, the
 * checkpoints, and the runs as GET /v1/workflow-runs/{id} shows them.
 */
import fs from 'node:fs/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { importBody, ndjson, post } from '../tools/corpus/helpers.js'
import { create, entryOf, revisionsOf } from '../tools/glossary/fixtures.js'
import { agentPlayer, answer, call, calls, jsonAfter, type AgentPlayer, type Conversation, type Role } from '../support/agent-player.js'
import { getRun, runWorkflow, SHIPPED, SHIPPED_DIR, startHarness, stepOf, type Harness } from './shipped-support.js'

let h: Harness
const QM = ['qm_post', 'story_post']

/** Three threads, read in this order (positions 1, 2, 3). */
const CORPUS = [
  post(71011, 7101, 0, {
    author: 'Soma',
    tags: QM,
    body: 'You are Cael, apprentice to the town vatis of Hollowmere. A vatis is one who feels the vys and can draw it from old stones.',
  }),
  post(71012, 7101, 5, { author: 'Anon', tags: ['vote'], body: '[X] Go to the well stones.' }),
  post(71013, 7101, 9, {
    author: 'Soma',
    tags: QM,
    body: 'The vys is the warmth the old well stones hold. Master Ilse drew it to keep the frost off the orchards.',
  }),
  post(71021, 7102, 60, { author: 'Soma', tags: QM, body: 'Cinderglass is what the Long Dawn left of the college: black glass that drinks vys.' }),
  post(71022, 7102, 65, { author: 'Anon', tags: [], body: 'cinderglass sounds like a band name' }),
  post(71031, 7103, 120, { author: 'Soma', tags: QM, body: 'The vys does not only sleep in stones: it runs south along the old roads, like water downhill.' }),
]

beforeAll(async () => {
  // One checkpoint per thread, as seed 004's list_snapshots shows them.
  h = await startHarness()
  const res = await importBody(h.t, ndjson(CORPUS))
  expect(res.body).toMatchObject({ inserted: CORPUS.length, rejected: 0, threads: 3 })
})
afterAll(async () => h?.close())
beforeEach(() => h.llm.reset([]))

describe('the shipped workflows', () => {
  it.each(SHIPPED)('%s passes workflow_validate as shipped', async (file) => {
    const res = await h.t.call('workflow_validate', { path: `workflows/${file}` }, { key: h.runner })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', success: true })
    expect(res.body.metadata.steps).toBeGreaterThanOrEqual(4)
  })

  it('are every file in workflows/ (nothing ships untested)', async () => {
    expect((await fs.readdir(SHIPPED_DIR)).sort()).toEqual([...SHIPPED].sort())
  })
})

/** What the scripted annotator writes, per thread: a term, from which post, and what it says. */
const NOTES: Record<number, { post: number; term: string; definition: string; tags: string[] }[]> = {
  7101: [
    { post: 71011, term: 'vatis', definition: 'One who feels the [[vys]] and can draw it from old stones.', tags: ['mechanic', 'magic'] },
    { post: 71013, term: 'vys', definition: 'The warmth old well stones hold; a [[vatis]] can draw it.', tags: ['mechanic', 'magic'] },
  ],
  7102: [{ post: 71021, term: 'cinderglass', definition: 'Black glass the Long Dawn left of the college; it drinks [[vys]].', tags: ['item'] }],
  7103: [{ post: 71031, term: 'vys', definition: 'Later revealed to run south along the old roads, like water downhill.', tags: ['mechanic', 'magic'] }],
}

/**
 * The glossary-annotator as a model plays it: per term, read_post (the write's context) and
 * glossary_search in one turn, then create or update by what the search found, then the next term.
 */
const annotator: Role = {
  match: /^Annotate thread (\d+) of the corpus/,
  play(c: Conversation, m) {
    const notes = NOTES[Number(m[1])] ?? []
    const n = Math.floor(c.turn / 2)
    if (n >= notes.length) return answer(`Read thread ${m[1]}; wrote ${notes.map((x) => x.term).join(', ')}.`)
    const note = notes[n]
    if (c.turn % 2 === 0) return calls(call('read_post', { post_id: note.post }), call('glossary_search', { query: note.term }))
    const found = c.last[1]?.entries?.find((e: any) => e.match === 'exact')
    if (!found) return calls(call('glossary_create', { term: note.term, definition: note.definition, tags: note.tags }))
    return calls(call('glossary_update', { entry_id: found.id, definition: `${found.definition} ${note.definition}` }))
  },
}

const entryByTerm = async (term: string) => {
  const res = await h.t.call('glossary_search', { query: term }, { key: h.runner })
  const hit = res.body.entries.find((e: any) => e.term === term && e.match === 'exact')
  expect(hit, `entry ${term}`).toBeTruthy()
  return (await entryOf(h.t, hit.id)).json().entry
}

describe('workflows/glossary-annotate.yaml', () => {
  it('walks the threads in order: entries created from their posts, updated when seen again, a checkpoint per thread', async () => {
    const player = agentPlayer([annotator])
    h.llm.reset(player.script)
    const res = await runWorkflow(h, 'glossary-annotate.yaml', { threads: '[7101, 7102, 7103]' })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    player.assertPlayed()
    const { metadata } = res.body
    expect(metadata.status).toBe('succeeded')

    // One agent run per thread, each handed that thread's posts by the read step.
    expect(player.tasks).toHaveLength(3)
    expect(player.tasks[0]).toContain('Annotate thread 7101')
    expect(player.tasks[0]).toContain(CORPUS[0].body)
    expect(player.tasks[0]).toContain(CORPUS[2].body)
    expect(player.tasks[0]).not.toContain(CORPUS[3].body)
    expect(player.tasks[2]).toContain(CORPUS[5].body)

    // Entries record the post and thread they came from; vys was updated from thread 7103.
    const vatis = await entryByTerm('vatis')
    expect(vatis).toMatchObject({ status: 'tentative', first_seen_post_id: 71011, first_seen_thread_id: 7101 })
    const cinder = await entryByTerm('cinderglass')
    expect(cinder).toMatchObject({ first_seen_post_id: 71021, first_seen_thread_id: 7102, tags: ['item'] })
    const vys = await entryByTerm('vys')
    expect(vys).toMatchObject({ first_seen_post_id: 71013, first_seen_thread_id: 7101, last_updated_post_id: 71031, last_updated_thread_id: 7103 })
    expect(vys.definition).toContain('The warmth old well stones hold')
    expect(vys.definition).toContain('run south along the old roads')
    const revisions = (await revisionsOf(h.t, vys.id)).json().revisions
    expect(revisions.map((r: any) => [r.action, r.post_id, r.thread_id])).toEqual([
      ['create', 71013, 7101],
      ['update', 71031, 7103],
    ])

    // Checkpoints, one per thread written in, the first included: each holds the glossary as it
    // stood just before that thread's first write (none yet before thread 1).
    const checkpoints = metadata.outputs.checkpoints
    expect(checkpoints.map((s: any) => [s.type, s.thread_position, s.entry_count])).toEqual([
      ['checkpoint', 3, 3],
      ['checkpoint', 2, 2],
      ['checkpoint', 1, 0],
    ])

    // The run as stored: one read and one annotate per thread, then the checkpoint listing.
    const run = await getRun(h, metadata.run_id)
    expect(run).toMatchObject({ status: 'succeeded', workflow: 'glossary_annotate', error_code: null })
    expect(run.outputs.threads).toEqual([7101, 7102, 7103])
    expect(run.steps.map((s: any) => `${s.key}:${s.status}`)).toEqual([
      'walk:ok',
      'walk[0].read:ok',
      'walk[0].annotate:ok',
      'walk[1].read:ok',
      'walk[1].annotate:ok',
      'walk[2].read:ok',
      'walk[2].annotate:ok',
      'checkpoints:ok',
    ])
    expect(stepOf(run, 'walk[0].read').output.count).toBe(3)
    const annotate = stepOf(run, 'walk[2].annotate')
    expect(annotate).toMatchObject({ kind: 'agent', tool: 'Task' })
    expect(annotate.output.output).toBe('Read thread 7103; wrote vys.')
    expect(annotate.output.metadata.tool_calls.map((c: any) => `${c.tool}:${c.status}`)).toEqual(['read_post:ok', 'glossary_search:ok', 'glossary_update:ok'])
  })

  it('hands the agent only the posts the tag filter keeps, and skips it for a thread with none', async () => {
    const player = agentPlayer([{ match: /^Annotate thread/, play: () => answer('Only a vote: nothing to add.') }])
    h.llm.reset(player.script)
    const res = await runWorkflow(h, 'glossary-annotate.yaml', { threads: '[7101, 7102]', tag_filter: 'vote' })
    expect(res.body.metadata.status, JSON.stringify(res.body)).toBe('succeeded')
    player.assertPlayed()
    expect(player.tasks).toHaveLength(1)
    expect(player.tasks[0]).toContain('[X] Go to the well stones.')
    expect(player.tasks[0]).not.toContain(CORPUS[0].body)
    const run = await getRun(h, res.body.metadata.run_id)
    expect(stepOf(run, 'walk[0].read').output.count).toBe(1)
    expect(stepOf(run, 'walk[0].annotate').status).toBe('ok')
    expect(stepOf(run, 'walk[1].read').output.count).toBe(0)
    expect(stepOf(run, 'walk[1].annotate').status).toBe('skipped')
  })
})

/** The curator as a model plays it: per entry under review, explicate, read the source post, then update. */
function curator(verdicts: Record<string, Record<string, unknown>>): Role {
  return {
    match: /^Review the tentative glossary entries found for "([^"]+)"/,
    play(c, m) {
      const entries = (jsonAfter(c.prompt, 'Entries:') as any[]).filter((e) => e.match !== 'reference' && e.status === 'tentative')
      const n = Math.floor(c.turn / 3)
      if (n >= entries.length) return answer(`Reviewed ${entries.map((e) => `#${e.id} ${e.term}`).join(', ')} for "${m[1]}".`)
      const entry = entries[n]
      if (c.turn % 3 === 0) return calls(call('explicate', { quote: entry.definition.split('.')[0], entry_id: entry.id }))
      if (c.turn % 3 === 1) return calls(call('read_post', { post_id: c.last[0].source_post.id }))
      return calls(call('glossary_update', { entry_id: entry.id, ...verdicts[entry.term] }))
    },
  }
}

describe('workflows/glossary-curate.yaml', () => {
  let ilse: number
  let hollowmere: number
  beforeAll(async () => {
    hollowmere = await create(
      h.t,
      { term: 'Hollowmere', definition: 'The town whose vatis Cael serves as apprentice.', tags: ['location'] },
      { 'x-post-id': '71011', 'x-thread-id': '7101' },
    )
    ilse = await create(
      h.t,
      { term: 'Ilse', definition: 'Master Ilse drew warmth from the well stones. Probably a fire mage.', tags: ['character'] },
      { 'x-post-id': '71013', 'x-thread-id': '7101' },
    )
  })

  it('reviews the tentative entries per term: confirmed or corrected then confirmed, each a revision resting on the source post', async () => {
    const player = agentPlayer([
      curator({
        Hollowmere: { status: 'confirmed' },
        Ilse: { term: 'Master Ilse', definition: 'The town [[vatis]] of Hollowmere; she drew [[vys]] from the well stones.', status: 'confirmed' },
      }),
    ])
    h.llm.reset(player.script)
    const res = await runWorkflow(h, 'glossary-curate.yaml', { terms: 'Hollowmere, Ilse' })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    player.assertPlayed()
    expect(res.body.metadata.status).toBe('succeeded')
    expect(player.tasks).toHaveLength(2)
    expect(player.tasks[1]).toContain('Probably a fire mage.')

    expect((await entryOf(h.t, hollowmere)).json().entry).toMatchObject({ status: 'confirmed', term: 'Hollowmere', last_updated_post_id: 71011 })
    const corrected = (await entryOf(h.t, ilse)).json().entry
    expect(corrected).toMatchObject({ status: 'confirmed', term: 'Master Ilse', first_seen_post_id: 71013, last_updated_post_id: 71013 })
    expect(corrected.definition).not.toContain('fire mage')
    const revisions = (await revisionsOf(h.t, ilse)).json().revisions
    expect(revisions.map((r: any) => r.action)).toEqual(['create', 'update'])
    expect(revisions[1]).toMatchObject({ post_id: 71013, thread_id: 7101 })
    expect(revisions[1].fields.sort()).toEqual(['definition', 'status', 'term'])

    // Nothing is left tentative for either term, as the run's last search per term shows.
    const run = await getRun(h, res.body.metadata.run_id)
    expect(run.status).toBe('succeeded')
    expect(run.outputs.terms).toEqual(['Hollowmere', 'Ilse'])
    expect(run.outputs.reviews.map((r: any) => [r.find.count > 0, r.left.count])).toEqual([
      [true, 0],
      [true, 0],
    ])
    expect(stepOf(run, 'review[1].curate').output.metadata.tool_calls.map((c: any) => c.tool)).toEqual(['explicate', 'read_post', 'glossary_update'])
  })

  it('runs no curator when nothing is tentative for a term', async () => {
    const player: AgentPlayer = agentPlayer([])
    h.llm.reset(player.script)
    const res = await runWorkflow(h, 'glossary-curate.yaml', { terms: '["Hollowmere"]' })
    expect(res.body.metadata.status).toBe('succeeded')
    const run = await getRun(h, res.body.metadata.run_id)
    expect(stepOf(run, 'review[0].curate').status).toBe('skipped')
    expect(h.llm.requests).toHaveLength(0)
  })
})
