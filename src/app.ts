/** buildApp(config): the plugins, in dependency order, then the routes. Nothing starts at import. */
import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { Bindings, ChildLoggerOptions } from 'pino'
import { AjvCompiler } from '@fastify/ajv-compiler'
import { type AppConfig, secretValuesOf } from './config.js'
import type { Database } from './db/client.js'
import { createLogger } from './logging/logger.js'
import { RequestLogger } from './logging/request-logger.js'
import { createRedactor, type Redactor } from './redaction/index.js'
import type { AnyTool } from './tools/define.js'
import { allTools } from './tools/index.js'
import { createRegistry } from './tools/registry.js'
import { configPlugin, registryPlugin } from './plugins/core.js'
import redactionPlugin from './plugins/redaction.js'
import errorsPlugin from './plugins/errors.js'
import inputGuardPlugin from './plugins/input-guard.js'
import metricsPlugin from './plugins/metrics.js'
import dbPlugin from './plugins/db.js'
import authPlugin from './plugins/auth.js'
import rateLimitPlugin from './plugins/rate-limit.js'
import historyPlugin from './plugins/history.js'
import approvalsPlugin from './plugins/approvals.js'
import shellsPlugin from './plugins/shells.js'
import protectedPathsPlugin from './plugins/protected-paths.js'
import sandboxPlugin from './plugins/sandbox.js'
import pipelinePlugin from './plugins/pipeline.js'
import workflowsPlugin from './plugins/workflows.js'
import llmPlugin from './plugins/llm.js'
import agentsPlugin from './plugins/agents.js'
import { loadDefinitions } from './agents/index.js'
import swaggerPlugin from './plugins/swagger.js'
import toolRoutes from './routes/tools.js'
import catalogRoutes from './routes/catalog.js'
import schemaRoutes from './routes/schemas.js'
import executionRoutes from './routes/executions.js'
import approvalRoutes from './routes/approvals.js'
import keyRoutes from './routes/keys.js'
import registryRoutes from './routes/registry.js'
import healthRoutes from './routes/health.js'
import { arrivalLimits, clientErrors } from './plugins/client-errors.js'
import mcpRoutes from './routes/mcp.js'
import corpusRoutes from './routes/corpus.js'
import glossaryRoutes from './routes/glossary.js'
import snapshotsRoutes from './routes/snapshots.js'
import explicateRoutes from './routes/explicate.js'
import workflowRoutes from './routes/workflows.js'
import agentRoutes from './routes/agents.js'

export interface BuildOptions {
  config: AppConfig
  /** The tools to serve; all of them by default. */
  tools?: AnyTool[]
  /** An already open database (tests share one); the app then leaves closing it to the caller. */
  database?: Database
  /** Where log lines go; stdout by default. */
  logDestination?: NodeJS.WritableStream
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin key created on first start, to be shown once; undefined on later starts. */
    firstStartKey?: string
  }
}

/**
 * Request ids: the caller's X-Request-Id when it is a plain token, otherwise this process's random
 * prefix and a counter (unique across instances and restarts, and cheaper than a UUID per request).
 */
function requestIds(): (req: IncomingMessage) => string {
  const prefix = `${crypto.randomBytes(6).toString('hex')}-`
  let counter = 0
  return (req) => {
    const given = req.headers['x-request-id']
    return typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : prefix + (++counter).toString(36)
  }
}

const validators = AjvCompiler()

/** Fastify's own settings: limits on what arrives and how slowly, logging, request ids and one shared Ajv. */
function fastifyOptions(config: AppConfig, redactor: Redactor, logDestination: BuildOptions['logDestination']) {
  const arrival = arrivalLimits(config.requestTimeoutMs)
  return {
    loggerInstance: createLogger(config, redactor, logDestination),
    bodyLimit: config.bodyLimit,
    // Fastify's default is none: a client that stops sending half-way would hold its connection for ever.
    requestTimeout: arrival.requestMs,
    clientErrorHandler: clientErrors(arrival),
    // Node checks for late requests every 30 s by default.
    http: { connectionsCheckingInterval: 1_000, headersTimeout: arrival.headersMs },
    // Opening the database migrates it, and on Postgres may wait for another instance's migration
    // (an advisory lock): Fastify's 10 s default would kill a slow but healthy start.
    pluginTimeout: 120_000,
    // One log line per tool call comes from the pipeline; per-request lines would double it.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIds(),
    // Long path parameters reach the handlers (a 404 in the error envelope), not the router's bare 414.
    routerOptions: { maxParamLength: 8192 },
    // Made on a request's first log line, not on every request (request-logger.ts).
    childLoggerFactory: (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) => new RequestLogger(logger, bindings, options),
    ajv: { customOptions: { coerceTypes: 'array' as const, useDefaults: true, removeAdditional: false } },
    // One Ajv for every app in the process: apps built alike (tests build hundreds) reuse its set-up and compiled schemas.
    schemaController: { compilersFactory: { buildValidator: validators } },
  }
}

/** Every route group, in the order they are registered. */
const ROUTES = [
  toolRoutes,
  catalogRoutes,
  schemaRoutes,
  executionRoutes,
  approvalRoutes,
  keyRoutes,
  corpusRoutes,
  glossaryRoutes,
  snapshotsRoutes,
  explicateRoutes,
  workflowRoutes,
  agentRoutes,
  registryRoutes,
  healthRoutes,
  mcpRoutes,
]

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts
  const registry = createRegistry(opts.tools ?? allTools)
  // Read before anything opens: a broken definition stops the start like a bad setting does.
  const definitions = await loadDefinitions(config.agents.dir)
  const redactor = createRedactor({ knownSecrets: secretValuesOf(config) })
  const app = Fastify(fastifyOptions(config, redactor, opts.logDestination))

  // Response schemas document the answers; they never filter them (fast-json-stringify would drop
  // a field a schema forgot, silently): every answer goes out as JSON.stringify writes it.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
  await app.register(configPlugin, { config })
  await app.register(redactionPlugin, { redactor })
  await app.register(errorsPlugin)
  await app.register(inputGuardPlugin)
  await app.register(metricsPlugin)
  await app.register(dbPlugin, { database: opts.database })
  await app.register(registryPlugin, { registry })
  await app.register(llmPlugin)
  await app.register(agentsPlugin, { definitions })
  await app.register(authPlugin)
  await app.register(rateLimitPlugin)
  await app.register(historyPlugin)
  await app.register(approvalsPlugin)
  await app.register(protectedPathsPlugin)
  await app.register(sandboxPlugin)
  await app.register(shellsPlugin)
  await app.register(pipelinePlugin)
  await app.register(workflowsPlugin)
  await app.register(swaggerPlugin)
  for (const routes of ROUTES) await app.register(routes)

  await app.ready()
  app.firstStartKey = await app.keys.bootstrap()
  return app as unknown as FastifyInstance
}
