/** Shared by the glossary tests: an XML reader and a way to create entries through the real tool. */
import { expect } from 'vitest'
import { XMLParser } from 'fast-xml-parser'
import type { TestApp } from '../../helper.js'

export const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', trimValues: true, parseAttributeValue: false })

/** The attribute names of a parsed element, sorted. */
export const attrsOf = (node: Record<string, unknown>) =>
  Object.keys(node)
    .filter((k) => k.startsWith('@'))
    .map((k) => k.slice(1))
    .sort()

export interface NewEntry {
  term: string
  definition: string
  tags?: string[]
  status?: 'tentative' | 'confirmed'
}

export async function create(t: TestApp, e: NewEntry, headers: Record<string, string> = {}): Promise<number> {
  const res = await t.call('glossary_create', { tags: [], ...e }, { headers })
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
  return res.body.entry.id
}

export async function revisionsOf(t: TestApp, id: number, key = t.adminKey) {
  return t.app.inject({ url: `/v1/glossary/entries/${id}/revisions`, headers: { authorization: `Bearer ${key}` } })
}

export async function entryOf(t: TestApp, id: number, key = t.adminKey) {
  return t.app.inject({ url: `/v1/glossary/entries/${id}`, headers: { authorization: `Bearer ${key}` } })
}
