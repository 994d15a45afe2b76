/**
 * Seed 002 `Bash`: a command in the caller's workspace, in the foreground (answer when it ends, 504
 * with the output so far when `timeout` passes) or in the background (`run_in_background`: answer at
 * once with a `bash_id` for BashOutput and KillShell).
 */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { EXEC_TIMEOUT, ExecResult, checkCommand, dryRunResult, riskyApproval, warnIfRisky, workDir } from './support/common.js'
import { runForeground } from '../../exec/run.js'

export default defineTool({
  name: 'Bash',
  toolset: 'claude',
  category: 'EXECUTION',
  description: 'Execute a bash command',
  input: Type.Object({
    command: Type.String({ description: 'The command to execute' }),
    timeout: Type.Optional(Type.Integer({ description: 'Timeout in milliseconds', default: 120000, minimum: 1000, maximum: 600000 })),
    run_in_background: Type.Optional(Type.Boolean({ description: 'Run command in background', default: false })),
    description: Type.Optional(Type.String({ description: 'Clear, concise description of what this command does in 5-10 words' })),
  }),
  examples: [{ summary: 'Run the test suite', value: { command: 'npm test', timeout: 120000, description: 'Run the tests' } }],
  output: ExecResult,
  scope: 'exec',
  supportsDryRun: true,
  approval: riskyApproval,
  annotations: { title: 'Run a bash command', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  timeout: EXEC_TIMEOUT,
  // Validation fills in the default (120000), so only a different value is the caller's own choice
  // and wins over X-Timeout-Ms; otherwise the header (or the default) applies.
  timeoutFromArgs: (args) => (args.timeout === undefined || args.timeout === EXEC_TIMEOUT.defaultMs ? undefined : args.timeout),
  precheck: ({ command }) => checkCommand(command),
  async execute({ command, run_in_background: background = false }, ctx) {
    warnIfRisky(command, ctx)
    const dir = await workDir(ctx)
    if (ctx.dryRun) return dryRunResult(command, dir, background)
    if (!background) return runForeground(command, { cwd: dir.abs, home: ctx.workspace }, ctx)

    const shell = await ctx.services.shells.start({
      owner: ctx.caller.id,
      command,
      cwd: dir.abs,
      cwdRel: dir.rel,
      home: ctx.workspace,
      network: ctx.caller.scopes.includes('network'),
    })
    return {
      success: true,
      output: `Started background shell ${shell.id}. Read its output with BashOutput {"bash_id": "${shell.id}"}; end it with KillShell {"shell_id": "${shell.id}"}`,
      error: null,
      metadata: { bash_id: shell.id, status: shell.status, returncode: null, cwd: dir.rel },
    }
  },
})
