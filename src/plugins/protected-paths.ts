/**
 * The server's own files kept from every tool (src/workspace/protected.ts): registered once the
 * workspace exists, said in a start-up line, released on close. A workspace that turns out to
 * be, or to lie inside, one of them through a link refuses the start. A workspace configured
 * through a link has that spelling registered as a name of its real root (root-spellings.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import { protectPaths, type ProtectedPath } from '../workspace/protected.js'
import { registerRootSpelling } from '../workspace/root-spellings.js'
import { serverPaths, workspaceConflict } from '../workspace/server-paths.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's own files no tool may reach. */
    protectedPaths: ProtectedPath[]
  }
}

export default fp(
  async (app) => {
    const paths = serverPaths({ ...app.config, workspace: app.workspaceRoot })
    const conflict = workspaceConflict(app.workspaceRoot, paths)
    if (conflict !== null) throw new Error(conflict)
    const release = protectPaths(paths)
    app.addHook('onClose', async () => release())
    // Absolute paths spelt with the configured root stay inside; nothing else outside is followed.
    if (path.resolve(app.config.workspace) !== app.workspaceRoot) {
      const releaseSpelling = registerRootSpelling(app.config.workspace, app.workspaceRoot)
      app.addHook('onClose', async () => releaseSpelling())
    }
    app.decorate('protectedPaths', paths)
    // Missing entries are protected too (none may be created), but the line names what exists.
    const shown = paths.filter((p) => p.kind !== 'code' || fs.existsSync(p.path)).map((p) => `${p.path} (${p.kind})`)
    app.log.info(
      { component: 'workspace', workspace: app.workspaceRoot, protected: paths.map((p) => p.path) },
      `Workspace ${app.workspaceRoot}; protected from every tool: ${shown.join(', ')}`,
    )
  },
  { name: 'protected-paths', dependencies: ['config', 'auth'] },
)
