/**
 * Notebook fixtures written by hand (the notebook.* authoring tools are not used), and the
 * reference check: Debian's python3-nbformat at /usr/bin/python3 validating a file as Jupyter does.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** `n` words of 5 letters: 6n - 1 characters. */
export const W = (n: number) => Array.from({ length: n }, () => 'alpha').join(' ')

/** `a\nb` → ['a\n', 'b'], as Jupyter stores sources. */
export const lines = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? []

let counter = 0
export const md = (text: string, id = `m${counter++}`) => ({ cell_type: 'markdown', id, metadata: {}, source: lines(text) })
export const code = (text: string, id = `c${counter++}`) => ({
  cell_type: 'code',
  execution_count: null,
  id,
  metadata: {},
  outputs: [] as unknown[],
  source: lines(text),
})

export const KERNEL = {
  kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' },
  language_info: { name: 'python' },
}

export function notebook(cells: unknown[], extra: Record<string, unknown> = {}) {
  return { cells, metadata: { ...KERNEL }, nbformat: 4, nbformat_minor: 5, ...extra }
}

/** As Jupyter writes: one-space indent, trailing newline. */
export const jupyterText = (nb: unknown) => `${JSON.stringify(nb, null, 1)}\n`

/**
 * Runs the reference check on the file, as given and once more with warnings as errors: nbformat.read
 * quietly adds missing cell ids with only a warning, which the strict pass turns into a failure.
 * One Python process for both (starting it is most of the cost). Resolves to '' when valid, else the
 * validator's complaint.
 */
export async function nbformatErrors(file: string): Promise<string> {
  const script = `import nbformat, sys, warnings
nbformat.validate(nbformat.read(sys.argv[1], as_version=4))
warnings.simplefilter('error')
nbformat.validate(nbformat.read(sys.argv[1], as_version=4))`
  return run('/usr/bin/python3', ['-c', script, file]).then(
    () => '',
    (err: { stderr?: string; message: string }) => (err.stderr || err.message).trim().split('\n').slice(-3).join('\n'),
  )
}
