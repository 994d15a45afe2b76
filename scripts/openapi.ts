/**
 * `npm run openapi`: regenerate openapi/openapi.json from the live app (see build-doc-app.ts), then
 * the CLI's typed client src/cli/api.ts from it (see openapi-client.ts).
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { OPENAPI_FILE, openapiDocument, serializeDocument } from './build-doc-app.js'
import { CLIENT_TYPES_FILE, clientTypes } from './openapi-client.js'

/** Writes `text` to `file` and says whether that changed it. */
async function write(file: string, text: string, what: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true })
  const before = await fs.readFile(file, 'utf8').catch(() => undefined)
  await fs.writeFile(file, text)
  const rel = path.relative(process.cwd(), file)
  process.stdout.write(`${before === text ? 'unchanged' : before === undefined ? 'created' : 'updated'}: ${rel} (${what})\n`)
}

const text = serializeDocument(await openapiDocument())
await write(OPENAPI_FILE, text, `${Object.keys(JSON.parse(text).paths ?? {}).length} paths`)
await write(CLIENT_TYPES_FILE, await clientTypes(text), 'typed client for the CLI')
