/**
 * pino, with every log record passed through the redactor before it is written. JSON lines by
 * default; LOG_FORMAT=pretty prints seed 002 §10's human format instead.
 */
import { Writable } from 'node:stream'
import pino, { type Logger } from 'pino'
import { bound, cutString, LOG_BOUNDS, type Redactor } from '../redaction/index.js'
import type { AppConfig } from '../config.js'

/** A log message's characters: messages are ours, but may quote a caller's value. */
const MESSAGE_MAX = 4 * LOG_BOUNDS.maxString
const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' }

export function createLogger(config: Pick<AppConfig, 'logLevel' | 'logFormat'>, redactor: Redactor, destination?: NodeJS.WritableStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: { service: 'toolgate' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      // Every field of every record, whoever logs it (our code, fastify, a plugin); bounded first,
      // so that a call's 10 MiB argument costs a few KB of redaction, not the whole of it.
      log: (obj) => redactor.redact(bound(obj, LOG_BOUNDS) as Record<string, unknown>),
    },
    hooks: {
      logMethod(args, method) {
        const clean = args.map((a) => (typeof a === 'string' ? redactor.redactString(cutString(a, MESSAGE_MAX)) : a)) as Parameters<typeof method>
        method.apply(this, clean)
      },
    },
    serializers: {
      err: pino.stdSerializers.err,
      req: (req) => ({ method: req.method, url: redactor.redactString(String(req.url)), remoteAddress: req.socket?.remoteAddress }),
    },
  }
  const out = destination ?? process.stdout
  const logger = config.logFormat === 'pretty' ? pino(options, prettyStream(out)) : pino(options, out as pino.DestinationStream)
  // Child bindings (Fastify's reqId comes from X-Request-Id) bypass `formatters.log`, and pino applies
  // `formatters.bindings` to no child; so every child, at any depth (they inherit this), is cleaned here.
  const child = logger.child
  logger.child = function (this: Logger, bindings, childOptions) {
    // Fastify makes one child per request with only `reqId`: a string scan is enough there, and
    // the deep copy of the general case showed in the per-call profile.
    const onlyReqId = Object.keys(bindings).length === 1 && typeof bindings.reqId === 'string'
    return child.call(this, onlyReqId ? { reqId: redactor.redactString(bindings.reqId) } : redactor.redact(bindings), childOptions)
  } as typeof logger.child
  return logger
}

/** `2024-01-15 10:23:45.123 INFO  [tools] Executing tool: Read execution_id=… tool=Read caller=…`, one record per line. */
export function prettyStream(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        try {
          out.write(`${formatPretty(JSON.parse(line))}\n`)
        } catch {
          out.write(`${line}\n`)
        }
      }
      done()
    },
  })
}

/** Fields the pretty line shows elsewhere (message, stack, the DEBUG Parameters line) or that never vary. */
const PRETTY_SKIP = new Set(['time', 'level', 'msg', 'component', 'service', 'pid', 'hostname', 'args', 'err'])

/** ` key=value` for each other field, logfmt-style: the execution id, caller, duration and counts a line carries. */
function prettyFields(rec: Record<string, any>, withStack: boolean): string {
  const parts: string[] = []
  const show = (v: unknown): string => {
    if (typeof v === 'string') return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v)
    return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)
  }
  for (const [k, v] of Object.entries(rec)) if (!PRETTY_SKIP.has(k) && v !== undefined) parts.push(`${k}=${show(v)}`)
  // Below ERROR the stack is not printed: the error's message at least is.
  if (rec.err !== undefined && !withStack) parts.push(`err=${show(typeof rec.err === 'object' && rec.err !== null ? (rec.err.message ?? rec.err) : rec.err)}`)
  return parts.length ? ` ${parts.join(' ')}` : ''
}

export function formatPretty(rec: Record<string, any>): string {
  const t = new Date(rec.time ?? Date.now())
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  const stamp = `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}.${pad(t.getMilliseconds(), 3)}`
  const level = (typeof rec.level === 'string' ? rec.level.toUpperCase() : (LEVEL_NAMES[rec.level] ?? 'INFO')).padEnd(5)
  const component = rec.component ?? 'server'
  const withStack = Boolean(rec.err?.stack) && (rec.level === 'error' || rec.level === 'fatal')
  const lines = [`${stamp} ${level} [${component}] ${rec.msg ?? ''}${prettyFields(rec, withStack)}`]
  if (withStack) {
    const indent = ' '.repeat(stamp.length + level.length + component.length + 5)
    for (const l of String(rec.err.stack).split('\n')) lines.push(indent + l.trim())
  }
  return lines.join('\n')
}
