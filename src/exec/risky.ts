/**
 * Risky shell commands: the patterns Bash and shell warn about (or, with TOOLGATE_HOLD_RISKY, hold
 * for approval). A warning, not a sandbox: a determined command can always be spelt so that no
 * pattern sees it. The table of cases lives in test/tools/exec/risky.test.ts.
 *
 * The command is the caller's and runs on the main thread, so it is read in linear time: split
 * once into simple commands and words, then each rule looks at words. No regular expression here
 * runs over more than one word, and none of those can backtrack (anchored, no nested repeats).
 */

export interface Risk {
  /** What was matched, as written in the command (trimmed, at most 80 characters). */
  match: string
  /** Why it is risky, for people. */
  why: string
}

interface Word {
  text: string
  start: number
  end: number
}
/** One simple command: the text up to the next `;`, `&`, `|` or newline, and its words. */
interface Segment {
  start: number
  end: number
  words: Word[]
}
interface Parsed {
  command: string
  segments: Segment[]
}

const SEPARATORS = new Set([';', '&', '|', '\n'])
// Words end at white space and at these; a command word may follow any of them but `)` and `}`.
const WORD_BREAKS = new Set(['(', ')', '{', '}', '`'])
const isSpace = (c: string | undefined) => c !== undefined && (c === ' ' || c === '\t' || c === '\n' || c === '\r' || /^\s$/.test(c))
const isWordChar = (c: string | undefined) => c !== undefined && /^\w$/.test(c)

function parse(command: string): Parsed {
  const segments: Segment[] = []
  let seg: Segment = { start: 0, end: 0, words: [] }
  let wordStart = -1
  for (let i = 0; i <= command.length; i++) {
    const c = command[i]
    const ends = c === undefined || SEPARATORS.has(c)
    if (ends || isSpace(c) || WORD_BREAKS.has(c)) {
      if (wordStart >= 0) seg.words.push({ text: command.slice(wordStart, i), start: wordStart, end: i })
      wordStart = -1
    } else if (wordStart < 0) wordStart = i
    if (ends) {
      seg.end = i
      segments.push(seg)
      seg = { start: i + 1, end: i + 1, words: [] }
    }
  }
  return { command, segments }
}

/** Not in command position: straight after `)` or `}`. */
const afterClose = (p: Parsed, w: Word) => p.command[w.start - 1] === ')' || p.command[w.start - 1] === '}'

/** Where a command word's match starts: `sudo [-flags]` before it is part of it, as a reader sees it. */
function commandStart(seg: Segment, i: number): number {
  let j = i - 1
  while (j >= 0 && seg.words[j].text.startsWith('-')) j--
  return j >= 0 && seg.words[j].text === 'sudo' ? seg.words[j].start : seg.words[i].start
}

/**
 * A command word (`head`) and the rest of its simple command (`tail`, the words after it). Only the
 * first head of a simple command is tried: the words after a later one are a part of the words
 * after the first, so a later one cannot match where the first did not (and the scan stays linear).
 */
function wordRule(head: (word: string, p: Parsed, w: Word) => boolean, tail: (rest: Word[]) => boolean = () => true, withSudo = true) {
  return (p: Parsed): string | undefined => {
    for (const seg of p.segments) {
      const i = seg.words.findIndex((w) => !afterClose(p, w) && head(w.text, p, w))
      if (i < 0 || !tail(seg.words.slice(i + 1))) continue
      return p.command.slice(withSudo ? commandStart(seg, i) : seg.words[i].start, seg.end)
    }
    return undefined
  }
}

const flags = (rest: Word[]) => rest.map((w) => w.text).filter((t) => t.startsWith('-'))

/** `rm` with both a recursive and a force flag, in any spelling (`-rf`, `-fr`, `-r -f`, `--recursive --force`, `-Rf`). */
const rmRecursiveForce = wordRule(
  (word, p, w) => word === 'rm' && isSpace(p.command[w.end]),
  (rest) => {
    const fs = flags(rest)
    return fs.some((f) => f === '--recursive' || /^-[a-zA-Z]*[rR]/.test(f)) && fs.some((f) => f === '--force' || /^-[a-zA-Z]*f/.test(f))
  },
  false,
)

/** One `git [-C dir] [-c k=v] [--flags] <sub> …`: the git word, its subcommand and the words after it. */
interface GitCall {
  git: Word
  sub: string
  /** The segment's words; the call's own start after index `sub` (sliced only for the call a rule looks into). */
  words: Word[]
  after: number
}

const gitCache = new WeakMap<Parsed, GitCall[][]>()

/** Every segment's git calls, found once per command for all the git rules. */
function gitCalls(p: Parsed): GitCall[][] {
  let calls = gitCache.get(p)
  if (calls) return calls
  calls = p.segments.map((seg) => {
    const ws = seg.words
    const found: GitCall[] = []
    for (let i = 0; i < ws.length; i++) {
      const t = ws[i].text
      if (!t.endsWith('git') || isWordChar(t[t.length - 4])) continue
      let j = i + 1
      while (j < ws.length && ws[j].text.startsWith('-')) j += /^-[Cc]$/.test(ws[j].text) ? 2 : 1
      if (j < ws.length) found.push({ git: ws[i], sub: ws[j].text, words: ws, after: j + 1 })
    }
    return found
  })
  gitCache.set(p, calls)
  return calls
}

