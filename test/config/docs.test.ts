/** docs/configuration.md is generated from the env schema: this fails when it is stale. */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CONFIG_DOCS, renderConfigDocs } from '../../scripts/config-docs.js'
import { variables } from '../../src/config-schema.js'

describe('docs/configuration.md', () => {
  it('matches the schema (run `npm run docs:config` after changing src/config-schema.ts)', () => {
    expect(fs.readFileSync(CONFIG_DOCS, 'utf8')).toBe(renderConfigDocs())
  })

  it('lists every variable once', () => {
    const text = renderConfigDocs()
    for (const [name] of variables()) expect(text.split(`| \`${name}\` |`).length - 1, name).toBe(1)
  })
})
