/** `npm run docs:tools`: regenerate docs/tools.md from the registered tools (see docs-tools-render.ts). */
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { allTools } from '../src/tools/index.js'
import { createRegistry } from '../src/tools/registry.js'
import { renderToolReference } from './docs-tools-render.js'

/** Where the committed reference lives. */
export const TOOLS_DOC_FILE = fileURLToPath(new URL('../docs/tools.md', import.meta.url))

/** The reference as the server would serve its tools: the registry the app builds, limits filled in. */
export const liveToolReference = (): string => renderToolReference(createRegistry(allTools).list())

async function main(): Promise<void> {
  const text = liveToolReference()
  const before = await fs.readFile(TOOLS_DOC_FILE, 'utf8').catch(() => undefined)
  await fs.mkdir(path.dirname(TOOLS_DOC_FILE), { recursive: true })
  await fs.writeFile(TOOLS_DOC_FILE, text)
  const state = before === text ? 'unchanged' : before === undefined ? 'created' : 'updated'
  process.stdout.write(`${state}: ${path.relative(process.cwd(), TOOLS_DOC_FILE)} (${createRegistry(allTools).list().length} tools)\n`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
