/**
 * Fastify gives every request a child logger bound to its request id. Most requests never log
 * through it (tool calls log through the pipeline's own logger), yet building a pino child costs
 * a bindings string per request. This one is made on the first line the request logs.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Bindings, ChildLoggerOptions, Level, LogFn } from 'pino'

export class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined = undefined

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options))
  }

  get level(): string {
    return this.made ? this.made.level : (this.options.level ?? this.parent.level)
  }

  set level(level: string) {
    this.real.level = level as Level
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options)
  }

  // Prototype methods, not arrow fields: one small object per request, no closures.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  fatal(...args: any[]): void {
    this.real.fatal(...(args as Parameters<LogFn>))
  }
  error(...args: any[]): void {
    this.real.error(...(args as Parameters<LogFn>))
  }
  warn(...args: any[]): void {
    this.real.warn(...(args as Parameters<LogFn>))
  }
  info(...args: any[]): void {
    this.real.info(...(args as Parameters<LogFn>))
  }
  debug(...args: any[]): void {
    this.real.debug(...(args as Parameters<LogFn>))
  }
  trace(...args: any[]): void {
    this.real.trace(...(args as Parameters<LogFn>))
  }
  silent(...args: any[]): void {
    this.real.silent(...(args as Parameters<LogFn>))
  }
}
