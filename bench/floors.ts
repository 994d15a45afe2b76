/**
 * The cheapest calls bench:files measures beside the tools: what a round trip costs before any tool
 * work, over HTTP (bare Fastify's `hello`, and a bare node:http server) and over stdio (a bare echo
 * of one line). Every server runs in a child process of its own, as toolgate and the reference do.
 */
import { spawn } from 'node:child_process'
import { request } from 'undici'
import { selfArgs, startServer } from './harness.js'

export interface Floor {
  call: () => Promise<void>
  stop: () => Promise<void>
}

const stopChild = (child: ReturnType<typeof spawn>) => () =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill()
  })

/** Bare Fastify's `hello` (bench/overhead.ts --serve bare): toolgate's route without toolgate. */
export async function bareFastify(): Promise<Floor> {
  const target = (port: number) => ({
    name: 'bare',
    url: `http://127.0.0.1:${port}/v1/tools/hello`,
    body: '{"name":"bench"}',
    headers: { 'content-type': 'application/json' },
    check: (status: number) => {
      if (status !== 200) throw new Error(`bare Fastify answered ${status}`)
    },
  })
  const server = await startServer('bare', selfArgs('bench/overhead.ts', 'bare'), process.env, target)
  const { url, body, headers } = target(server.port)
  const call = async () => {
    await (await request(url, { method: 'POST', body, headers })).body.text()
  }
  return { call, stop: () => server.stop() }
}

/** node:http answering every POST with a fixed JSON body: HTTP on loopback and nothing else. */
export async function bareHttp(): Promise<Floor> {
  const source = `require('node:http').createServer((req, res) => { req.resume(); req.on('end', () => {
    res.setHeader('content-type', 'application/json'); res.end('{"ok":true}') }) })
    .listen(0, '127.0.0.1', function () { console.log(this.address().port) })`
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<number>((resolve) => child.stdout.once('data', (d) => resolve(Number(String(d).trim()))))
  const call = async () => {
    await (await request(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).body.text()
  }
  return { call, stop: stopChild(child) }
}

/** A process echoing each line it reads: a stdio round trip and nothing else. */
export async function bareStdio(): Promise<Floor> {
  const child = spawn(process.execPath, ['-e', 'process.stdin.pipe(process.stdout)'], { stdio: ['pipe', 'pipe', 'inherit'] })
  let answered: (() => void) | null = null
  child.stdout.on('data', () => answered?.())
  const call = () =>
    new Promise<void>((resolve) => {
      answered = resolve
      child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n')
    })
  return { call, stop: stopChild(child) }
}
