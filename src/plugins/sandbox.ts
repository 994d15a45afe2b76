/**
 * The OS sandbox, offered to tools as `ctx.services.sandbox` and decided once at start. When
 * `auto` falls back to no sandbox, the start says so loudly and /readyz shows it.
 */
import fp from 'fastify-plugin'
import { createSandbox, type Sandbox } from '../sandbox/index.js'
import { seccompProgram } from '../sandbox/seccomp.js'

declare module '../tools/define.js' {
  interface ToolServices {
    sandbox: Sandbox
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: Sandbox
  }
}

export default fp(
  async (app) => {
    const sandbox = createSandbox({
      mode: app.config.sandbox,
      memoryBytes: app.config.sandboxMemoryMb * 1024 * 1024,
    })
    const log = app.log.child({ component: 'sandbox' })
    if (sandbox.fallbackReason) {
      log.warn(
        { sandbox: 'off', reason: sandbox.fallbackReason },
        `NO SANDBOX: ${sandbox.fallbackReason}. Shell, git, rg and python run with the server's own rights; install bubblewrap or set TOOLGATE_SANDBOX=off to accept this`,
      )
    } else if (sandbox.mode === 'off') {
      log.warn({ sandbox: 'off' }, 'TOOLGATE_SANDBOX=off: child processes run with full host access (one user on their own machine only)')
    }
    if (sandbox.mode === 'bwrap' && process.getuid?.() === 0) {
      log.warn(
        { sandbox: 'bwrap', uid: 0 },
        'Running as root: sandboxed commands are host uid 0 without capabilities, so files they create are root-owned and a setuid bit they set survives on disk; run toolgate as an unprivileged user',
      )
    }
    if (sandbox.mode === 'bwrap' && seccompProgram() === null) {
      log.warn(
        { sandbox: 'bwrap', arch: process.arch },
        `No seccomp filter is defined for ${process.arch}: sandboxed commands can use the kernel keyring calls (x64 and arm64 refuse them)`,
      )
    }
    app.decorate('sandbox', sandbox)
    app.toolServices.sandbox = sandbox
  },
  { name: 'sandbox', dependencies: ['config', 'registry', 'protected-paths'] },
)
