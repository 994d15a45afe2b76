/**
 * The cheapest calls bench:files measures beside the tools: what a round trip costs before any tool
 * work, over HTTP (bare Fastify's `hello`, and a bare node:http server) and over stdio (a bare echo
 * of one line). Every server runs in a child process of its own, as toolgate and the reference do.
 * Also the floor under the tail and listing rows: their work on bare Fastify (bench/bare-files.ts).
 */
import { spawn } from 'node:child_process'
import { request } from 'undici'
import { helloTarget, selfArgs, startServer, type Target } from './harness.js'

export interface Floor {
  call: () => Promise<void>
  stop: () => Promise<void>
}

/** A caller of `target` over HTTP, checking every answer as the ready probe does. */
const caller = (target: Target) => async () => {
  const res = await request(target.url, { method: 'POST', body: target.body, headers: target.headers })
  target.check(res.statusCode, await res.body.text())
}

/** Bare Fastify's `hello` (bench/overhead.ts --serve bare): toolgate's route without toolgate. */
export async function bareFastify(): Promise<Floor> {
  const server = await startServer('bare', selfArgs('bench/overhead.ts', 'bare'), process.env, (port) => helloTarget('bare', port))
  return { call: caller(helloTarget('bare', server.port)), stop: server.stop }
}

/** node:http answering every POST with a fixed JSON body: HTTP on loopback and nothing else. */
export async function bareHttp(): Promise<Floor> {
  const source = `require('node:http').createServer((req, res) => { req.resume(); req.on('end', () => {
    res.setHeader('content-type', 'application/json'); res.end('{"ok":true}') }) }).listen(Number(process.env.PORT), process.env.HOST)`
  const target = (port: number): Target => ({
    name: 'node:http',
    url: `http://127.0.0.1:${port}/`,
    body: '{}',
    headers: { 'content-type': 'application/json' },
    check: (status) => {
      if (status !== 200) throw new Error(`node:http answered ${status}`)
    },
  })
  const server = await startServer('node:http', ['-e', source], process.env, target)
  return { call: caller(target(server.port)), stop: server.stop }
}

/** bench/bare-files.ts serving `root`: a caller of its `route` (tail, list) answering the output text. */
export async function bareFiles(root: string): Promise<{ text(route: string, body: unknown): Promise<string>; stop(): Promise<void> }> {
  const target = (port: number): Target => ({
    name: 'bare files',
    url: `http://127.0.0.1:${port}/list`,
    body: '{"path":"."}',
    headers: { 'content-type': 'application/json' },
    check: (status) => {
      if (status !== 200) throw new Error(`bare files answered ${status}`)
    },
  })
  const server = await startServer('bare files', [...process.execArgv, 'bench/bare-files.ts'], { ...process.env, BENCH_FILES_ROOT: root }, target)
  const text = async (route: string, body: unknown) => {
    const res = await request(`http://127.0.0.1:${server.port}/${route}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    })
    const json = (await res.body.json()) as { output: string }
    if (res.statusCode !== 200) throw new Error(`bare files /${route} answered ${res.statusCode}`)
    return json.output
  }
  return { text, stop: server.stop }
}

/** A process echoing what it reads: a stdio round trip and nothing else. */
export async function bareStdio(): Promise<Floor> {
  const child = spawn(process.execPath, ['-e', 'process.stdin.pipe(process.stdout)'], { stdio: ['pipe', 'pipe', 'inherit'] })
  let waiting: { resolve(): void; reject(err: Error): void } | undefined
  child.stdout.on('data', () => waiting?.resolve())
  child.once('exit', (code) => waiting?.reject(new Error(`the stdio echo exited (${code})`)))
  const call = () =>
    new Promise<void>((resolve, reject) => {
      if (child.exitCode !== null) return reject(new Error('the stdio echo has exited'))
      waiting = { resolve, reject }
      child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n')
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.stdin.end()
    })
  return { call, stop }
}
