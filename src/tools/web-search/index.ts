/** The web search tools: Codex's `search` (seed 003) and Claude Code's `WebSearch` (seed 002). */
import search from './search.js'
import webSearch from './web-search.js'

export const webSearchTools = [search, webSearch]
