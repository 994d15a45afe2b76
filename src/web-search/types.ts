/** What every web search backend answers, so that `search` and `WebSearch` never know which one ran. */

/** One hit, as seed 003's `search` gives it: `{title, url, snippet}` (snippet is plain text). */
export interface SearchResult {
  title: string
  url: string
  snippet: string
}

export interface SearchOptions {
  /** How many results are wanted; a backend may answer fewer (never more). */
  count: number
  /** The call's signal: aborted when the call times out or the server shuts down. */
  signal?: AbortSignal
  /** Epoch ms after which waiting to retry is pointless (the call's own timeout). */
  deadline?: number
}

export interface SearchBackend {
  /** `searxng` or `brave`: shown in metadata and in error messages. */
  name: string
  search(query: string, opts: SearchOptions): Promise<SearchResult[]>
}
