/**
 * WebSearch's domain filters. A domain matches itself and its subdomains, case-insensitively:
 * `example.com` keeps `docs.example.com` but not `notexample.com`. Entries may be written as URLs
 * or with a leading `*.` or `.`; they are reduced to a host name first.
 */
import { fail } from '../../../errors.js'

export function normalizeDomain(entry: string): string {
  let d = entry.trim().toLowerCase()
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(d)) {
    try {
      d = new URL(d).hostname
    } catch {
      /* keep as written; it will match nothing */
    }
  }
  d = d
    .replace(/^\*?\./, '')
    .replace(/[/:].*$/, '')
    .replace(/\.$/, '')
  return d
}

export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '')
  } catch {
    return undefined
  }
}

export function matchesAny(host: string, domains: string[]): boolean {
  return domains.some((d) => host === d || host.endsWith(`.${d}`))
}

/** Normalized lists; both non-empty is refused (400), as Claude Code's WebSearch refuses it. */
export function domainFilters(allowed: string[] = [], blocked: string[] = []): { allowed: string[]; blocked: string[] } {
  const a = allowed.map(normalizeDomain).filter(Boolean)
  const b = blocked.map(normalizeDomain).filter(Boolean)
  if (a.length > 0 && b.length > 0) {
    fail('VALIDATION_ERROR', 'Cannot specify both allowed_domains and blocked_domains in the same request: pass one of them')
  }
  for (const [name, list, raw] of [
    ['allowed_domains', a, allowed],
    ['blocked_domains', b, blocked],
  ] as const) {
    if (raw.length > 0 && list.length === 0) fail('VALIDATION_ERROR', `${name} holds no usable domain: pass host names such as "example.com"`)
  }
  return { allowed: a, blocked: b }
}

/** The results a filter keeps: an allowed domain (when any are given) and no blocked one. */
export function keep(url: string, f: { allowed: string[]; blocked: string[] }): boolean {
  const host = hostOf(url)
  if (!host) return false
  if (f.allowed.length > 0 && !matchesAny(host, f.allowed)) return false
  return !matchesAny(host, f.blocked)
}
