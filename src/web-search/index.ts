/** The web search backend the configuration names (SEARCH_BACKEND), or none. */
import type { AppConfig } from '../config.js'
import { braveBackend } from './brave.js'
import { searxngBackend } from './searxng.js'
import type { SearchBackend } from './types.js'

export type { SearchBackend, SearchOptions, SearchResult } from './types.js'

export function createSearchBackend(search: AppConfig['search']): SearchBackend | undefined {
  const { timeoutMs, retryBaseMs } = search
  if (search.backend === 'searxng' && search.url) return searxngBackend({ url: search.url, timeoutMs, retryBaseMs })
  if (search.backend === 'brave' && search.apiKey) return braveBackend({ apiKey: search.apiKey, url: search.url, timeoutMs, retryBaseMs })
  return undefined
}
