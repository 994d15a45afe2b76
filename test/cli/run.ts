/** Runs the CLI as a child process against a real server (test/helper.ts), as a user would. */
import { spawn } from 'node:child_process'
import type { TestApp } from '../helper.js'
import { nodeArgs } from '../support/compiled-src.js'

export interface Run {
  code: number
  stdout: string
  stderr: string
}

/** The server's URL once it listens on a free port. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const addr = t.app.server.address() as { port: number }
  return `http://127.0.0.1:${addr.port}`
}

/** `toolgate …args` with this environment (no TTY: stdout is a pipe), and `input` on stdin. */
export function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs('src/cli/index.ts'), ...args], {
      env: { ...process.env, TOOLGATE_URL: undefined, TOOLGATE_KEY: undefined, FORCE_COLOR: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c) => (stdout += c))
    child.stderr.on('data', (c) => (stderr += c))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
  })
}

/** Whether the text holds an ANSI escape sequence. */
export const hasEscapes = (s: string): boolean => s.includes('\x1b[')
