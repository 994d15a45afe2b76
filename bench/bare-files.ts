/**
 * The HTTP floor under bench:files' tail and listing rows: the same work as `fs_read` with `tail`
 * and `fs_list`, answered in the same shape, by bare Fastify with plain `fs` (no key, workspace
 * guard, rate limit or history). What any HTTP server pays for these cases before toolgate adds
 * anything. Run by bench/floors.ts as a child process: `tsx bench/bare-files.ts` with PORT and
 * BENCH_FILES_ROOT set.
 */
import { promises as fs } from 'node:fs'
import path from 'node:path'
import Fastify from 'fastify'
import { readTail } from '../dist/tools/fs/support/tail.js'

const root = process.env.BENCH_FILES_ROOT as string
const app = Fastify({ logger: { level: 'warn' } })

app.post('/tail', async (request) => {
  const { path: rel, tail } = request.body as { path: string; tail: number }
  const handle = await fs.open(path.join(root, rel), 'r')
  try {
    const { size } = await handle.stat()
    const found = await readTail(handle, size, tail)
    const bytes = found.bytes ?? Buffer.alloc(size - found.from)
    if (!found.bytes) await handle.read(bytes, 0, bytes.length, found.from)
    return { success: true, output: bytes.toString('utf8'), error: null, metadata: { size, offset: found.from } }
  } finally {
    await handle.close()
  }
})

app.post('/list', async (request) => {
  const { path: rel } = request.body as { path: string }
  const dirents = await fs.readdir(path.join(root, rel), { withFileTypes: true })
  dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const names = dirents.map((d) => d.name)
  const output = dirents.map((d) => (d.isDirectory() ? `${d.name}/` : d.name)).join('\n')
  return { success: true, output, error: null, metadata: { entries: names, count: names.length } }
})

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
