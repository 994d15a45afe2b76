/**
 * Builds the real app the way `npm run openapi` and test/openapi.test.ts both need it: the real
 * config and every registered tool, on PGlite in memory, in throwaway data and workspace folders,
 * and returns `app.swagger()` as plain JSON. Nothing in the document may depend on those folders,
 * the clock or the machine, so that the committed copy under openapi/ stays byte-for-byte stable.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Writable } from 'node:stream'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { createDb, type Database } from '../src/db/client.js'
import type { AnyTool } from '../src/tools/define.js'

/** Where the committed copy lives. */
export const OPENAPI_FILE = fileURLToPath(new URL('../openapi/openapi.json', import.meta.url))

export interface OpenapiBuild {
  /** The live document, as plain JSON (a JSON round trip of `app.swagger()`). */
  document: Record<string, any>
  /** The tools the app served. */
  tools: AnyTool[]
}

/** The document exactly as it is written to disk: 2-space JSON and a trailing newline. */
export const serializeDocument = (doc: unknown): string => `${JSON.stringify(doc, null, 2)}\n`

/** `database`: a migrated one to build on (the test suite's template); else a new PGlite in memory, which runs initdb (seconds). */
export async function openapiBuild(database?: Database): Promise<OpenapiBuild> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-openapi-'))
  const dataDir = path.join(tmp, 'data')
  const workspace = path.join(tmp, 'workspace')
  await fs.mkdir(dataDir)
  await fs.mkdir(workspace)
  // Only the variables that must hold; nothing from the caller's environment leaks into the document.
  const config = loadConfig({ TOOLGATE_DATA_DIR: dataDir, TOOLGATE_WORKSPACE: workspace, LOG_LEVEL: 'silent' })
  const db = database ?? (await createDb({ pgliteDir: 'memory://' }))
  const silent = new Writable({ write: (_c, _e, done) => done() })
  try {
    const app = await buildApp({ config, database: db, logDestination: silent })
    try {
      const document = JSON.parse(JSON.stringify(app.swagger()))
      const tools = app.registry.list() as AnyTool[]
      const text = JSON.stringify(document)
      for (const dir of [tmp, process.cwd()]) {
        if (dir.length > 1 && text.includes(dir)) throw new Error(`the OpenAPI document contains the local path ${dir}: it must not depend on the machine`)
      }
      return { document, tools }
    } finally {
      await app.close()
    }
  } finally {
    if (!database) await db.close()
    await fs.rm(tmp, { recursive: true, force: true })
  }
}

export async function openapiDocument(): Promise<Record<string, any>> {
  return (await openapiBuild()).document
}
