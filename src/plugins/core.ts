/** The configuration and the tool registry, as named plugins that the rest declare they need. */
import fp from 'fastify-plugin'
import type { AppConfig } from '../config.js'
import type { Registry } from '../tools/registry.js'
import type { ToolServices } from '../tools/define.js'
import { createSearchBackend } from '../web-search/index.js'
import { notebookRunner } from '../notebook/off-thread.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    registry: Registry
    /** What tools reach through `ctx.services`; plugins add their service here at start. */
    toolServices: ToolServices
  }
}

export const configPlugin = fp<{ config: AppConfig }>(
  async (app, opts) => {
    app.decorate('config', opts.config)
  },
  { name: 'config' },
)

export const registryPlugin = fp<{ registry: Registry }>(
  async (app, opts) => {
    app.decorate('registry', opts.registry)
    app.decorate('toolServices', {
      db: app.database.db,
      webSearch: createSearchBackend(app.config.search),
      notebooks: notebookRunner(app.config.notebookHeapMb, app.log.child({ component: 'notebooks' })),
    } as ToolServices)
  },
  { name: 'registry', dependencies: ['db'] },
)
