/**
 * The CLI's HTTP client: openapi-fetch over the types generated from our own OpenAPI document
 * (api.d.ts), so a route the document gets wrong breaks this build first.
 */
import createClient, { type Client } from 'openapi-fetch'
import type { paths } from './api.js'

export type Api = Client<paths>

/** Exit codes (docs/cli.md). */
export const EXIT = { ok: 0, toolError: 1, usage: 2, held: 3, unreachable: 4 } as const

/** A failure that ends the CLI with this exit code and message (on stderr). */
export class CliExit extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export interface Connection {
  url: string
  key?: string
}

/** Where to connect: --url/--key, else TOOLGATE_URL/TOOLGATE_KEY, else the local default. */
export function connection(opts: { url?: string; key?: string }): Connection {
  const url = opts.url ?? process.env.TOOLGATE_URL ?? 'http://127.0.0.1:3000'
  const key = opts.key ?? process.env.TOOLGATE_KEY
  return { url: url.replace(/\/+$/, ''), key: key || undefined }
}

export function api(c: Connection): Api {
  return createClient<paths>({ baseUrl: c.url, headers: c.key ? { authorization: `Bearer ${c.key}` } : {} })
}

/** Runs a request; a server that cannot be reached is exit 4, not a stack trace. */
export async function reach<T>(c: Connection, request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause
    throw new CliExit(EXIT.unreachable, `cannot reach the toolgate server at ${c.url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`)
  }
}

/** The error envelope every route answers with (components.schemas.ToolError). */
export type ToolError = paths['/v1/registry']['get']['responses'][401]['content']['application/json']

/** 401/403 end the CLI with exit 4; other refusals with exit 1, showing the server's message. */
export function refused(status: number, error: Partial<ToolError> | undefined): never {
  const message = `${error?.error_code ?? `HTTP ${status}`}: ${error?.error_message ?? 'the server refused the request'}`
  throw new CliExit(status === 401 || status === 403 ? EXIT.unreachable : EXIT.toolError, message)
}

/** `data` of an openapi-fetch answer, or the refusal as a CliExit. */
export function ok<D>(res: { data?: D; error?: unknown; response: Response }): D {
  if (res.data === undefined || !res.response.ok) refused(res.response.status, res.error as Partial<ToolError>)
  return res.data as D
}
