/**
 * Seed 003 `shell`: `run(command, cwd=None, timeout=None)`. The same runner as Bash; `cwd` is a
 * folder inside the workspace (through the path guard), `timeout` is in seconds.
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { EXEC_TIMEOUT, ExecResult, checkCommand, dryRunResult, riskyApproval, warnIfRisky, workDir } from './support/common.js'
import { runForeground } from '../../exec/run.js'

export default defineTool({
  name: 'shell',
  toolset: 'codex',
  category: 'EXECUTION',
  description:
    'Execute shell commands inside the workspace. Warns on risky patterns (rm -rf, destructive git); truncates very long output; the exit code is in metadata.returncode.',
  input: Type.Object({
    command: Type.String({ description: 'The command to run (with /bin/bash -c)' }),
    cwd: Type.Optional(Type.String({ description: 'Working directory, relative to the workspace root (default: the root); must stay inside the workspace' })),
    timeout: Type.Optional(Type.Integer({ description: 'Timeout in seconds (default 120)', minimum: 1, maximum: 600 })),
  }),
  examples: [{ summary: 'List a folder', value: { command: 'ls -la', cwd: 'src', timeout: 30 } }],
  output: ExecResult,
  scope: 'exec',
  supportsDryRun: true,
  approval: riskyApproval,
  annotations: { title: 'Run a shell command', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  timeout: EXEC_TIMEOUT,
  timeoutFromArgs: (args) => (args.timeout === undefined ? undefined : args.timeout * 1000),
  precheck: ({ command }) => checkCommand(command),
  async execute({ command, cwd }, ctx) {
    warnIfRisky(command, ctx)
    const dir = await workDir(ctx, cwd)
    if (ctx.dryRun) return dryRunResult(command, dir)
    const result = await runForeground(command, { cwd: dir.abs, home: ctx.workspace }, ctx)
    return { ...result, metadata: { ...result.metadata, cwd: dir.rel } }
  },
})
