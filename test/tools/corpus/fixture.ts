/**
 * The small corpus the read tools are tested on. Thread 900's reading order (timestamp, then id)
 * differs from id order on purpose: 104 is posted before 103, and 105 and 107 share a timestamp.
 * Thread 901's posts fall between thread 900's in time and must never show up as neighbours.
 */
import type { TestApp } from '../../helper.js'
import { importBody, ndjson, post } from './helpers.js'

const QS = ['qm_post', 'story_post']

export const SPECIAL_BODY = 'Soma wrote: <b>vys</b> & "vatis" aren\'t the same.\nSecond line; Rhynia > Dawn.'

export const FIXTURE = [
  post(101, 900, 0, { author: 'Soma', tags: QS, body: 'The well stones of Hollowmere have gone cold.' }),
  post(102, 900, 5, { author: 'Anon', tags: ['vote'], body: '[X] Search the study' }),
  post(104, 900, 10, { author: 'Anon', tags: [], body: 'Is vys spent like mana, or does it flow?' }),
  post(103, 900, 12, { author: 'Soma', tags: ['qm_post'], body: SPECIAL_BODY }),
  post(105, 900, 20, { author: 'Anon', tags: ['vote'], body: '[X] Read the letter from D.' }),
  post(107, 900, 20, { author: 'Soma', tags: QS, body: 'You break the wax. The seal shows a cracked lantern.' }),
  post(106, 900, 30, { author: 'Anon', tags: [], body: 'Dawn is coming for the shard.' }),
  post(201, 901, 11, { author: 'Anon', body: 'Another thread, in between.' }),
  post(202, 901, 13, { author: 'Soma', body: 'Still another thread.' }),
  post(301, 902, 40, { author: 'Soma', tags: QS, body: 'A thread of one post.' }),
]

/** Reading order of thread 900. */
export const THREAD_900 = [101, 102, 104, 103, 105, 107, 106]

/** Thread 903: five posts of 3,000 characters, for the output limit. */
export const LONG = [401, 402, 403, 404, 405].map((id, i) =>
  post(id, 903, 100 + i, { author: 'Soma', tags: ['qm_post'], body: `${id}: ${'The vatis sees the vys run south. '.repeat(90)}` }),
)

export async function loadFixture(t: TestApp) {
  const res = await importBody(t, ndjson([...FIXTURE, ...LONG]))
  if (res.statusCode !== 200 || res.body.rejected !== 0) throw new Error(`fixture import failed: ${res.text}`)
}
