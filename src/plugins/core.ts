/** The configuration and the tool registry, as named plugins that the rest declare they need. */
import fp from 'fastify-plugin'
import type { AppConfig } from '../config.js'
import type { Registry } from '../tools/registry.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    registry: Registry
  }
}

export const configPlugin = fp<{ config: AppConfig }>(async (app, opts) => {
  app.decorate('config', opts.config)
}, { name: 'config' })

export const registryPlugin = fp<{ registry: Registry }>(async (app, opts) => {
  app.decorate('registry', opts.registry)
}, { name: 'registry' })
