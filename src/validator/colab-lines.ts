/**
 * The per-line Colab checks of `validator.run_colab`: what a code cell line does that Colab cannot
 * run as written, and the rewrite when there is a safe one. Heuristics on text, not a Python
 * parser: comment lines and lines inside triple-quoted strings are skipped; a line that already
 * starts with `!` or `%` is shell or magic and only checked for conda, matplotlib backends and
 * local paths.
 */

export interface LineFinding {
  code: string
  message: string
  /** The rewritten line when the problem can be fixed; absent when it cannot. */
  fix?: string
}

const PIP = /^(?:pip3?|python3?\s+-m\s+pip)\s+(install|uninstall|download)\b(.*)$/
const CONDA = /^[!%]?\s*conda\s+(install|create|env|update)\b/
// the word after the command must look like an argument, so that `git = Repo()` stays Python
const SHELL = /^(?:(sudo|apt-get|apt|git|wget|curl|unzip)\s+[A-Za-z0-9"'~./:-]|(nvidia-smi)(?:\s|$))/
const MPL = /^%matplotlib\s+(notebook|widget|ipympl|qt\d*|tk|osx|gtk\d*|wx)\b/
const GUI_IMPORT = /^(?:import|from)\s+(tkinter|Tkinter|turtle|PyQt[456]|PySide[26]?|wx)\b/
const CV2_IMSHOW = /\bcv2\.imshow\s*\(/
const INPUT = /(?<![\w.])(raw_input|input|getpass(?:\.getpass)?)\s*\(/
// a path that starts a token (after a quote, space, bracket or `=`), never inside a URL
const LOCAL_PATH = /(?:^|[\s'"(=,[])((?:\/home|\/Users)\/[^\s'"),\]]*|[A-Za-z]:[\\/][^\s'"),\]]*)/
export const WIDGETS_IMPORT = /^(?:import|from)\s+ipywidgets\b/

/** The findings for one line (`body` is the line without its indentation). */
export function checkLine(indent: string, body: string): LineFinding[] {
  const out: LineFinding[] = []
  const magic = body.startsWith('!') || body.startsWith('%')
  if (CONDA.test(body)) {
    out.push({ code: 'CONDA_NOT_AVAILABLE', message: 'conda is not installed on Colab; install the package with %pip instead (or set up condacolab)' })
  } else if (!magic) {
    const pip = PIP.exec(body)
    const shell = SHELL.exec(body)
    if (pip) {
      const fix = `${indent}%pip ${pip[1]}${pip[2]}`
      out.push({ code: 'BARE_PIP_INSTALL', message: `"${body}" is a shell command, not Python; Colab needs the %pip magic — fixed: "${fix.trim()}"`, fix })
    } else if (shell) {
      const fix = `${indent}!${body}`
      out.push({
        code: 'BARE_SHELL_COMMAND',
        message: `"${body}" is a shell command, not Python; Colab runs it with a leading "!" — fixed: "${fix.trim()}"`,
        fix,
      })
    }
  }
  const mpl = MPL.exec(body)
  if (mpl) {
    out.push({
      code: 'MATPLOTLIB_BACKEND',
      message: `%matplotlib ${mpl[1]} needs a backend Colab does not provide — fixed: "%matplotlib inline"`,
      fix: `${indent}%matplotlib inline`,
    })
  }
  if (!magic) {
    const gui = GUI_IMPORT.exec(body)
    if (gui)
      out.push({
        code: 'GUI_TOOLKIT',
        message: `${gui[1]} opens desktop windows, which Colab (a remote, headless runtime) cannot show; use inline plots or ipywidgets`,
      })
    if (CV2_IMSHOW.test(body)) {
      out.push({
        code: 'GUI_TOOLKIT',
        message: 'cv2.imshow opens a desktop window, which Colab cannot show; use cv2_imshow from google.colab.patches (it takes the image only)',
      })
    }
    const input = INPUT.exec(body)
    if (input) {
      out.push({
        code: 'INTERACTIVE_INPUT',
        message: `${input[1]}() waits for someone to type, which stops "Run all" and unattended runs; set the value in a variable or read it from Colab secrets (google.colab.userdata)`,
      })
    }
  }
  const local = LOCAL_PATH.exec(body)
  if (local) {
    out.push({
      code: 'LOCAL_PATH',
      message: `local path "${local[1]}" does not exist on Colab; upload the file, mount Google Drive (/content/drive) or download it in the notebook`,
    })
  }
  return out
}

/** Lines Colab's custom widget manager needs before ipywidgets are imported; harmless outside Colab. */
export function widgetManagerLines(indent: string): string[] {
  return [
    'try:  # Colab: let third-party ipywidgets render',
    '    from google.colab import output as _colab_output',
    '    _colab_output.enable_custom_widget_manager()',
    'except ImportError:',
    '    pass',
  ].map((l) => indent + l)
}

/** Cell magics whose body is Python; a cell starting with any other `%%` magic is not checked. */
const PYTHON_CELL_MAGICS = /^%%(capture|time|timeit|prun)\b/

export function isPythonCell(text: string): boolean {
  const first = text.trimStart()
  return !first.startsWith('%%') || PYTHON_CELL_MAGICS.test(first)
}

/**
 * The lines worth checking: their index, indentation and text, skipping blank and comment lines
 * and lines inside triple-quoted strings (a line that opens or closes one is still checked).
 */
export function codeLines(lines: string[]): Array<{ index: number; indent: string; body: string }> {
  const out: Array<{ index: number; indent: string; body: string }> = []
  let quote: string | null = null
  lines.forEach((line, index) => {
    const text = line.replace(/\r$/, '')
    const indent = /^[ \t]*/.exec(text)![0]
    const body = text.slice(indent.length)
    const wasInside = quote !== null
    for (const m of body.matchAll(/"""|'''/g)) {
      if (quote === null) quote = m[0]
      else if (m[0] === quote) quote = null
    }
    if (wasInside || body === '' || body.startsWith('#')) return
    out.push({ index, indent, body })
  })
  return out
}
