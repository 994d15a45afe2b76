/** What Bash and shell share: the working directory, risky-command policy, dry runs and the result schema. */
import { Type } from 'typebox'
import type { ToolSettings } from '../../settings.js'
import { fail } from '../../../errors.js'
import { lstatBeneath, resolveInside } from '../../../workspace/index.js'
import type { ApprovalDecision, ToolContext } from '../../define.js'
import { ARG_BYTES_MAX } from '../../limits.js'
import { ToolResult } from '../../schema.js'
import { describeRisk, findRisk } from '../../../exec/risky.js'

export const EXEC_TIMEOUT = { defaultMs: 120_000, minMs: 1_000, maxMs: 600_000 }

export const ExecResult = ToolResult({
  returncode: Type.Union([Type.Integer(), Type.Null()], { description: 'Exit code of the command; null when it was ended by a signal or has not ended' }),
  signal: Type.Union([Type.String(), Type.Null()], { description: 'Signal that ended the command, if any' }),
  duration_ms: Type.Integer({ description: 'How long the command ran' }),
  truncated: Type.Boolean({ description: 'Whether output was cut to fit X-Max-Output-Size' }),
  stdout_bytes: Type.Integer({ description: 'Bytes the command wrote to stdout' }),
  stderr_bytes: Type.Integer({ description: 'Bytes the command wrote to stderr' }),
  timed_out: Type.Boolean({ description: 'Whether the command was ended by the timeout' }),
  bash_id: Type.String({ description: 'Id of the background shell (run_in_background)' }),
  status: Type.String({ description: 'running | exited | killed (background shells)' }),
  cwd: Type.String({ description: 'Working directory, relative to the workspace root' }),
  dry_run: Type.Boolean({ description: 'True when the command was not run (X-Dry-Run)' }),
})

export interface WorkDir {
  /** Absolute real path to run in. */
  abs: string
  /** The same, relative to the caller's workspace root ('.' = the root). */
  rel: string
}

/** The caller's workspace root, or `cwd` inside it (through the path guard: outside → 403). */
export async function workDir(ctx: Pick<ToolContext, 'workspace'>, cwd?: string): Promise<WorkDir> {
  if (cwd === undefined || cwd === '' || cwd === '.') return { abs: ctx.workspace, rel: '.' }
  const r = await resolveInside(ctx.workspace, cwd, { allowMissing: true })
  if (r.real === null) fail('FILE_NOT_FOUND', `Folder not found: ${r.rel}; pass cwd as an existing folder inside the workspace`)
  if (!(await lstatBeneath(r.root, r.real, r.rel)).isDirectory()) fail('INVALID_REQUEST', `cwd ${r.rel} is a file, not a folder`)
  return { abs: r.real, rel: r.targetRel }
}

/**
 * Bash's and shell's precheck: a command that is not empty and that fits one argument of
 * `bash -c` in bytes. The schema bounds characters; 100,000 '€' are 300 KB, which the kernel
 * refuses (E2BIG) after the call was accepted, or approved.
 */
export function checkCommand(command: string): void {
  if (command.trim() === '') fail('VALIDATION_ERROR', 'Value for command is empty: pass the command to run')
  const bytes = Buffer.byteLength(command)
  if (bytes > ARG_BYTES_MAX) {
    fail(
      'PAYLOAD_TOO_LARGE',
      `Value for command is ${bytes} bytes in UTF-8; a command can be at most ${ARG_BYTES_MAX} bytes (Linux's limit on one argument). Write a longer script to a file and run that`,
      {
        details: { parameter: 'command', received_bytes: bytes, max_bytes: ARG_BYTES_MAX },
      },
    )
  }
}

/** The approval policy of Bash and shell: risky commands are held only when TOOLGATE_HOLD_RISKY is on. */
export function riskyApproval(args: { command: string }, settings: ToolSettings): ApprovalDecision {
  if (!settings.holdRisky) return { required: false }
  const risk = findRisk(args.command)
  return risk ? { required: true, reason: `risky command: ${risk.match} (${risk.why})` } : { required: false }
}

/** Adds the risky-command warning to the answer's `messages`. */
export function warnIfRisky(command: string, ctx: Pick<ToolContext, 'warn'>): void {
  const risk = findRisk(command)
  if (risk) ctx.warn(describeRisk(risk))
}

export function dryRunResult(command: string, dir: WorkDir, background = false) {
  return {
    success: true,
    output: `[Dry Run] Would run${background ? ' in the background' : ''}: ${command} in ${dir.rel}`,
    error: null,
    metadata: { returncode: null, cwd: dir.rel, dry_run: true },
  }
}
