/**
 * The `rg` command line for a Grep job: an argument array (never a shell string), the pattern
 * after `--regexp` so it can never be read as an option, the path after `--`. The flags pin rg's
 * behaviour whatever the machine's setup: no config file, hidden files searched, .gitignore
 * honoured without a git repository, nothing read from above the workspace, `.git` and blocked
 * names excluded, file types from our own table.
 */
import { FILE_TYPES } from './file-types.js'
import { blockedGlobs, protectedGlobs } from './blocked-globs.js'
import { parentIgnoreRules } from './parent-ignores.js'
import { MAX_COLUMNS } from './output.js'
import type { GrepJob } from './job.js'

export const RG_BASE = [
  '--no-config',
  '--color',
  'never',
  '--no-messages',
  '--hidden',
  '--no-require-git',
  '--no-ignore-parent',
  '--no-ignore-global',
  '--no-ignore-exclude',
  '--no-ignore-dot',
  '--max-columns',
  String(MAX_COLUMNS),
]

/** The parents' .gitignore rules for a Grep job (see parent-ignores.ts); null for a single file. */
export async function grepIgnoreRules(job: GrepJob): Promise<string | null> {
  return job.target.isDir ? parentIgnoreRules(job.root, job.target.rel) : null
}

export function rgArgs(job: GrepJob, opts: { ignoreFile: string | null; sorted: boolean }): string[] {
  const args = [...RG_BASE]
  if (opts.sorted) args.push('--sort', 'path')
  if (job.ignoreCase) args.push('--ignore-case')
  if (job.multiline) args.push('--multiline', '--multiline-dotall')
  for (const g of job.globs) args.push('--glob', g)
  if (job.type) {
    for (const g of FILE_TYPES[job.type]) args.push('--type-add', `toolgate:${g}`)
    args.push('--type', 'toolgate')
  }
  for (const g of [...blockedGlobs(job.policy.read), ...protectedGlobs(job.root)]) args.push('--iglob', g)
  if (opts.ignoreFile !== null) args.push('--ignore-file', opts.ignoreFile)
  if (job.mode === 'files_with_matches') args.push('--files-with-matches', '--null')
  else if (job.mode === 'count') args.push('--count', '--null', '--with-filename')
  else args.push('--line-number', '--null', '--with-filename', '--after-context', String(job.after), '--before-context', String(job.before))
  args.push('--regexp', job.pattern, '--', job.target.rel)
  return args
}
