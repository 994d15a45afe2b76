/**
 * A workflow file (YAML, or JSON, which YAML reads too) as plain data plus where each value sits
 * in the file, so that every problem can say its line and column.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { Composer, type CST, type Document, isAlias, isMap, isScalar, isSeq, LineCounter, Parser, Scalar, type Node, type YAMLError } from 'yaml'

type Token = CST.Token

export interface Position {
  line: number
  column: number
}

export interface Problem extends Position {
  message: string
}

export type Path = readonly (string | number)[]

export interface ParsedFile {
  /** The data, or undefined when the YAML itself is broken (see problems). */
  value: unknown
  /** YAML syntax errors: when there are some, there is no value to check. */
  problems: Problem[]
  /**
   * Where the value at `path` is (`key`: its key, for "unknown field"). `offset`, a character of a
   * string value, is placed exactly in plain and single-line quoted strings, else at the string's start.
   */
  at(path: Path, opts?: { key?: boolean; offset?: number }): Position
}

interface Located {
  node: Node
  key?: Node
}

const keyOf = (path: Path) => path.join('\u0000')
/** Aliases expanded beyond this many are refused (a "billion laughs" file). */
const MAX_ALIAS_COUNT = 100

/** Characters parsed per event-loop turn: the yaml package takes a few milliseconds for 4 KB. */
const CHUNK = 4096

/**
 * The file's one document, lexed a chunk per event-loop turn (yaml's parser takes a stream), then
 * composed in a turn of its own: a document composes whole, which is what LIMITS.fileBytes bounds.
 * Duplicate keys are left to indexNodes: yaml's own check compares each key with every other one
 * (quadratic).
 */
async function parseChunked(source: string, lines: LineCounter): Promise<Document.Parsed[]> {
  const parser = new Parser(lines.addNewLine)
  const tokens: Token[] = []
  for (let i = 0; i < source.length || i === 0; i += CHUNK) {
    tokens.push(...parser.parse(source.slice(i, i + CHUNK), i + CHUNK < source.length))
    await nextTurn()
  }
  const composer = new Composer({ uniqueKeys: false })
  const docs = tokens.flatMap((token) => [...composer.next(token)])
  docs.push(...composer.end(true, source.length))
  return docs
}

export async function parseWorkflowFile(source: string): Promise<ParsedFile> {
  const lines = new LineCounter()
  const docs = await parseChunked(source, lines)
  await nextTurn()
  const doc = docs[0]
  const toPos = (offset: number): Position => {
    const { line, col } = lines.linePos(offset)
    return { line, column: col }
  }
  const problems = yamlProblems(doc.errors, source, toPos)
  if (docs.length > 1) problems.push({ ...toPos(docs[1].range[0]), message: 'Invalid YAML: a workflow file holds one document; this is a second one' })
  const index = new Map<string, Located>()
  const duplicates: Node[] = []
  if (doc.contents) indexNodes(doc.contents as Node, [], index, duplicates)
  for (const key of duplicates.slice(0, MAX_YAML_ERRORS)) {
    problems.push({
      ...toPos(key.range?.[0] ?? 0),
      message: `Invalid YAML: duplicate key ${JSON.stringify(String((key as Scalar).value).slice(0, 64))}: map keys must be unique`,
    })
  }
  problems.sort((a, b) => a.line - b.line || a.column - b.column)
  const at: ParsedFile['at'] = (path, opts = {}) => {
    for (let n = path.length; n >= 0; n--) {
      const found = index.get(keyOf(path.slice(0, n)))
      if (!found) continue
      const node = opts.key && n === path.length && found.key ? found.key : found.node
      const start = node.range?.[0] ?? 0
      return toPos(start + (n === path.length && opts.offset ? shift(node, opts.offset, source) : 0))
    }
    return { line: 1, column: 1 }
  }
  if (problems.length) return { value: undefined, problems, at }
  await nextTurn()
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), problems, at }
  } catch (err) {
    return { value: undefined, problems: [{ line: 1, column: 1, message: `Invalid YAML: ${(err as Error).message}` }], at }
  }
}

/** An unquoted `${{` inside `{ }` or `[ ]` is YAML's flow syntax, not an expression: say so. */
const FLOW_HINT = ' (inside { } or [ ] an expression must be quoted: "${{ … }}")'
/** The first YAML errors, one per line: the later ones mostly follow from the first (a stray "}" confuses the rest). */
const MAX_YAML_ERRORS = 3

function yamlProblems(errors: YAMLError[], source: string, toPos: (offset: number) => Position): Problem[] {
  const where = (e: YAMLError) => (e.linePos ? { line: e.linePos[0].line, column: e.linePos[0].col } : toPos(e.pos[0]))
  const firsts = errors.filter((e, i) => i === 0 || where(e).line !== where(errors[i - 1]).line)
  const problems = firsts.slice(0, MAX_YAML_ERRORS).map((e) => {
    const at = where(e)
    const line = source.split('\n', at.line)[at.line - 1] ?? ''
    // yaml's message repeats the position and quotes the source after its first line.
    const text = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')
    const hint = /\{\s*[\w"' ]*:?\s*\$\{\{|\[\s*\$\{\{|, *\$\{\{/.test(line) ? FLOW_HINT : ''
    return { ...at, message: `Invalid YAML: ${text}${hint}` }
  })
  if (firsts.length > MAX_YAML_ERRORS) {
    const last = problems[problems.length - 1]
    problems.push({ ...last, message: `Invalid YAML: errors on ${firsts.length - MAX_YAML_ERRORS} more line(s) after these, most following from them` })
  }
  return problems
}

/** How far into the source a character of a scalar's value is, when that can be told exactly. */
function shift(node: Node, offset: number, source: string): number {
  if (!isScalar(node) || !node.range) return 0
  const raw = source.slice(node.range[0], node.range[1])
  if (raw.includes('\n')) return 0
  if (node.type === Scalar.PLAIN) return Math.min(offset, raw.length)
  // In a quoted string escapes (\n, '') make value and source differ: exact only before the first.
  const quoted = node.type === Scalar.QUOTE_SINGLE || node.type === Scalar.QUOTE_DOUBLE
  const firstEscape = raw.slice(1).search(node.type === Scalar.QUOTE_DOUBLE ? /\\/ : /''/)
  return quoted && (firstEscape === -1 || offset < firstEscape) ? offset + 1 : 0
}

/** Where every node is, by path; keys met twice in one map go to `duplicates`. */
function indexNodes(node: Node, path: (string | number)[], index: Map<string, Located>, duplicates: Node[], key?: Node): void {
  index.set(keyOf(path), { node, key })
  if (isAlias(node)) return
  if (isMap(node)) {
    const seen = new Set<string>()
    for (const pair of node.items) {
      const k = isScalar(pair.key) ? String(pair.key.value) : undefined
      if (k === undefined) continue
      if (seen.has(k)) duplicates.push(pair.key as Node)
      seen.add(k)
      if (pair.value) indexNodes(pair.value as Node, [...path, k], index, duplicates, pair.key as Node)
      else index.set(keyOf([...path, k]), { node: pair.key as Node, key: pair.key as Node })
    }
  } else if (isSeq(node)) {
    for (const [i, item] of node.items.entries()) indexNodes(item as Node, [...path, i], index, duplicates)
  }
}
