/**
 * Pages an attacker can serve to a key with the `network` scope: WebFetch turned HTML into
 * Markdown on the server's thread, so one page held the event loop for seconds and one answered
 * 500. Conversion runs in a worker thread now; the loop and /healthz are measured as in
 * test/gateway/event-loop.test.ts while each call runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helper.js'
import { MARKDOWN_MS } from '../../../src/tools/web/support/page-thread.js'
import { loopProbe, type LoopProbe } from '../../support/loop-probe.js'
import { startServer, tools, type TestServer } from './servers.js'

/** On the server's thread: ~0.1 s for `big`, ~1 s for `titles` (2-core VM). */
const LIMIT_MS = 100

let server: TestServer
let t: TestApp
let probe: LoopProbe
beforeAll(async () => {
  server = await startServer()
  t = await buildTestApp({ env: { TOOLGATE_NET_ALLOW: '127.0.0.1' }, tools })
  probe = loopProbe(t, await t.app.listen({ host: '127.0.0.1', port: 0 }))
  // The page thread starts at the first conversion and loads turndown then (through tsx here: seconds
  // on a slow VM, inside the job's MARKDOWN_MS, which made `big` fall back to text): a small page first.
  const warm = await t.call('WebFetch', { url: `${server.origin}/page`, prompt: 'x' })
  expect(warm.statusCode, JSON.stringify(warm.body).slice(0, 300)).toBe(200)
}, 60_000)
afterAll(async () => {
  await probe?.close()
  await t?.close()
  await server?.close()
})

const fetched = (kind: string) => probe.answersWithin('WebFetch', { url: `${server.origin}/hostile/${kind}`, prompt: 'x' }, LIMIT_MS)

describe('WebFetch of hostile pages', () => {
  it('2 MB of HTML: the beginning the answer can carry is converted, without holding the server', async () => {
    const body = await fetched('big')
    expect(body.output).toContain(`Some **bold** text with a [link](${server.origin}/x).`)
    expect(body.output).toMatch(/\n…\[truncated: at least \d+ more bytes; output size limit\]$/)
    expect(body.metadata).toMatchObject({ title: 'Big', truncated: true, method: 'markdown' })
    expect(body.messages.join('\n')).not.toMatch(/tags stripped/)
  }, 60_000)

  it('a page of unclosed <title>s does not hold the server; its title is what a browser shows, cut short', async () => {
    const body = await fetched('titles')
    expect(body.metadata).toMatchObject({ method: 'markdown', status_code: 200 })
    expect(body.metadata.title).toBe(`${'<title>'.repeat(142)}<title`)
  }, 60_000)

  it('800 KB of text under 500 levels, after an unclosed <head>: the text, in seconds, not turndown’s minutes', async () => {
    const body = await fetched('heavy')
    expect(body.output.startsWith('para b l\n\npara b l')).toBe(true)
    expect(body.messages.join('\n')).toMatch(/nested too deeply, or too large or slow, to convert to Markdown/)
    // Given as text from the start, not once turndown ran out of MARKDOWN_MS (it took 16 s of a page
    // thread, and 62 s at 1.2 MB). One call timed: the probe's may run it three times.
    const started = performance.now()
    const again = await t.call('WebFetch', { url: `${server.origin}/hostile/heavy`, prompt: 'x' })
    const ms = performance.now() - started
    expect(again.statusCode).toBe(200)
    expect(again.body.messages.join('\n')).toMatch(/nested too deeply, or too large or slow, to convert to Markdown/)
    expect(ms).toBeLessThan(MARKDOWN_MS)
  }, 60_000)

  it('20,000 nested <div>s: the text with its tags stripped, and a message saying so (was a 500)', async () => {
    const body = await fetched('deep')
    expect(body.output).toBe('deep text')
    expect(body.messages.join('\n')).toMatch(/nested too deeply, or too large or slow, to convert to Markdown/)
  }, 60_000)

  it('an ordinary page is still Markdown, with no such message (positive control)', async () => {
    const res = await t.call('WebFetch', { url: `${server.origin}/page`, prompt: 'x' })
    expect(res.statusCode).toBe(200)
    expect(res.body.output).toContain('# Main Title')
    expect(res.body.messages.join('\n')).not.toMatch(/tags stripped/)
  })
})
