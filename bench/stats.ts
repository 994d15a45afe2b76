/** Small statistics for the bench scripts' tables. */

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** The p-th percentile of values already sorted ascending (nearest rank). */
export function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

export const fmt = (x: number, digits = 2): string => (Number.isFinite(x) ? x.toFixed(digits) : '-')
export const pad = (s: string, w: number, right = false): string => (right ? s.padEnd(w) : s.padStart(w))
