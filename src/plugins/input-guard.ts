/**
 * No NUL character in any path parameter, query value or JSON body field of any route: file
 * names, command lines and Postgres text all end at it or refuse it, so that it could only ever
 * surface as a 500. Tool arguments are left to the tools' own validator (src/tools/validate.ts),
 * which refuses it with the same words for REST and MCP alike; their routes say so in `config`.
 */
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
  if (typeof v === 'string') return v.includes('\0') ? at : undefined
  if (typeof v !== 'object' || v === null || depth > MAX_DEPTH) return undefined
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const found = findNul(v[i], `${at}[${i}]`, depth + 1)
      if (found !== undefined) return found
    }
    return undefined
  }
  for (const [k, sub] of Object.entries(v)) {
    const name = at ? `${at}.${k.slice(0, 64)}` : k.slice(0, 64)
    if (k.includes('\0')) return name
    const found = findNul(sub, name, depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const parts: [string, unknown][] = [['path parameter', request.params], ['query', request.query]]
      if (!request.routeOptions.config?.toolArguments) parts.push(['body', request.body])
      for (const [where, value] of parts) {
        const at = findNul(value)
        if (at !== undefined) fail('VALIDATION_ERROR', `Invalid ${where}: ${at || where} contains a NUL character (\\u0000)`, { details: { parameter: at } })
      }
    })
  },
  { name: 'input-guard', dependencies: ['errors'] },
)
