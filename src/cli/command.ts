/** What every command's action shares: the global options, the client, and exit codes. */
import type { Command } from 'commander'
import { api, connection, EXIT } from './client.js'

export interface Globals {
  url?: string
  key?: string
  output: 'table' | 'json'
}

/** The client and options every action needs, from the command's own and the global options. */
export function context(cmd: Command) {
  const g = cmd.optsWithGlobals() as Globals
  const conn = connection(g)
  return { conn, client: api(conn), output: g.output, opts: g as Globals & Record<string, any> }
}

/** Wraps an action so that its exit code (or CliExit) becomes the process's. */
export const action =
  <A extends unknown[]>(fn: (...args: A) => Promise<number | undefined>) =>
  async (...args: A) => {
    process.exitCode = (await fn(...args)) ?? EXIT.ok
  }
