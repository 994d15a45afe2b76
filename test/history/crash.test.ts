/**
 * A crash mid-call, on a real server process: a call that changes something has a `running` row
 * while its tool runs; SIGKILL the server, start it again on the same data folder, and that row
 * says `interrupted`, never a silent gap. A read-only call answered before the crash is recorded.
 */
import type { ChildProcess } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '../support/server-process.js'
import { ADMIN_KEY, testFolders, type TestFolders } from '../helper.js'

let made: TestFolders | undefined
const children: ChildProcess[] = []
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  await made?.destroy()
})

/** The real server on the helper's folders (and database); resolves with its address once it listens. */
async function startServer(t: TestFolders): Promise<ServerProcess> {
  const server = await startServerProcess(t)
  children.push(server.child)
  return server
}

const admin = { authorization: `Bearer ${ADMIN_KEY}` }
const getJson = async (url: string) => {
  const res = await fetch(url, { headers: admin })
  return { status: res.status, body: await res.json() }
}

async function until<T>(what: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const got = await what()
    if (got !== undefined) return got
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('a crash while a call runs', () => {
  it('leaves a running row, marked interrupted at the next start; read-only calls are still recorded', async () => {
    made = await testFolders()
    const first = await startServer(made)
    const keyRes = await fetch(`${first.address}/v1/keys`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'crash test', scopes: ['exec'] }),
    })
    expect(keyRes.status).toBe(201)
    const execKey = ((await keyRes.json()) as { key: string }).key
    const hello = await fetch(`${first.address}/v1/tools/hello`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'before' }),
    })
    expect(hello.status).toBe(200)
    const helloId = ((await hello.json()) as { execution_id: string }).execution_id

    const bash = fetch(`${first.address}/v1/tools/Bash`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${execKey}` },
      body: JSON.stringify({ command: 'sleep 30' }),
    }).then(
      (r) => r.status,
      () => 0,
    )
    // The row exists while the tool runs, and says so.
    const running = await until(async () => {
      const list = await getJson(`${first.address}/v1/executions?tool=Bash`)
      return (list.body.executions as { id: string; status: string }[]).find((e) => e.status === 'running')
    })
    const during = await getJson(`${first.address}/v1/executions/${running.id}`)
    expect(during.body.execution).toMatchObject({ tool: 'Bash', status: 'running', params: { command: 'sleep 30' }, completed_at: null })

    first.child.kill('SIGKILL')
    await new Promise((r) => first.child.once('exit', r))
    expect(await bash).toBe(0)

    const second = await startServer(made)
    try {
      const after = await getJson(`${second.address}/v1/executions/${running.id}`)
      expect(after.status).toBe(200)
      expect(after.body.execution).toMatchObject({ tool: 'Bash', status: 'interrupted', error_code: 'INTERRUPTED' })
      expect(after.body.execution.completed_at).not.toBeNull()
      expect((await getJson(`${second.address}/v1/executions/${helloId}`)).body.execution).toMatchObject({ tool: 'hello', status: 'ok' })
      const listed = await getJson(`${second.address}/v1/executions?status=interrupted`)
      expect(listed.body.executions.map((e: { id: string }) => e.id)).toEqual([running.id])
    } finally {
      second.child.kill('SIGTERM')
      await new Promise((r) => second.child.once('exit', r))
    }
  }, 240_000)
})
