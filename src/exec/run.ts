/**
 * One foreground command, as Bash and shell run it: output interleaved in arrival order and capped
 * to fit the answer, the exit code in `metadata.returncode`. When the call's signal fires (the
 * pipeline's timer, or shutdown) the process group is ended and the answer is a coded error that
 * carries the output so far, thrown well within the 250 ms the pipeline waits for it.
 */
import { performance } from 'node:perf_hooks'
import { codedError, isCodedError, type ErrorCode } from '../errors.js'
import { seconds } from '../lib/seconds.js'
import type { ToolContext } from '../tools/define.js'
import { CappedOutput } from './buffers.js'
import { startCommand, type Exit } from './process.js'

export interface RunMetadata {
  returncode: number | null
  signal: string | null
  duration_ms: number
  truncated: boolean
  stdout_bytes: number
  stderr_bytes: number
  timed_out?: boolean
  [key: string]: unknown
}

export interface RunResult {
  success: boolean
  output: string
  error: string | null
  metadata: RunMetadata
}

/** Room left in X-Max-Output-Size for the rest of the answer (metadata, envelope). */
export function outputBudget(maxOutputSize: number): number {
  return Math.max(0, maxOutputSize - Math.min(512, Math.floor(maxOutputSize / 2)))
}

export async function runForeground(
  command: string,
  where: { cwd: string; home: string },
  ctx: Pick<ToolContext, 'signal' | 'timeoutMs' | 'maxOutputSize' | 'services' | 'caller'>,
): Promise<RunResult> {
  const t0 = performance.now()
  const out = new CappedOutput(outputBudget(ctx.maxOutputSize))
  const bytes = { stdout: 0, stderr: 0 }
  const running = await startCommand({
    command,
    cwd: where.cwd,
    home: where.home,
    sandbox: ctx.services.sandbox,
    network: ctx.caller.scopes.includes('network'),
    cpuSeconds: Math.ceil(ctx.timeoutMs / 1000) + 1,
    onOutput: (text, stream, n) => {
      bytes[stream] += n
      out.push(text)
    },
  })
  const metadata = (exit: Exit | null): RunMetadata => ({
    returncode: exit?.code ?? null,
    signal: exit?.signal ?? null,
    duration_ms: Math.round(performance.now() - t0),
    truncated: out.truncated,
    stdout_bytes: bytes.stdout,
    stderr_bytes: bytes.stderr,
  })
  const exit = await untilExitOrAbort(running.done, ctx.signal)
  if (exit === 'aborted') {
    await running.kill()
    throw ended(ctx, out.text(), metadata(null))
  }
  const ok = exit.code === 0
  return {
    success: ok,
    output: out.text(),
    error: ok ? null : exit.code !== null ? `Command exited with code ${exit.code}` : `Command was ended by ${exit.signal}`,
    metadata: metadata(exit),
  }
}

/** The command's exit, or 'aborted' as soon as `signal` fires (or at once if it has). */
async function untilExitOrAbort(done: Promise<Exit>, signal: AbortSignal): Promise<Exit | 'aborted'> {
  let onAbort: (() => void) | undefined
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted')
    if (signal.aborted) resolve('aborted')
    else signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    return await Promise.race([done, aborted])
  } finally {
    signal.removeEventListener('abort', onAbort as () => void)
  }
}

/** Why the call's signal ended a command: a coded reason (its client gone), shutdown, or the timeout. */
function endedBy(reason: unknown, timeoutMs: number): [ErrorCode, string] {
  if (isCodedError(reason)) return [reason.code, reason.message]
  if (/shut/i.test(String((reason as Error | undefined)?.message ?? ''))) {
    return ['SERVICE_UNAVAILABLE', 'The server is shutting down; the command was ended. Retry once it is back']
  }
  return ['TIMEOUT', `Tool timed out after ${seconds(timeoutMs)}`]
}

/** The error for a command ended by the call's signal; it carries the output so far. */
function ended(ctx: Pick<ToolContext, 'signal' | 'timeoutMs'>, output: string, metadata: RunMetadata): Error {
  const [code, message] = endedBy(ctx.signal.reason, ctx.timeoutMs)
  return codedError(code, message, {
    details: {
      result: { success: false, output, error: message, metadata: { ...metadata, timed_out: code === 'TIMEOUT' } },
      timeout_ms: ctx.timeoutMs,
    },
  })
}
