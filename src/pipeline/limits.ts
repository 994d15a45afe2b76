/**
 * A call's effective timeout and output cap: what the caller asked (headers, or the tool's own
 * argument) fitted into the tool's and the server's bounds, with a message for each fitting. The
 * pipeline runs calls with these, and GET /v1/context shows them, so the two cannot disagree.
 */
import type { AnyTool } from '../tools/define.js'

/** Bounds of a tool that declares none. */
export const DEFAULT_TIMEOUT = { defaultMs: 30_000, minMs: 1, maxMs: 300_000 }

export interface Limits {
  timeoutMs: number
  maxOutputSize: number
  /** One line per value that was fitted into its bounds. */
  messages: string[]
}

export interface Requested {
  timeoutMs?: number
  maxOutputSize?: number
}

type LimitedTool = Pick<AnyTool, 'name' | 'timeout' | 'maxOutputSize'>

/** `tool` undefined: the gateway's defaults, as a tool that declares no bounds of its own gets them. */
export function effectiveLimits(tool: LimitedTool | undefined, asked: Requested, serverMaxOutput: number, argsTimeoutMs?: number): Limits {
  const messages: string[] = []
  const name = tool?.name ?? 'a tool'
  const declared = tool?.timeout ?? DEFAULT_TIMEOUT
  const bounds = { defaultMs: declared.defaultMs, minMs: declared.minMs ?? 1, maxMs: declared.maxMs }
  let timeoutMs = argsTimeoutMs ?? asked.timeoutMs ?? bounds.defaultMs
  if (timeoutMs < bounds.minMs || timeoutMs > bounds.maxMs) {
    const fitted = Math.min(Math.max(timeoutMs, bounds.minMs), bounds.maxMs)
    messages.push(`Timeout ${timeoutMs} ms is outside ${name}'s bounds (${bounds.minMs}–${bounds.maxMs} ms); using ${fitted}`)
    timeoutMs = fitted
  }
  // A caller may ask for less output than the server allows, never for more.
  const ceiling = Math.max(serverMaxOutput, tool?.maxOutputSize ?? 0)
  let maxOutputSize = asked.maxOutputSize ?? tool?.maxOutputSize ?? serverMaxOutput
  if (maxOutputSize > ceiling) {
    messages.push(`X-Max-Output-Size ${maxOutputSize} is above this server's limit for ${name}; using ${ceiling}`)
    maxOutputSize = ceiling
  }
  return { timeoutMs, maxOutputSize, messages }
}
