/**
 * Comments cite the seed specifications as "seed 00X §N"; docs/specs/ holds them (seed-00X.md), and
 * every section cited must be a numbered heading there, so a reader can follow each reference.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SOURCES = ['src', 'test', 'test-pg', 'scripts', 'bench']

/** The repository's own code files: what git tracks, not whatever a local scratch folder holds. */
function sourceFiles(): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z', '--', ...SOURCES], { cwd: ROOT, encoding: 'utf8' })
  return tracked.split('\0').filter((f) => /\.(ts|js|mjs|cjs)$/.test(f))
}

/** `seed 002 §5` → `{seed: '002', section: '5'}`; a bare `seed 004` has no section. */
export function citations(text: string): { seed: string; section?: string }[] {
  return [...text.matchAll(/\bseeds? (\d{3})(?:'s)?(?: §(\d+(?:\.\d+)?))?/gi)].map((m) => ({ seed: m[1], section: m[2] }))
}

export function hasSection(spec: string, section: string): boolean {
  const escaped = section.replace('.', '\\.')
  return new RegExp(`^#{1,4} ${escaped}(?:\\.|\\s)`, 'm').test(spec)
}

describe('seed citations in the code', () => {
  const found = sourceFiles().flatMap((file) => citations(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((c) => ({ file, ...c })))

  it('finds citations, with sections', () => {
    expect(found.length).toBeGreaterThan(20)
    expect(found.some((c) => c.section)).toBe(true)
  })

  it('each names a spec under docs/specs/ and a numbered section it has', () => {
    const broken = found.filter(({ seed, section }) => {
      const spec = path.join(ROOT, 'docs', 'specs', `seed-${seed}.md`)
      if (!fs.existsSync(spec)) return true
      return section !== undefined && !hasSection(fs.readFileSync(spec, 'utf8'), section)
    })
    expect(broken).toEqual([])
  })

  it("the specs are the README's, which names each of them", () => {
    const readme = fs.readFileSync(path.join(ROOT, 'docs', 'specs', 'README.md'), 'utf8')
    for (const seed of ['000', '001', '002', '003', '004']) expect(readme).toContain(`(seed-${seed}.md)`)
  })
})

describe('the citation reader', () => {
  it('reads seeds and sections, and finds numbered headings only', () => {
    expect(citations("seed 002 §5's messages, seed 004's XML, seed 000 §2.3, Seed 000 §3")).toEqual([
      { seed: '002', section: '5' },
      { seed: '004', section: undefined },
      { seed: '000', section: '2.3' },
      { seed: '000', section: '3' },
    ])
    expect(hasSection('## 5. Validation\n### 2.1 `x`', '5')).toBe(true)
    expect(hasSection('## 5. Validation\n### 2.1 `x`', '2.1')).toBe(true)
    expect(hasSection('## 15. Other', '5')).toBe(false)
  })
})
