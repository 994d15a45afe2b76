/**
 * No NUL character in any path parameter, query value or JSON body field of any route: file
 * names, command lines and Postgres text all end at it or refuse it, so that it could only ever
 * surface as a 500. Tool arguments are left to the tools' own validator (src/tools/validate.ts),
 * which refuses it with the same words for REST and MCP alike; their routes say so in `config`.
 * Nor a number that is not finite, once the values are validated and coerced (see findNonFinite).
 */
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { fail } from '../errors.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is a tool call's arguments: the pipeline validates it. */
    toolArguments?: boolean
  }
}

// Bodies are parsed JSON, bounded by the body limit; deeper than this is no route's shape.
const MAX_DEPTH = 64

/** Where a NUL is, as `a.b[2]`; undefined when there is none. */
export function findNul(v: unknown, at = '', depth = 0): string | undefined {
  return findWhere(v, (x) => typeof x === 'string' && x.includes('\0'), true, at, depth)
}

/**
 * Where a number that is not finite is. Ajv's type coercion turns a path or query value of 400
 * digits, or "Infinity", into Infinity and then skips `maximum`: it would reach Postgres as
 * "Infinity" and fail there as a 500.
 */
export function findNonFinite(v: unknown): string | undefined {
  return findWhere(v, (x) => typeof x === 'number' && !Number.isFinite(x), false)
}

function findWhere(v: unknown, bad: (x: unknown) => boolean, keysToo: boolean, at = '', depth = 0): string | undefined {
  if (bad(v)) return at
  if (typeof v !== 'object' || v === null || depth > MAX_DEPTH) return undefined
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const found = findWhere(v[i], bad, keysToo, `${at}[${i}]`, depth + 1)
      if (found !== undefined) return found
    }
    return undefined
  }
  for (const [k, sub] of Object.entries(v)) {
    const name = at ? `${at}.${k.slice(0, 64)}` : k.slice(0, 64)
    if (keysToo && bad(k)) return name
    const found = findWhere(sub, bad, keysToo, name, depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

type Part = [where: string, value: unknown]
/** Parsed JSON only: a streamed body (the corpus import) is a Readable, whose object graph is no input. */
const isParsedJson = (v: unknown): boolean =>
  typeof v === 'string' || Array.isArray(v) || (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype)

const partsOf = (request: FastifyRequest): Part[] => {
  const parts: Part[] = [
    ['path parameter', request.params],
    ['query', request.query],
  ]
  if (!request.routeOptions.config?.toolArguments && isParsedJson(request.body)) parts.push(['body', request.body])
  return parts
}

export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      for (const [where, value] of partsOf(request)) {
        const at = findNul(value)
        if (at !== undefined) fail('VALIDATION_ERROR', `Invalid ${where}: ${at || where} contains a NUL character (\\u0000)`, { details: { parameter: at } })
      }
    })
    // After validation: the values as coerced, which the handlers get.
    app.addHook('preHandler', async (request) => {
      for (const [where, value] of partsOf(request)) {
        const at = findNonFinite(value)
        if (at !== undefined) fail('VALIDATION_ERROR', `Invalid ${where}: ${at || where} is not a finite number`, { details: { parameter: at } })
      }
    })
  },
  { name: 'input-guard', dependencies: ['errors'] },
)
