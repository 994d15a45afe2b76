/** src/cli/api.ts is what openapi-typescript makes of the committed openapi/openapi.json, byte for byte. */
import fs from 'node:fs/promises'
import { describe, it } from 'vitest'
import { OPENAPI_FILE } from '../../scripts/build-doc-app.js'
import { CLIENT_TYPES_FILE, clientTypes } from '../../scripts/openapi-client.js'

describe('src/cli/api.ts', () => {
  it('is generated from openapi/openapi.json (regenerate it with npm run openapi)', async () => {
    const committed = await fs.readFile(CLIENT_TYPES_FILE, 'utf8').catch(() => '(missing)')
    const live = await clientTypes(await fs.readFile(OPENAPI_FILE, 'utf8'))
    if (committed !== live) throw new Error('src/cli/api.ts is stale: run npm run openapi')
  }, 30_000)
})
