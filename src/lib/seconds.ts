/** "120s", "1.5s": how seed 002 §3 words a timeout. Shared by the pipeline and the tools that time out. */
export function seconds(ms: number): string {
  const s = ms / 1000
  return `${Number.isInteger(s) ? s : s.toFixed(1)}s`
}
