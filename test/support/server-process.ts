/**
 * The real server (`src/server.ts`) as a child process on a test's folders and database, for tests
 * that kill and restart it; resolves with its address once it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { ADMIN_KEY } from '../helper.js'
import { nodeArgs } from './compiled-src.js'
import { copyPgliteTemplate } from './database-template.js'

export interface ServerProcess {
  child: ChildProcess
  address: string
  output: () => string
}

export async function startServerProcess(
  folders: { dataDir: string; workspace: string; databaseUrl?: string },
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  // The database is the folders' own: PGlite in dataDir unless they name a Postgres one.
  const { DATABASE_URL: _suite, ...inherited } = process.env
  const env = {
    ...inherited,
    PORT: '0',
    TOOLGATE_DATA_DIR: folders.dataDir,
    TOOLGATE_WORKSPACE: folders.workspace,
    TOOLGATE_BOOTSTRAP_KEY: ADMIN_KEY,
    TOOLGATE_HISTORY_FLUSH_MS: '10',
    LOG_LEVEL: 'warn',
    ...(folders.databaseUrl ? { DATABASE_URL: folders.databaseUrl } : {}),
    ...extraEnv,
  }
  // A first start on PGlite begins from the suite's migrated template (initdb took seconds); a restart keeps its folder.
  if (!folders.databaseUrl) await copyPgliteTemplate(path.join(folders.dataDir, 'pglite'))
  const child = spawn(process.execPath, nodeArgs('src/server.ts'), { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout?.on('data', (d) => (out += d))
  child.stderr?.on('data', (d) => (out += d))
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000)
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)))
    child.stdout?.on('data', () => {
      const m = /listening on (http:\/\/[\d.:]+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
  }).catch((err) => {
    child.kill('SIGKILL')
    throw err
  })
  return { child, address, output: () => out }
}
