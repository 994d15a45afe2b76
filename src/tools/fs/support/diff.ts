/**
 * Unified diffs (`diff -u` / `git apply` format) for Edit's answer. Lines shared at the start
 * and end are trimmed first, so an edit's diff costs little however large the file; the middle is
 * diffed with Myers' O(ND) algorithm, and when that would take too long (a huge rewrite) the
 * middle becomes one hunk that removes the old lines and adds the new ones: still correct.
 */

const MAX_D = 1000
const MAX_WORK = 20_000_000

/** Lines with their `\n` kept, so that "x" at the end of a file differs from "x\n". */
function splitLines(s: string): string[] {
  const out: string[] = []
  for (let i = 0; i < s.length;) {
    const j = s.indexOf('\n', i)
    out.push(j === -1 ? s.slice(i) : s.slice(i, j + 1))
    i = j === -1 ? s.length : j + 1
  }
  return out
}

/** Edit script of `a` → `b` as ops (0 same, 1 delete, 2 insert), or null when too costly. */
function myers(a: Int32Array, b: Int32Array): Uint8Array | null {
  const n = a.length
  const m = b.length
  const off = n + m + 1
  const v = new Int32Array(2 * off + 1)
  const trace: Int32Array[] = []
  let work = 0
  for (let d = 0; d <= Math.min(n + m, MAX_D); d++) {
    trace.push(v.slice(off - d - 1, off + d + 2))
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1
      let y = x - k
      const x0 = x
      while (x < n && y < m && a[x] === b[y]) { x++; y++ }
      work += x - x0 + 1
      v[off + k] = x
      if (x >= n && y >= m) return backtrack(trace, n, m)
    }
    if (work > MAX_WORK) return null
  }
  return null
}

function backtrack(trace: Int32Array[], n: number, m: number): Uint8Array {
  const ops: number[] = []
  let x = n
  let y = m
  for (let d = trace.length - 1; d >= 0; d--) {
    const snap = trace[d] // v before step d, from k = -d-1 on
    const at = (k: number) => snap[k + d + 1]
    const k = x - y
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
    const prevX = d === 0 ? 0 : at(prevK)
    const prevY = d === 0 ? 0 : prevX - prevK
    while (x > prevX && y > prevY) { ops.push(0); x--; y-- }
    if (d > 0) ops.push(x === prevX ? 2 : 1)
    x = prevX
    y = prevY
  }
  return Uint8Array.from(ops.reverse())
}

interface Change { a: number; aEnd: number; b: number; bEnd: number }

function changesOf(ops: Uint8Array, a0: number, b0: number): Change[] {
  const out: Change[] = []
  let a = a0
  let b = b0
  for (let i = 0; i < ops.length;) {
    if (ops[i] === 0) { a++; b++; i++; continue }
    const c = { a, aEnd: a, b, bEnd: b }
    for (; i < ops.length && ops[i] !== 0; i++) {
      if (ops[i] === 1) c.aEnd++
      else c.bEnd++
    }
    a = c.aEnd
    b = c.bEnd
    out.push(c)
  }
  return out
}

const range = (start: number, len: number) => (len === 1 ? `${start + 1}` : `${len === 0 ? start : start + 1},${len}`)

function lineOut(prefix: string, line: string): string {
  return line.endsWith('\n') ? `${prefix}${line}` : `${prefix}${line}\n\\ No newline at end of file\n`
}

/** `diff -u` of two texts, with `a/name` and `b/name` headers; empty when they are equal. */
export function unifiedDiff(oldText: string, newText: string, name: string, context = 3): string {
  const A = splitLines(oldText)
  const B = splitLines(newText)
  let pre = 0
  while (pre < A.length && pre < B.length && A[pre] === B[pre]) pre++
  let suf = 0
  while (suf < A.length - pre && suf < B.length - pre && A[A.length - 1 - suf] === B[B.length - 1 - suf]) suf++
  const ids = new Map<string, number>()
  const id = (l: string) => ids.get(l) ?? (ids.set(l, ids.size), ids.size - 1)
  const a = Int32Array.from(A.slice(pre, A.length - suf), id)
  const b = Int32Array.from(B.slice(pre, B.length - suf), id)
  if (a.length === 0 && b.length === 0) return ''
  const ops = myers(a, b)
  const changes = ops === null
    ? [{ a: pre, aEnd: pre + a.length, b: pre, bEnd: pre + b.length }]
    : changesOf(ops, pre, pre)

  let out = `--- a/${name}\n+++ b/${name}\n`
  for (let i = 0; i < changes.length;) {
    let j = i
    while (j + 1 < changes.length && changes[j + 1].a - changes[j].aEnd <= 2 * context) j++
    const aStart = Math.max(0, changes[i].a - context)
    const bStart = changes[i].b - (changes[i].a - aStart)
    const aEnd = Math.min(A.length, changes[j].aEnd + context)
    const bEnd = changes[j].bEnd + (aEnd - changes[j].aEnd)
    let body = ''
    let at = aStart
    for (let c = i; c <= j; c++) {
      for (; at < changes[c].a; at++) body += lineOut(' ', A[at])
      for (let k = changes[c].a; k < changes[c].aEnd; k++) body += lineOut('-', A[k])
      for (let k = changes[c].b; k < changes[c].bEnd; k++) body += lineOut('+', B[k])
      at = changes[c].aEnd
    }
    for (; at < aEnd; at++) body += lineOut(' ', A[at])
    out += `@@ -${range(aStart, aEnd - aStart)} +${range(bStart, bEnd - bStart)} @@\n${body}`
    i = j + 1
  }
  return out
}
