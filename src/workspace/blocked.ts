/**
 * The blocked-name policy: secrets and credentials (`.env*`, `secrets/`, `*.key`, `*.pem`) are
 * never read or written through tools, and nothing in a git directory is ever written (a written
 * hook or config is code execution; git-dirs.ts also finds git directories by their contents). Rules match case-insensitively per path segment, and assertAllowed
 * checks both the path as written and where it really leads, so links and `..` cannot dodge them.
 */
import { fail } from '../errors.js'
import { resolveInside, type Resolution, type ResolveOptions } from './resolve.js'
import { assertNotInGitDir } from './git-dirs.js'
import { segmentsOf } from './paths.js'
import { fileNotFound } from './fs-errors.js'

export type BlockRule = 'env' | 'secrets' | 'key' | 'pem' | 'git-config' | 'git-hooks' | 'git-dir'
export type AccessMode = 'read' | 'write'
export interface BlockPolicy {
  read: readonly BlockRule[]
  write: readonly BlockRule[]
}

export const blockRules: readonly BlockRule[] = ['env', 'secrets', 'key', 'pem', 'git-config', 'git-hooks', 'git-dir']

export const defaultPolicy: Readonly<BlockPolicy> = Object.freeze<BlockPolicy>({
  read: Object.freeze<BlockRule[]>(['env', 'secrets', 'key', 'pem']),
  write: Object.freeze<BlockRule[]>([...blockRules]),
})

/** `.git` followed directly by `name`, at any depth (`sub/.git/hooks/x`). */
const underGit = (segs: string[], name: string): boolean => segs.some((s, i) => s === '.git' && segs[i + 1] === name)

const matchers: Record<BlockRule, (segs: string[]) => boolean> = {
  env: (segs) => segs.some((s) => s.startsWith('.env')),
  secrets: (segs) => segs.includes('secrets'),
  key: (segs) => segs.length > 0 && segs[segs.length - 1].endsWith('.key'),
  pem: (segs) => segs.length > 0 && segs[segs.length - 1].endsWith('.pem'),
  'git-config': (segs) => underGit(segs, 'config'),
  'git-hooks': (segs) => underGit(segs, 'hooks'),
  'git-dir': (segs) => segs.includes('.git'),
}

/** The first rule of `policy[mode]` that `rel` (posix, relative to the root) matches, or null. */
export function isBlocked(rel: string, mode: AccessMode, policy: BlockPolicy = defaultPolicy): string | null {
  const segs = segmentsOf(rel.replace(/\\/g, '/').toLowerCase())
  for (const rule of policy[mode]) {
    const matches = Object.hasOwn(matchers, rule) ? matchers[rule] : undefined
    if (matches === undefined) fail('INVALID_REQUEST', `Unknown blocked-path rule "${rule}"; use parseBlockPolicy`)
    if (matches(segs)) return rule
  }
  return null
}

/**
 * Builds a policy from a comma list of rule names for reads (such as an environment setting);
 * blank or absent keeps the default, `none` blocks no reads. Writes always use every rule.
 */
export function parseBlockPolicy(readSpec?: string): BlockPolicy {
  const write = [...blockRules]
  if (readSpec === undefined || readSpec.trim() === '') return { read: [...defaultPolicy.read], write }
  if (readSpec.trim().toLowerCase() === 'none') return { read: [], write }
  const read: BlockRule[] = []
  for (const raw of readSpec.split(',')) {
    const name = raw.trim().toLowerCase()
    if (name === '') continue
    if (!(blockRules as readonly string[]).includes(name)) {
      fail('INVALID_REQUEST', `Unknown blocked-path rule "${raw.trim()}"; use a comma list of: ${blockRules.join(', ')} (or "none")`, {
        details: { received: raw.trim(), valid: [...blockRules] },
      })
    }
    if (!read.includes(name as BlockRule)) read.push(name as BlockRule)
  }
  return { read, write }
}

export interface AllowOptions extends ResolveOptions {
  policy?: BlockPolicy
}

/**
 * resolveInside, then the blocked-name policy on both the path as written and the real path it
 * leads to (or, for a missing target, where it would be created). Returns the resolution.
 */
export async function assertAllowed(root: string, userPath: string, mode: AccessMode, opts: AllowOptions = {}): Promise<Resolution> {
  // Blocked names are refused whether or not they exist: a 404 would tell a prober which do.
  const res = await resolveInside(root, userPath, { ...opts, allowMissing: true })
  assertNotBlocked(res.rel, res.targetRel, mode, opts.policy)
  if (mode === 'write') await assertNotInGitDir(res.root, res.target, res.rel)
  if (res.real === null && !opts.allowMissing) fileNotFound(res.rel)
  return res
}

/** Throws PATH_BLOCKED when either path matches a rule; `shown` is the path named in the message. */
export function assertNotBlocked(shown: string, realRel: string, mode: AccessMode, policy?: BlockPolicy): void {
  const rule = isBlocked(shown, mode, policy) ?? isBlocked(realRel, mode, policy)
  if (rule !== null) {
    fail(
      'PATH_BLOCKED',
      `Access denied: ${shown} is a blocked path (${rule}); such files cannot be ` +
        `${mode === 'read' ? 'read' : 'written'} through tools, so choose another path`,
      { details: { path: shown, rule, mode } },
    )
  }
}
