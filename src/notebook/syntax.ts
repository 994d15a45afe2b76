/**
 * The syntax check behind emit_code_cell's `runnable`: the cell, with IPython lines neutralized,
 * compiled by a real interpreter in `exec` mode with top-level `await` allowed (IPython runs it),
 * so `return` outside a function or a bad indent are caught as a kernel would catch them.
 */
import { importsByPattern, neutralizeIpython, type ImportRef } from './ipython.js'
import type { Sandbox } from '../sandbox/index.js'
import { workerFor } from './python.js'

export interface SyntaxProblem {
  type: string
  message: string
  line: number | null
  column: number | null
  text: string
}

export interface CodeReport {
  runnable: boolean
  error?: SyntaxProblem
  /** Compiler warnings (invalid escape sequences…), as readable sentences. */
  warnings: string[]
  imports: ImportRef[]
  /** Top-level names of the interpreter's standard library. */
  stdlib: ReadonlySet<string>
  foreignCellMagic?: string
  installLines: number[]
}

interface Analysis {
  ok: boolean
  error: SyntaxProblem | null
  warnings: { category: string; line: number; message: string }[]
  imports: ImportRef[]
}

const stdlibCache = new Map<string, ReadonlySet<string>>()

export async function checkCode(code: string, python: string | undefined, sandbox: Sandbox): Promise<CodeReport> {
  const worker = workerFor(python, sandbox)
  const info = await worker.info()
  let stdlib = stdlibCache.get(worker.exe)
  if (!stdlib) stdlibCache.set(worker.exe, (stdlib = new Set(info.stdlib)))
  const prepared = neutralizeIpython(code)
  if (prepared.foreignCellMagic) {
    return { runnable: true, warnings: [], imports: [], stdlib, foreignCellMagic: prepared.foreignCellMagic, installLines: [] }
  }
  const res = await worker.request<Analysis>({ op: 'analyze', code: prepared.source })
  const warnings = res.warnings.map((w) => `${w.category} at line ${w.line}: ${w.message}`)
  if (res.ok) return { runnable: true, warnings, imports: res.imports, stdlib, installLines: prepared.installLines }
  return {
    runnable: false,
    error: res.error ?? { type: 'SyntaxError', message: 'invalid syntax', line: null, column: null, text: '' },
    warnings,
    // no AST for code that does not compile: find its imports by pattern instead
    imports: importsByPattern(prepared.source),
    stdlib,
    installLines: prepared.installLines,
  }
}

/** `SyntaxError at line 3, column 9: expected ':'` followed by the offending line. */
export function describeProblem(p: SyntaxProblem): string {
  const where = p.line === null ? '' : ` at line ${p.line}${p.column ? `, column ${p.column}` : ''}`
  const text = p.text.trim() ? ` (\`${p.text.trim().slice(0, 120)}\`)` : ''
  return `${p.type}${where}: ${p.message}${text}`
}
