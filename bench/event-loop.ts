/**
 * One hostile request at a time against a real listening app (PGlite), with the event-loop monitor
 * on: the longest block of the loop and of each step, per case. Profile with
 * `node --cpu-prof --import tsx bench/event-loop.ts <case>`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { buildTestApp } from '../test/helper.js'

const MB = 1_000_000
const MiB = 1024 * 1024
const words = (word: string, chars: number) => word.repeat(Math.ceil(chars / word.length)).slice(0, chars)
const manyFields = (bytes: number) => {
  const parts: string[] = []
  let size = 2
  for (let i = 0; size < bytes - 40; i++) {
    const p = `"f${i}":"v"`
    parts.push(p)
    size += p.length + 1
  }
  return `{${parts.join(',')}}`
}
const cases: Record<string, [tool: string, body: () => string, headers?: Record<string, string>]> = {
  name1mb: ['hello', () => JSON.stringify({ ['A'.repeat(MB)]: 1 })],
  analyzeTokens: ['analyze', () => JSON.stringify({ text: words('token=AAAA ', MB) })],
  summarizeProse: ['summarize', () => JSON.stringify({ text: words('The quick brown fox jumps over the lazy dog. ', MB) })],
  writeTokens: [
    'Write',
    () => JSON.stringify({ file_path: 'big.txt', content: words('api_key=sk-ant-AAAAAAAAAAAAAAAAAAAAAAAA AKIAABCDEFGHIJKLMNOP ', 10 * MiB - 100) }),
  ],
  writePasswords: ['Write', () => JSON.stringify({ file_path: 'big2.txt', content: words('password=x ', 10 * MiB - 100) })],
  manyFields: ['hello', () => manyFields(10 * MiB - 100)],
  glob: ['Glob', () => JSON.stringify({ pattern: `${'*'.repeat(100)}a`.repeat(40).slice(0, 8192) })],
  fields50k: ['hello', () => manyFields(50_000 * 10)],
  analyzeMr: ['analyze', () => JSON.stringify({ text: words('Mr. ', MB) })],
  analyzeProse: ['analyze', () => JSON.stringify({ text: words('The quick brown fox jumps over the lazy dog. ', MB) })],
  summarizeDots: ['summarize', () => JSON.stringify({ text: words('. ', MB) })],
  analyzeMr200k: ['analyze', () => JSON.stringify({ text: words('Mr. ', 200_000) })],
  analyzeTokens200k: ['analyze', () => JSON.stringify({ text: words('token=AAAA ', 200_000) })],
  analyzeSentences200k: [
    'analyze',
    () =>
      JSON.stringify({
        text: Array.from({ length: 20_000 }, (_, i) => `Word${i} is here.`)
          .join(' ')
          .slice(0, 200_000),
      }),
  ],
  summarizeDots200k: ['summarize', () => JSON.stringify({ text: words('. ', 200_000) })],
  summarizeSentences200k: [
    'summarize',
    () =>
      JSON.stringify({
        text: Array.from({ length: 20_000 }, (_, i) => `Word${i} is here.`)
          .join(' ')
          .slice(0, 200_000),
      }),
  ],
}

const t = await buildTestApp()
await import('node:fs/promises').then((fs) => fs.writeFile(`${t.workspace}/a.txt`, 'hello world\n'))
const base = await t.app.listen({ host: '127.0.0.1', port: 0 })
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(cases)
for (const name of names) {
  const [tool, body, headers] = cases[name]
  const payload = body()
  for (let round = 0; round < 3; round++) {
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    // A second opinion: the longest gap between ticks of a 5 ms interval.
    let last = performance.now()
    let gap = 0
    const ticker = setInterval(() => {
      const now = performance.now()
      gap = Math.max(gap, now - last)
      last = now
    }, 5)
    const started = performance.now()
    const res = await fetch(`${base}/v1/tools/${tool}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.adminKey}`, 'content-type': 'application/json', ...headers },
      body: payload,
    })
    await res.text()
    const answered = performance.now() - started
    await t.app.history.flush()
    await new Promise((r) => setTimeout(r, 50))
    loop.disable()
    clearInterval(ticker)
    console.log(
      `${name} #${round}: status ${res.status}, answered in ${answered.toFixed(0)} ms, loop max ${(loop.max / 1e6).toFixed(1)} ms, tick gap ${gap.toFixed(1)} ms`,
    )
  }
}
await t.close()
