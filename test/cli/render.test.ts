/** Colour only on a TTY with NO_COLOR unset; boxes keep their 71 columns when lines wrap or are coloured. */
import { afterEach, describe, expect, it } from 'vitest'
import { box, paint, useColour } from '../../src/cli/render.js'

const tty = { isTTY: true } as NodeJS.WriteStream
const pipe = { isTTY: false } as NodeJS.WriteStream
const saved = { NO_COLOR: process.env.NO_COLOR, TERM: process.env.TERM }
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) v === undefined ? delete process.env[k] : (process.env[k] = v)
})

describe('cli render', () => {
  it('colours a TTY only, and not when NO_COLOR is set', () => {
    delete process.env.NO_COLOR
    process.env.TERM = 'xterm'
    expect(useColour(tty)).toBe(true)
    expect(useColour(pipe)).toBe(false)
    process.env.NO_COLOR = '1'
    expect(useColour(tty)).toBe(false)
    expect(paint('red', 'x', false)).toBe('x')
  })

  it('wraps long lines and pads coloured ones to the same width', () => {
    const out = box([[paint('green', '✓ Success', true)], ['word '.repeat(40)]])
    const widths = out
      .replace(/\x1b\[[0-9;]*m/g, '')
      .trimEnd()
      .split('\n')
      .map((l) => [...l].length)
    expect(new Set(widths)).toEqual(new Set([71]))
    expect(out.split('\n').length).toBeGreaterThan(6)
  })
})
