/** Issue 14: the README is a front door of at most ~300 lines; reference material belongs in docs/. */
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

it('the README stays within 300 lines', () => {
  const lines = fs.readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8').split('\n')
  expect(lines.length).toBeGreaterThan(100) // a front door, not a stub
  expect(lines.length).toBeLessThanOrEqual(301) // 300 lines and the final newline's empty tail
})
