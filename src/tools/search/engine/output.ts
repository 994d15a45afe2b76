/**
 * Grep's answer, built from rg's findings: rg's formats (`path:N:text`, `path-N-text` for context, `--` between groups, `path:N`
 * counts), `head_limit` as `| head -N`, and a byte budget under X-Max-Output-Size. Counts in the
 * metadata describe what was printed.
 */
export type Mode = 'content' | 'files_with_matches' | 'count'

/** Printed lines are cut here (characters); rg itself omits lines longer than MAX_COLUMNS bytes. */
export const MAX_LINE_CHARS = 2000
export const MAX_COLUMNS = 20_000
export const OMITTED = { match: '[Omitted long matching line]', context: '[Omitted long context line]' } as const

export interface OutputSpec {
  mode: Mode
  lineNumbers: boolean
  /** Context was asked for (-A/-B/-C > 0): groups are separated by `--`, as rg does. */
  context: boolean
  headLimit?: number
  /** Bytes of JSON-escaped output this answer may carry. */
  budget: number
}

function clip(text: string): string {
  const t = text.endsWith('\r') ? text.slice(0, -1) : text
  if (t.length <= MAX_LINE_CHARS) return t
  const cut = t.slice(0, MAX_LINE_CHARS).replace(/[\uD800-\uDBFF]$/, '')
  return `${cut}… [line truncated: ${t.length - cut.length} more characters]`
}

export class GrepOutput {
  private readonly rows: string[] = []
  private bytes = 0
  private lastFile: string | null = null
  private lastLine = 0
  private lastMatchFile: string | null = null
  /** Something was left out: head_limit reached or the byte budget spent. */
  truncated = false
  /** Why, when truncated: `head_limit` or `size`. */
  cutBy: 'head_limit' | 'size' | null = null
  files = 0
  matches = 0

  constructor(readonly spec: OutputSpec) {}

  get full(): boolean {
    return this.cutBy !== null
  }
  get text(): string {
    return this.rows.join('\n')
  }

  private push(row: string): boolean {
    if (this.cutBy) return false
    if (this.spec.headLimit !== undefined && this.rows.length >= this.spec.headLimit) return this.cut('head_limit')
    // what the row costs inside the JSON answer: escapes and the '\n' between rows
    const size = Buffer.byteLength(JSON.stringify(row)) - 2 + 2
    if (this.bytes + size > this.spec.budget) return this.cut('size')
    this.rows.push(row)
    this.bytes += size
    return true
  }

  private cut(why: 'head_limit' | 'size'): false {
    this.cutBy = why
    this.truncated = true
    return false
  }

  /** files_with_matches: one path. */
  file(path: string): boolean {
    if (!this.push(path)) return false
    this.files++
    this.matches++
    return true
  }

  /** count: `path:N`. */
  count(path: string, n: number): boolean {
    if (!this.push(`${path}:${n}`)) return false
    this.files++
    this.matches += n
    return true
  }

  /** content: one match or context line. */
  line(path: string, kind: 'match' | 'context', n: number, text: string): boolean {
    if (this.spec.context && this.lastFile !== null && (path !== this.lastFile || n > this.lastLine + 1)) {
      if (!this.push('--')) return false
    }
    const sep = kind === 'match' ? ':' : '-'
    const row = this.spec.lineNumbers ? `${path}${sep}${n}${sep}${clip(text)}` : `${path}${sep}${clip(text)}`
    this.lastFile = path
    this.lastLine = n
    if (!this.push(row)) return false
    if (kind === 'match') {
      this.matches++
      if (path !== this.lastMatchFile) {
        this.files++
        this.lastMatchFile = path
      }
    }
    return true
  }
}
