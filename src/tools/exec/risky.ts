/**
 * Risky shell commands: the patterns Bash and shell warn about (or, with TOOLGATE_HOLD_RISKY, hold
 * for approval). A warning, not a sandbox: a determined command can always be spelt so that no
 * pattern sees it. The table of cases lives in test/tools/exec/risky.test.ts.
 */

export interface Risk {
  /** What was matched, as written in the command (trimmed, at most 80 characters). */
  match: string
  /** Why it is risky, for people. */
  why: string
}

// A command word starts the command or follows a separator, a subshell or `sudo`.
const CMD = String.raw`(?:^|[\s;&|({\x60])(?:sudo\s+(?:-\S+\s+)*)?`
// The rest of one simple command: up to the next separator.
const ARGS = String.raw`[^;&|\n]*`

interface Rule { why: string; test(command: string): string | undefined }

const regexRule = (why: string, re: RegExp): Rule => ({ why, test: (c) => re.exec(c)?.[0] })

/** `rm` with both a recursive and a force flag, in any spelling (`-rf`, `-fr`, `-r -f`, `--recursive --force`, `-Rf`). */
const rmRecursiveForce: Rule = {
  why: 'deletes files recursively without asking',
  test(command) {
    const re = new RegExp(`${CMD}(rm\\s${ARGS})`, 'g')
    for (let m = re.exec(command); m; m = re.exec(command)) {
      const flags = m[1].split(/\s+/).filter((a) => a.startsWith('-'))
      const recursive = flags.some((f) => f === '--recursive' || /^-[a-zA-Z]*[rR]/.test(f))
      const force = flags.some((f) => f === '--force' || /^-[a-zA-Z]*f/.test(f))
      if (recursive && force) return m[1]
    }
    return undefined
  },
}

// `git [-C dir] [-c k=v] [--flags] <sub>`
const git = (sub: string, rest: string) => new RegExp(`\\bgit\\s+(?:-[Cc]\\s+\\S+\\s+|-\\S+\\s+)*${sub}\\b${ARGS}?${rest}`)

const RULES: Rule[] = [
  rmRecursiveForce,
  regexRule('rewrites the remote branch history', git('push', String.raw`\s(?:--force(?:-with-lease)?(?:=\S*)?|-[a-zA-Z]*f[a-zA-Z]*)(?=[\s;&|)]|$)`)),
  regexRule('throws away uncommitted changes', git('reset', String.raw`\s--hard\b`)),
  regexRule('deletes untracked files', git('clean', String.raw`\s(?:-[a-zA-Z]*f[a-zA-Z]*|--force)(?=[\s;&|)]|$)`)),
  regexRule('creates a file system, erasing the device', new RegExp(`${CMD}mkfs(?:\\.\\w+)?\\b${ARGS}`)),
  regexRule('writes raw blocks (dd)', new RegExp(`${CMD}dd\\s${ARGS}\\b(?:if|of)=${ARGS}`)),
  regexRule('is a fork bomb', /([^\s(){};|&]+)\s*\(\)\s*\{[^}]*?\1\s*\|\s*\1\s*&[^}]*\}/),
  regexRule('runs a script downloaded from the network', new RegExp(`\\b(?:curl|wget)\\b${ARGS}\\|\\s*(?:sudo\\s+)?(?:ba|z|da|k)?sh\\b`)),
  regexRule('runs a script downloaded from the network', /\b(?:ba|z)?sh\s+<\(\s*(?:curl|wget)\b[^)]*\)/),
  regexRule('makes files world-writable recursively', new RegExp(`${CMD}chmod\\s+${ARGS}?(?:-[a-zA-Z]*R|--recursive)${ARGS}?\\s0?777\\b${ARGS}`)),
  regexRule('writes over a disk device', />\s*\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|disk)\w*/),
  regexRule('shuts the machine down', new RegExp(`${CMD}(?:shutdown|reboot|halt|poweroff)\\b${ARGS}`)),
]

/** The first risky pattern in `command`, or undefined. */
export function findRisk(command: string): Risk | undefined {
  for (const rule of RULES) {
    const hit = rule.test(command)
    if (hit !== undefined) {
      const match = hit.replace(/^[\s;&|({`]+/, '').trim()
      return { match: match.length > 80 ? `${match.slice(0, 80)}…` : match, why: rule.why }
    }
  }
  return undefined
}

/** "Risky command: rm -rf build (deletes files recursively without asking)" */
export const describeRisk = (r: Risk) => `Risky command: ${r.match} (${r.why})`
