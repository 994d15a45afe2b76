/**
 * Swagger UI at /docs works for a person, in a real browser (Debian's chromium driven by
 * playwright-core): tool groups first, a filter box, a deep link, examples filled in; authorize
 * with a key, run `hello` and `Read` from their examples, and read the answers on the page.
 * Without /usr/bin/chromium this fails, saying how to install it (`.ci/run` does).
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helper.js'

const CHROMIUM = process.env.TOOLGATE_CHROMIUM ?? '/usr/bin/chromium'
const README = 'Line 1: Hello from the Swagger UI test\nLine 2: It has multiple lines.\n'

let t: TestApp
let browser: Browser
let page: Page
let base: string

beforeAll(async () => {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), as .ci/run does`)
  t = await buildTestApp()
  // The Read example reads README.md: it is made to be run as it is.
  fs.writeFileSync(path.join(t.workspace, 'README.md'), README)
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  // Root in CI has no user namespace for Chromium's own sandbox; the page is our own server.
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  page = await browser.newPage()
  // Generous waits: on a slow, busy CI machine one render of the whole document took over 15 s.
  page.setDefaultTimeout(45_000)
  // One load for the whole file (each render of the 880 KB document costs seconds), at a deep link:
  // the operation it names opens when the page starts.
  await page.goto(`${base}/docs#/booster/hello`)
  await page.locator('#operations-booster-hello button.execute').waitFor()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await t?.close()
})

/** Opens an operation on the page as a person would: its group, then its summary. */
async function open(tag: string, operationId: string): Promise<void> {
  const op = page.locator(`#operations-${tag}-${operationId}`)
  if (!(await op.isVisible())) await page.locator(`#operations-tag-${tag}`).click()
  if (!(await op.locator('button.execute').isVisible())) await op.locator('.opblock-summary').first().click()
  await op.locator('button.execute').waitFor()
}

/** Runs an opened operation with the body Swagger UI filled in from the example. */
async function execute(tag: string, operationId: string): Promise<{ status: string; body: string }> {
  const op = page.locator(`#operations-${tag}-${operationId}`)
  await op.locator('button.execute').click()
  const row = op.locator('.live-responses-table .response')
  await row.first().waitFor()
  return {
    status: ((await row.locator('.response-col_status').first().textContent()) ?? '').trim(),
    body: (await op.locator('.live-responses-table .microlight').first().textContent()) ?? '',
  }
}

describe('Swagger UI at /docs', () => {
  it('lists the tool groups first and filters operations by tag', async () => {
    const tags = await page.locator('.opblock-tag-section h3 .nostyle span, .opblock-tag-section h3 a span').allInnerTexts()
    const toolsets = new Set(t.app.registry.list().map((tool) => tool.toolset))
    expect(toolsets.has(tags[0])).toBe(true)
    expect(tags.indexOf('health')).toBeGreaterThan(tags.indexOf('booster'))
    const filter = page.locator('input.operation-filter-input')
    await filter.fill('booster')
    await expect.poll(() => page.locator('.opblock-tag-section').count()).toBe(1)
    await filter.fill('')
    await expect.poll(() => page.locator('.opblock-tag-section').count()).toBe(tags.length)
  }, 120_000)

  it('authorizes with a key, then runs hello and Read from their examples', async () => {
    const key = await t.key(['read'], 'swagger-ui')
    await open('booster', 'hello')
    await page.locator('button.authorize').first().click()
    await page.locator('.auth-container input').first().fill(key)
    await page.locator('.auth-btn-wrapper button.authorize').click()
    await page.locator('.auth-btn-wrapper button.btn-done').click()

    const hello = await execute('booster', 'hello')
    expect(hello.status).toBe('200')
    expect(hello.body).toContain('Hello, Learner!')

    // The key is kept for the next visit (persistAuthorization), and used for the next operation.
    expect(await page.evaluate(() => localStorage.getItem('authorized'))).toContain(key)
    await open('claude', 'Read')
    const read = await execute('claude', 'Read')
    expect(read.status).toBe('200')
    expect(read.body).toContain('Hello from the Swagger UI test')
    // It ran as the key: history has the call under that key's name.
    const history = await t.app.inject({ method: 'GET', url: '/v1/executions?tool=Read', headers: { authorization: `Bearer ${t.adminKey}` } })
    expect(history.json().executions[0]).toMatchObject({ tool: 'Read', caller: { name: 'swagger-ui' }, status: 'ok' })
  }, 240_000)
})