/** `git … <sub> …`, matched up to the word `find` picks among the words after `<sub>`. */
function gitRule(sub: string, find: (rest: Word[]) => Word | undefined) {
  return (p: Parsed): string | undefined => {
    for (const calls of gitCalls(p)) {
      // As in wordRule: a later `git <sub>` sees a part of what the first one sees.
      const call = calls.find((c) => c.sub.startsWith(sub) && !isWordChar(c.sub[sub.length]))
      const hit = call && find(call.words.slice(call.after))
      if (call && hit) return p.command.slice(call.git.end - 3, hit.end)
    }
    return undefined
  }
}

/** The first word that passes `test`. */
const anyWord = (test: (word: string) => boolean) => (rest: Word[]) => rest.find((w) => test(w.text))

/** `curl … | [sudo] sh`: a download piped straight into a shell. */
function curlPipeShell(p: Parsed): string | undefined {
  const { command, segments } = p
  for (let k = 0; k + 1 < segments.length; k++) {
    const seg = segments[k]
    if (command[seg.end] !== '|') continue
    const dl = seg.words.find((w) => hasWord(w.text, ['curl', 'wget']))
    if (!dl) continue
    const next = segments[k + 1].words
    const shell = next[0]?.text === 'sudo' ? next[1] : next[0]
    if (!shell || !/^(?:ba|z|da|k)?sh(?!\w)/.test(shell.text)) continue
    if (command.slice(segments[k + 1].start, next[0].start).trim() !== '') continue
    const name = /^(?:ba|z|da|k)?sh/.exec(shell.text)![0]
    return command.slice(dl.start + dl.text.search(/curl|wget/), shell.start + name.length)
  }
  return undefined
}

/** `word` holds one of `names` with no word character either side. */
function hasWord(word: string, names: string[]): boolean {
  return names.some((n) => {
    for (let i = word.indexOf(n); i >= 0; i = word.indexOf(n, i + 1)) {
      if (!isWordChar(word[i - 1]) && !isWordChar(word[i + n.length])) return true
    }
    return false
  })
}

/** `bash <(curl …)`: a download run by process substitution. */
function shellOfDownload(p: Parsed): string | undefined {
  const c = p.command
  let close = -1
  for (let i = c.indexOf('<('); i >= 0; i = c.indexOf('<(', i + 2)) {
    let b = i
    while (b > 0 && isSpace(c[b - 1])) b--
    if (b === i) continue
    const shell = /(?:ba|z)?sh$/.exec(c.slice(Math.max(0, b - 4), b))
    if (!shell || isWordChar(c[b - shell[0].length - 1])) continue
    let a = i + 2
    while (isSpace(c[a])) a++
    const tool = c.startsWith('curl', a) ? 4 : c.startsWith('wget', a) ? 4 : 0
    if (!tool || isWordChar(c[a + tool])) continue
    if (close < a) close = c.indexOf(')', a)
    if (close < 0) return undefined
    return c.slice(b - shell[0].length, close + 1)
  }
  return undefined
}

/** A fork bomb, `name(){ name|name& }`. Names and bodies are short; longer ones are not looked into. */
function forkBomb(p: Parsed): string | undefined {
  const c = p.command
  let close = -1
  for (let i = c.indexOf('()'); i >= 0; i = c.indexOf('()', i + 2)) {
    let e = i
    while (e > 0 && isSpace(c[e - 1])) e--
    let s = e
    while (s > 0 && e - s <= 64 && !/[\s(){};|&]/.test(c[s - 1])) s--
    if (s === e || e - s > 64) continue
    let b = i + 2
    while (isSpace(c[b])) b++
    if (c[b] !== '{') continue
    // The first `}` after b, found again only once b has passed it: one scan for the whole command.
    if (close < b) close = c.indexOf('}', b)
    if (close < 0) return undefined
    if (close - b > 256) continue
    const name = c.slice(s, e)
    const body = c.slice(b + 1, close).replace(/\s+/g, '')
    if (body.includes(`${name}|${name}&`)) return c.slice(s, close + 1)
  }
  return undefined
}

/** `> /dev/sda`: output redirected over a disk device. */
function diskRedirect(p: Parsed): string | undefined {
  const c = p.command
  for (let i = c.indexOf('>'); i >= 0; i = c.indexOf('>', i + 1)) {
    let a = i + 1
    while (isSpace(c[a])) a++
    const dev = /^\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|disk)\w*/.exec(c.slice(a, a + 64))
    if (dev) return c.slice(i, a + dev[0].length)
  }
  return undefined
}

