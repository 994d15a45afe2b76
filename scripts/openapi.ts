/** `npm run openapi`: regenerate openapi/openapi.json from the live app (see build-doc-app.ts). */
import fs from 'node:fs/promises'
import path from 'node:path'
import { OPENAPI_FILE, openapiDocument, serializeDocument } from './build-doc-app.js'

const text = serializeDocument(await openapiDocument())
await fs.mkdir(path.dirname(OPENAPI_FILE), { recursive: true })
let before: string | undefined
try {
  before = await fs.readFile(OPENAPI_FILE, 'utf8')
} catch {
  before = undefined
}
await fs.writeFile(OPENAPI_FILE, text)
const rel = path.relative(process.cwd(), OPENAPI_FILE)
process.stdout.write(
  `${before === text ? 'unchanged' : before === undefined ? 'created' : 'updated'}: ${rel} (${Object.keys(JSON.parse(text).paths ?? {}).length} paths)\n`,
)
