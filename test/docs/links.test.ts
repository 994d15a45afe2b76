/**
 * Every relative link in README.md and docs/ leads to a file that exists, and every `#anchor`
 * to a heading of that file (GitHub's slugs), so moving or renaming a page cannot leave dead links.
 * Paths of the repository named in the prose (`src/net/fetch.ts`) must exist too: moving code
 * then says which pages to update. Code blocks (examples, the README's layout tree) are not checked.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
/**
 * Pages other branches of issue 14 write (the env-schema and benchmark work). Until they are merged
 * a link to them may not resolve here; once they exist they are checked like any other page.
 */
function markdownFiles(): string[] {
  const docs = fs.readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
  return ['README.md', ...docs.filter((f) => f.endsWith('.md')).map((f) => path.join('docs', f))]
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
export function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[\s\S]*?\1/g, '')
}

export function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1])
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
  for (const [, heading] of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    out.add(n === 0 ? base : `${base}-${n}`)
  }
  return out
}

function brokenLinks(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
  const broken: string[] = []
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // http:, https:, mailto:
    const [rawPath, anchor] = target.split('#', 2)
    const resolved = rawPath ? path.normalize(path.join(path.dirname(file), decodeURIComponent(rawPath))) : file
    const absolute = path.join(ROOT, resolved)
    if (!fs.existsSync(absolute)) {
      broken.push(`${target} (no file ${resolved})`)
      continue
    }
    if (anchor && resolved.endsWith('.md') && !anchors(fs.readFileSync(absolute, 'utf8')).has(anchor)) {
      broken.push(`${target} (no heading #${anchor} in ${resolved})`)
    }
  }
  return broken
}

/** Repository paths the prose names: `src/…`, `test/…`, `scripts/…`, up to the first character no path has. */
export function repositoryPaths(markdown: string): string[] {
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
  return [...text.matchAll(/(?<![\w./-])(?:src|test|test-pg|scripts|bench|migrations)\/[\w./-]*/g)].map((m) => m[0].replace(/[.]+$/, ''))
}

function missingPaths(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
  return [...new Set(repositoryPaths(text))].filter((p) => !fs.existsSync(path.join(ROOT, p)))
}

describe('relative links in README.md and docs/', () => {
  const files = markdownFiles()

  it('finds the pages and their links', () => {
    expect(files).toContain('README.md')
    expect(files).toContain(path.join('docs', 'tools.md'))
    expect(linkTargets(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).length).toBeGreaterThan(10)
  })

  it.each(files)('%s: every relative link resolves', (file) => {
    expect(brokenLinks(file)).toEqual([])
  })

  it.each(files.filter((f) => !f.startsWith(path.join('docs', 'specs'))))('%s: every repository path it names exists', (file) => {
    expect(missingPaths(file)).toEqual([])
  })
})

describe('the link checker', () => {
  it('ignores links inside code and reads GitHub anchors', () => {
    expect(linkTargets('see [a](a.md), `[b](b.md)`\n```\n[c](c.md)\n```\n[d](d.md#x "t")')).toEqual(['a.md', 'd.md#x'])
    expect([...anchors('# Keys, revocation and outages\n## The sandbox (`TOOLGATE_SANDBOX=auto|bwrap|off`)\n## Keys, revocation and outages')]).toEqual([
      'keys-revocation-and-outages',
      'the-sandbox-toolgate_sandboxautobwrapoff',
      'keys-revocation-and-outages-1',
    ])
  })

  it('finds repository paths in prose and inline code, not in code blocks', () => {
    expect(repositoryPaths('see `src/net/fetch.ts`, src/tools/<toolset>/ and src/app.ts.\n```\nsrc/web-search/\n```')).toEqual([
      'src/net/fetch.ts',
      'src/tools/',
      'src/app.ts',
    ])
  })

  it('reports a missing file and a missing heading', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'docs', '.links-test-'))
    const rel = path.relative(ROOT, path.join(dir, 'page.md'))
    try {
      fs.writeFileSync(path.join(dir, 'page.md'), '# Page\n[ok](page.md#page) [gone](nowhere.md) [bad](page.md#nope)\n')
      expect(brokenLinks(rel)).toEqual([`nowhere.md (no file ${path.join(path.dirname(rel), 'nowhere.md')})`, `page.md#nope (no heading #nope in ${rel})`])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