const isPushForce = (t: string) => /^--force(?:-with-lease)?(?:=.*)?$/s.test(t) || /^-[a-zA-Z]*f[a-zA-Z]*$/.test(t)
const isCleanForce = (t: string) => t === '--force' || /^-[a-zA-Z]*f[a-zA-Z]*$/.test(t)
const hasIfOf = (rest: Word[]) => rest.some((w) => /(?:^|\W)(?:if|of)=/.test(w.text))

function chmod777(rest: Word[]): boolean {
  const r = rest.findIndex((w) => /^-[a-zA-Z]*R/.test(w.text) || w.text.startsWith('--recursive'))
  return r >= 0 && rest.slice(r + 1).some((w) => /^0?777(?!\w)/.test(w.text))
}

/** Pathspecs that name the whole tree: `git checkout -- .` and `git restore :/` discard every change. */
const WHOLE_TREE = new Set(['.', './', ':/', ':/.', ':(top)', '*'])
const isWholeTree = (t: string) => WHOLE_TREE.has(t)
/** A short-flag cluster holding `letter` (`-qf`, `-Dr`), or the long form. */
const shortOr = (letter: string, long: string) => (t: string) => t === long || (/^-[a-zA-Z]+$/.test(t) && t.includes(letter))
const isForce = shortOr('f', '--force')

/** `branch -D`, or `-d`/`--delete` together with `-f`/`--force` (in one cluster or two words). */
function branchForceDelete(rest: Word[]): Word | undefined {
  const big = rest.find((w) => /^-[a-zA-Z]*D[a-zA-Z]*$/.test(w.text))
  if (big) return big
  const del = rest.findIndex((w) => shortOr('d', '--delete')(w.text))
  const force = rest.findIndex((w) => isForce(w.text))
  return del >= 0 && force >= 0 ? rest[Math.max(del, force)] : undefined
}

/** `restore` of the whole tree, unless only the index is restored (`--staged` without `--worktree`). */
function restoreWholeTree(rest: Word[]): Word | undefined {
  const staged = rest.some((w) => shortOr('S', '--staged')(w.text))
  const worktree = rest.some((w) => shortOr('W', '--worktree')(w.text))
  return staged && !worktree ? undefined : rest.find((w) => isWholeTree(w.text))
}

/** `push --delete`/`-d`, or a refspec with nothing before the colon (`:branch` deletes it). */
const pushDelete = anyWord((t) => shortOr('d', '--delete')(t) || /^:[^/]/.test(t))

/** `stash drop` and `stash clear`: the first word after `stash` that is not a flag. */
const stashDiscard = (rest: Word[]) => {
  const action = rest.find((w) => !w.text.startsWith('-'))
  return action && (action.text === 'drop' || action.text === 'clear') ? action : undefined
}

const RULES: { why: string; test(p: Parsed): string | undefined }[] = [
  { why: 'deletes files recursively without asking', test: rmRecursiveForce },
  { why: 'rewrites the remote branch history', test: gitRule('push', anyWord(isPushForce)) },
  {
    why: 'throws away uncommitted changes',
    test: gitRule(
      'reset',
      anyWord((t) => t.startsWith('--hard') && !isWordChar(t[6])),
    ),
  },
  { why: 'deletes untracked files', test: gitRule('clean', anyWord(isCleanForce)) },
  { why: 'deletes a branch even if it was never merged', test: gitRule('branch', branchForceDelete) },
  {
    why: 'throws away uncommitted changes',
    test: gitRule(
      'checkout',
      anyWord((t) => isForce(t) || isWholeTree(t)),
    ),
  },
  { why: 'throws away uncommitted changes', test: gitRule('restore', restoreWholeTree) },
  { why: 'deletes a remote branch', test: gitRule('push', pushDelete) },
  { why: 'throws away stashed changes', test: gitRule('stash', stashDiscard) },
  { why: 'creates a file system, erasing the device', test: wordRule((w) => /^mkfs(?:\.\w+)?(?!\w)/.test(w)) },
  { why: 'writes raw blocks (dd)', test: wordRule((w, p, word) => w === 'dd' && isSpace(p.command[word.end]), hasIfOf) },
  { why: 'is a fork bomb', test: forkBomb },
  { why: 'runs a script downloaded from the network', test: curlPipeShell },
  { why: 'runs a script downloaded from the network', test: shellOfDownload },
  { why: 'makes files world-writable recursively', test: wordRule((w) => w === 'chmod', chmod777) },
  { why: 'writes over a disk device', test: diskRedirect },
  { why: 'shuts the machine down', test: wordRule((w) => /^(?:shutdown|reboot|halt|poweroff)(?!\w)/.test(w)) },
]

/** The first risky pattern in `command`, or undefined. */
export function findRisk(command: string): Risk | undefined {
  const parsed = parse(command)
  for (const rule of RULES) {
    const hit = rule.test(parsed)
    if (hit !== undefined) {
      const match = hit.trim()
      return { match: match.length > 80 ? `${match.slice(0, 80)}…` : match, why: rule.why }
    }
  }
  return undefined
}

/** "Risky command: rm -rf build (deletes files recursively without asking)" */
export const describeRisk = (r: Risk) => `Risky command: ${r.match} (${r.why})`
