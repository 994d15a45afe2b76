/** Start toolgate: read the configuration, build the app, listen, and close gracefully on signals. */
import closeWithGrace from 'close-with-grace'
import { loadConfigOrExit } from './config.js'
import { buildApp } from './app.js'

/** Set once a signal or an uncaught error has begun the graceful close. */
let stopping = false

async function main() {
  // SIGUSR1 would open Node's inspector on 127.0.0.1:9229, where a sandbox with the network could
  // reach it and run code as the server; `node --inspect` still opens it on purpose.
  process.on('SIGUSR1', () => {})
  const config = loadConfigOrExit()
  const app = await buildApp({ config })
  // Declared after the app exists: SIGTERM drains in-flight calls, flushes history, closes the database.
  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    stopping = true
    if (err) app.log.error({ err }, 'Closing after an uncaught error')
    else {
      app.log.info({ signal }, 'Closing: draining in-flight calls')
      app.workflows.runner.chosenStop()
    }
    await app.close()
  })
  // A dead PGlite thread closes the database for good: every call would answer 503 until a restart.
  app.database.lost?.then((err) => exitForRestart(app, err))
  // Another process took the PGlite folder over while this one was stopped: not even a flush may write it now.
  app.database.lock?.lost.then((err) => {
    app.log.fatal({ err }, 'Another process holds the embedded database (PGlite) folder now: exiting with code 1 at once, writing nothing more to it')
    process.exit(1)
  })
  const address = await app.listen({ port: config.port, host: config.host })
  // `npm run seed` beside a running server finds it here and goes through its API.
  try {
    app.database.lock?.advertise(address)
  } catch (err) {
    app.log.warn({ err }, 'Could not write the server address into the PGlite lock (npm run seed will not find this server)')
  }
  const lines = [
    `toolgate listening on ${address}`,
    `  Swagger UI:  ${address}/docs`,
    `  OpenAPI:     ${address}/openapi.json`,
    `  MCP:         ${address}/mcp`,
    `  Database:    ${app.database.kind === 'pglite' ? `PGlite (${config.dataDir}/pglite)` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Workspace:   ${app.workspaceRoot}`,
    `  Sandbox:     ${app.sandbox.mode === 'bwrap' ? 'bubblewrap (child processes see only their workspace)' : `OFF — ${app.sandbox.fallbackReason ?? 'TOOLGATE_SANDBOX=off'}; shell, git, rg and python run with the server's rights`}`,
  ]
  if (app.firstStartKey) {
    lines.push('', '  First start: an admin API key was created. It is shown only this once; keep it safe:', `    ${app.firstStartKey}`, '')
  }
  process.stdout.write(`${lines.join('\n')}\n`)
}

/** Closes what still closes and exits with 1, so that a supervisor (Docker, systemd) starts the server again. */
async function exitForRestart(app: Awaited<ReturnType<typeof buildApp>>, err: Error) {
  if (stopping) return // already stopping, as asked: that exit stands
  app.log.fatal({ err }, 'The embedded database (PGlite) stopped: exiting with code 1 so that the server is started again')
  const exit = () => {
    // Its thread is dead, so nothing writes the folder: the next start must find it free.
    app.database.lock?.release()
    process.exit(1)
  }
  // Not unref'd: an emptied event loop would let close-with-grace end the process with 0.
  setTimeout(exit, 15_000)
  await app.close().catch(() => {})
  exit()
}

main().catch((err) => {
  process.stderr.write(`toolgate failed to start: ${err instanceof Error ? err.stack : String(err)}\n`)
  process.exit(1)
})
