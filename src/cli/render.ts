/**
 * Seed 002's displays: boxes drawn with box-drawing characters, 71 columns wide, sections split by
 * ├─┤ rules, long lines wrapped. Colour only when stdout is a terminal and NO_COLOR is unset.
 */

const INNER = 67

/** Whether to colour: a TTY, no NO_COLOR (any value, https://no-color.org), not a dumb terminal. */
export const useColour = (stream: NodeJS.WriteStream = process.stdout): boolean =>
  Boolean(stream.isTTY) && !('NO_COLOR' in process.env && process.env.NO_COLOR !== '') && process.env.TERM !== 'dumb'

const CODES = { red: 31, green: 32, yellow: 33, cyan: 36, dim: 2, bold: 1 } as const
export type Colour = keyof typeof CODES

/** `text` in `colour` when colouring; plain otherwise. */
export const paint = (colour: Colour, text: string, on = useColour()): string => (on ? `\x1b[${CODES[colour]}m${text}\x1b[0m` : text)

// Escape codes take no columns: measure without them.
const visible = (s: string): number => [...s.replace(/\x1b\[[0-9;]*m/g, '')].length

/** Splits one line into pieces of at most `width` columns, at spaces where it can (plain text only). */
export function wrap(line: string, width = INNER): string[] {
  if (visible(line) <= width) return [line]
  const indent = /^\s*/.exec(line)![0]
  const out: string[] = []
  let rest = line
  while ([...rest].length > width) {
    const chars = [...rest]
    let cut = chars
      .slice(0, width + 1)
      .join('')
      .lastIndexOf(' ')
    if (cut <= indent.length) cut = chars.slice(0, width).join('').length
    out.push(rest.slice(0, cut).trimEnd())
    rest = indent + rest.slice(cut).trimStart()
  }
  out.push(rest)
  return out
}

/** A box: each section is a list of lines; sections are separated by ├─┤ rules. */
export function box(sections: string[][]): string {
  const top = `┌${'─'.repeat(INNER + 2)}┐`
  const rule = `├${'─'.repeat(INNER + 2)}┤`
  const bottom = `└${'─'.repeat(INNER + 2)}┘`
  const body = sections.map((lines) =>
    lines
      .flatMap((l) => l.split('\n'))
      .flatMap((l) => wrap(l))
      .map((l) => `│ ${l}${' '.repeat(Math.max(0, INNER - visible(l)))} │`)
      .join('\n'),
  )
  return `${[top, body.join(`\n${rule}\n`), bottom].join('\n')}\n`
}

/** A JSON value on one line, the way §7 shows parameters (`{"a": 1, "b": "x"}`), cut at `max` characters. */
export function oneLine(value: unknown, max = 60): string {
  const text =
    value && typeof value === 'object' && !Array.isArray(value)
      ? `{${Object.entries(value)
          .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
          .join(', ')}}`
      : (JSON.stringify(value) ?? 'null')
  return text.length <= max ? text : `${text.slice(0, max - 5)}, ...}`
}

/** Milliseconds the way the seed prints them: `12ms`. */
export const ms = (n: number | null | undefined): string => (n === null || n === undefined ? '-' : `${Math.round(n)}ms`)
