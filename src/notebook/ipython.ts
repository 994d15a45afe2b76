/**
 * Notebook cells are IPython, not plain Python: `!pip install …`, `%matplotlib inline`,
 * `files = !ls`, `%%time`. Before the syntax check such lines become no-ops of the same line
 * count, so that error line numbers still point at the learner's cell.
 *
 * Known limit: a line inside a triple-quoted string that starts with `!` or `%` is neutralized
 * too (IPython itself would leave it alone); this only matters if that line closes the string.
 */

/** Cell magics whose body is Python: the body is checked, the magic line skipped. */
const PYTHON_BODY_MAGICS = new Set(['time', 'timeit', 'capture', 'prun', 'debug', 'memit', 'mprun', 'skip'])

export interface Neutralized {
  /** The code to compile; same number of lines as the input. */
  source: string
  /** `%%bash`, `%%writefile x.py` … whose body is not Python: no syntax check is possible. */
  foreignCellMagic?: string
  /** 1-based lines that were IPython commands (`!…`, `%…`). */
  magicLines: number[]
  /** 1-based lines that install packages (`!pip install`, `%pip install`, `!conda install`, `!apt-get install`). */
  installLines: number[]
}

const LINE_MAGIC = /^(\s*)(?:!|%)/
// `files = !ls`, `t = %timeit -o f()`: IPython assigns a command's output.
const ASSIGN_MAGIC = /^(\s*)([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)\s*=\s*[!%]/
const INSTALL = /^\s*(?:[A-Za-z_][\w.]*\s*=\s*)?[!%]+\s*(?:(?:python3?\s+-m\s+)?pip3?|conda|mamba|(?:sudo\s+)?apt(?:-get)?)\s+install\b/

export function neutralizeIpython(code: string): Neutralized {
  const lines = code.split('\n')
  const magicLines: number[] = []
  const installLines: number[] = []
  const first = lines.findIndex((l) => l.trim() !== '')
  if (first >= 0) {
    const m = /^\s*%%(\S+)/.exec(lines[first])
    if (m) {
      if (!PYTHON_BODY_MAGICS.has(m[1])) return { source: code, foreignCellMagic: `%%${m[1]}`, magicLines: [first + 1], installLines: [] }
      lines[first] = ''
      magicLines.push(first + 1)
    }
  }
  let continuing = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '')
    if (continuing) {
      // a command continued with a trailing backslash
      lines[i] = ''
      continuing = line.endsWith('\\')
      continue
    }
    if (INSTALL.test(line)) installLines.push(i + 1)
    const assign = ASSIGN_MAGIC.exec(line)
    if (assign && !/^\s*\w+\s*==/.test(line)) {
      lines[i] = `${assign[1]}${assign[2]} = None`
    } else {
      const magic = LINE_MAGIC.exec(line)
      if (!magic) continue
      lines[i] = `${magic[1]}pass`
    }
    magicLines.push(i + 1)
    continuing = line.endsWith('\\')
  }
  return { source: lines.join('\n'), magicLines, installLines }
}

export interface ImportRef {
  module: string
  line: number
  optional: boolean
}

/**
 * Imports found by pattern, for code that does not compile (the AST cannot be had) and for
 * `import_check` statements. Handles `import a, b.c as d` and `from x.y import z` (also
 * parenthesized over several lines); relative imports are skipped.
 */
export function importsByPattern(code: string): ImportRef[] {
  const found: ImportRef[] = []
  const lines = code.split('\n')
  for (let i = 0; i < lines.length; i++) {
    // statements separated by `;` on one line
    for (const stmt of lines[i].replace(/#.*$/, '').split(';')) {
      const from = /^\s*from\s+([A-Za-z_][\w.]*)\s+import\b/.exec(stmt)
      if (from) {
        found.push({ module: from[1], line: i + 1, optional: false })
        continue
      }
      const imp = /^\s*import\s+(.+)$/.exec(stmt)
      if (!imp) continue
      for (const part of imp[1].split(',')) {
        const name = /^\s*([A-Za-z_][\w.]*)(?:\s+as\s+\w+)?\s*\\?\s*$/.exec(part)
        if (name) found.push({ module: name[1], line: i + 1, optional: false })
      }
    }
  }
  return found
}

/**
 * Whether `text` is nothing but import statements (an `import_check`). Pattern-based so that
 * registering a dependency never needs Python.
 */
export function isOnlyImports(text: string): boolean {
  // join parenthesized import lists onto one line
  const flat = text.replace(/\(([^()]*)\)/g, (_m, inner: string) => inner.replace(/\s*\n\s*/g, ' '))
  const stmts = flat
    .split(/[;\n]/)
    .map((s) => s.replace(/#.*$/, '').trim())
    .filter(Boolean)
  if (stmts.length === 0) return false
  const name = String.raw`[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*`
  const alias = String.raw`${name}(?:\s+as\s+[A-Za-z_]\w*)?`
  const simple = new RegExp(String.raw`^import\s+${alias}(?:\s*,\s*${alias})*$`)
  const from = new RegExp(
    String.raw`^from\s+${name}\s+import\s+(?:\*|[A-Za-z_]\w*(?:\s+as\s+[A-Za-z_]\w*)?(?:\s*,\s*[A-Za-z_]\w*(?:\s+as\s+[A-Za-z_]\w*)?)*\s*,?)$`,
  )
  return stmts.every((s) => simple.test(s) || from.test(s))
}
