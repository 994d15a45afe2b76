/** A TCP proxy in front of a real server, to cut a connection and restore it (database outage tests). */
import net from 'node:net'
import { buildTestApp, type TestApp } from '../helper.js'

export function startProxy(port: number, target: number) {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1')
    sockets.add(client).add(upstream)
    client.pipe(upstream).pipe(client)
    const drop = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
  })
  return new Promise<{ port: number; stop(): Promise<void> }>((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        stop: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy()
            server.close(() => done())
          }),
      })
    })
  })
}

export interface AppBehindProxy {
  /** The app under test, reaching its database through the proxy. */
  t: TestApp
  /** An app on the same database, connected directly (it made the database). */
  direct: TestApp
  /** Stops the proxy: every connection through it drops and new ones are refused. */
  cut(): Promise<void>
  /** Starts the proxy again on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

/** Two apps on one real Postgres database, the one under test behind a proxy that can be cut. */
export async function buildAppBehindProxy(): Promise<AppBehindProxy> {
  const direct = await buildTestApp()
  const target = Number(new URL(direct.databaseUrl!).port || 5432)
  let proxy = await startProxy(0, target)
  const url = new URL(direct.databaseUrl!)
  url.port = String(proxy.port)
  const t = await buildTestApp({ databaseUrl: url.toString() })
  const port = proxy.port
  return {
    t,
    direct,
    cut: () => proxy.stop(),
    restore: async () => {
      proxy = await startProxy(port, target)
    },
    async close() {
      await t.close()
      await proxy.stop().catch(() => {})
      await direct.close()
    },
  }
}
