/**
 * Background shells (Bash `run_in_background`). The process and a ring of its newest output live in
 * the instance that started it, apart from any request, so a caller may disconnect and come back;
 * Postgres records who owns each shell, where it runs and how it ended, so that every instance can
 * refuse another key (404), point at the owning instance (409) and enforce the per-key cap.
 */
import crypto from 'node:crypto'
import os from 'node:os'
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import { backgroundShells } from '../db/schema/index.js'
import { fail } from '../errors.js'
import { OutputRing, type RingRead } from './buffers.js'
import type { Sandbox } from '../sandbox/index.js'
import { startCommand, type Running } from './process.js'

export type ShellStatus = 'running' | 'exited' | 'killed'

export interface ShellView {
  id: string
  status: ShellStatus
  returncode: number | null
  signal: string | null
  command: string
  cwd: string
  instance: string
}

export interface ShellRead extends ShellView, RingRead {
  /** False when the shell's output is no longer kept (it ended long ago). */
  kept: boolean
}

export interface ReadOptions {
  max: number
  wholeLines?: boolean
  peek?: boolean
  transform?: (text: string) => Promise<string>
}

export interface ShellManager {
  readonly instance: string
  readonly ringChars: number
  start(input: { owner: string; command: string; cwd: string; cwdRel: string; home: string; network: boolean }): Promise<ShellView>
  /**
   * Output since the last read, at most `max` characters. `wholeLines` keeps a last line that may
   * go on (the shell is running, or the read stopped at `max`) for next time, so a filter sees whole
   * lines; `peek` leaves the read cursor where it was (dry runs).
   * `transform` (a filter) runs before the cursor moves, so when it throws nothing is lost.
   */
  read(owner: string, id: string, opts: ReadOptions): Promise<ShellRead>
  /** Ends a running shell's process group; with `dryRun` only checks that it could. */
  kill(owner: string, id: string, opts?: { dryRun?: boolean }): Promise<ShellView>
  /** Ends every shell of this instance that `owner` started (its key was revoked); how many. */
  endAllOf(owner: string): Promise<number>
  /** Ends every shell of this instance and records them as killed (server shutdown). */
  closeAll(): Promise<void>
  /** Marks as killed the rows left `running` by instances on this host that are gone. */
  reconcile(): Promise<number>
}

export interface ShellManagerOptions {
  db: Db
  maxShells: number
  redact(s: string): string
  log: FastifyBaseLogger
  sandbox: Sandbox
  instance?: string
  /** Output kept per shell, in characters (1 MiB by default). */
  ringChars?: number
  /** How long an ended shell's output stays readable (1 hour by default). */
  retainMs?: number
}

interface Live extends ShellView {
  owner: string
  running: Running
  ring: OutputRing
  cursor: number
  /** The read in progress: reads of one shell take turns, so a filtered read never hands out what another already did. */
  reading?: Promise<void>
  /** Resolves once the end is recorded in the database. */
  ended: Promise<void>
  evict?: NodeJS.Timeout
}

const KILL_WAIT_MS = 2_000
/** A background shell (a dev server, a watcher) gets a second to clean up between SIGTERM and SIGKILL. */
const KILL_GRACE_MS = 1_000
const ID = /^bash_[0-9a-f]{12}$/
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref())

/** The next output of a live shell from its cursor, transformed (filtered) before the cursor moves, so when that throws nothing is lost. */
async function readNext(found: Live, { max, wholeLines, peek, transform }: ReadOptions): Promise<ShellRead> {
  // Status first: once a shell is seen ended, all its output is already in the ring.
  const status = found.status
  const got = found.ring.read(found.cursor, max)
  // A line is held back when more of it may follow: the shell is still writing, or the read stopped at `max`.
  if (wholeLines && !got.text.endsWith('\n') && (got.remaining > 0 || status === 'running')) {
    const cut = got.text.lastIndexOf('\n') + 1
    if (cut > 0 || got.text.length < max) {
      got.next -= got.text.length - cut
      got.remaining += got.text.length - cut
      got.text = got.text.slice(0, cut)
    }
  }
  const text = transform ? await transform(got.text) : got.text
  if (!peek) found.cursor = got.next
  return { ...view(found), status, ...got, text, kept: true }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const view = (s: ShellView): ShellView => ({
  id: s.id,
  status: s.status,
  returncode: s.returncode,
  signal: s.signal,
  command: s.command,
  cwd: s.cwd,
  instance: s.instance,
})

const notFound = (id: string): never => fail('SHELL_NOT_FOUND', `No background shell ${id} for this API key; start one with Bash and "run_in_background": true`)

const elsewhere = (s: ShellView): never =>
  fail(
    'SHELL_ON_OTHER_INSTANCE',
    `Background shell ${s.id} runs on instance ${s.instance}, which holds its process and output; send this call to that instance`,
    {
      details: { shell_id: s.id, instance: s.instance, status: s.status },
    },
  )

const over = (s: ShellView): never =>
  fail(
    'CONFLICT',
    `Background shell ${s.id} has already ${s.status === 'killed' ? 'been killed' : `exited${s.returncode !== null ? ` with code ${s.returncode}` : ''}`}; there is nothing to kill`,
    { details: { shell_id: s.id, status: s.status, returncode: s.returncode } },
  )

type StartInput = Parameters<ShellManager['start']>[0]

class Shells implements ShellManager {
  readonly instance: string
  readonly ringChars: number
  private readonly retainMs: number
  private readonly live = new Map<string, Live>()
  private closing = false

  constructor(private readonly opts: ShellManagerOptions) {
    this.instance = opts.instance ?? `${os.hostname()}:${process.pid}`
    this.ringChars = opts.ringChars ?? 1024 * 1024
    this.retainMs = opts.retainMs ?? 3_600_000
  }

  /** The live shell, or the facts the database has about one this instance no longer (or never) held. */
  private async locate(owner: string, id: string): Promise<Live | ShellView> {
    if (!ID.test(id)) notFound(id)
    const mine = this.live.get(id)
    if (mine) return mine.owner === owner ? mine : notFound(id)
    const [row] = await this.opts.db.select().from(backgroundShells).where(eq(backgroundShells.id, id))
    if (!row || row.ownerKeyId !== owner) notFound(id)
    return { id, status: row.status as ShellStatus, returncode: row.exitCode, signal: row.signal, command: row.command, cwd: row.cwd, instance: row.instance }
  }

  /** Ends the running ones of `shells` (an ended shell's process group id may belong to someone else by now). */
  private async end(shells: Live[]): Promise<number> {
    const running = shells.filter((s) => s.status === 'running')
    for (const s of running) s.status = 'killed'
    await Promise.all(running.map((s) => s.running.kill(KILL_GRACE_MS)))
    await Promise.race([Promise.all(running.map((s) => s.ended)), sleep(KILL_WAIT_MS)])
    return running.length
  }

  /** Records how `shell` ended once its row is committed (`recorded`), and forgets it `retainMs` later. */
  private watch(shell: Live, recorded: Promise<unknown>): Promise<void> {
    const { db, log } = this.opts
    return shell.running.done
      .then(
        (exit) => {
          shell.returncode = exit.code
          shell.signal = exit.signal
        },
        (err) => {
          log.error({ err, shell_id: shell.id }, 'Background shell failed to run')
          shell.ring.push(`\n[toolgate: the command could not be started: ${(err as Error).message}]\n`)
        },
      )
      .then(async () => {
        if (shell.status === 'running') shell.status = 'exited'
        await recorded
        await db
          .update(backgroundShells)
          .set({ status: shell.status, exitCode: shell.returncode, signal: shell.signal, endedAt: new Date() })
          .where(eq(backgroundShells.id, shell.id))
      })
      .catch((err) => log.error({ err, shell_id: shell.id }, 'Recording the end of a background shell failed'))
      .finally(() => {
        if (!this.closing) {
          shell.evict = setTimeout(() => this.live.delete(shell.id), this.retainMs)
          shell.evict.unref()
        }
      })
  }

  async start(input: StartInput): Promise<ShellView> {
    if (this.closing) fail('SERVICE_UNAVAILABLE', 'The server is shutting down; start the shell once it is back')
    const made: { shell?: Live } = {}
    let committed!: () => void
    const recorded = new Promise<void>((r) => (committed = r))
    try {
      await this.opts.db.transaction(async (tx) => {
        await this.assertUnderCap(tx, input.owner)
        made.shell = await this.launch(input, recorded)
        await tx.insert(backgroundShells).values({
          id: made.shell.id,
          ownerKeyId: input.owner,
          instance: this.instance,
          command: this.opts.redact(input.command),
          cwd: input.cwdRel,
          pid: made.shell.running.pid > 0 ? made.shell.running.pid : null,
          status: 'running',
        })
      })
    } catch (err) {
      if (made.shell) {
        made.shell.status = 'killed'
        this.live.delete(made.shell.id)
        await made.shell.running.kill()
      }
      throw err
    } finally {
      committed()
    }
    return view(made.shell as Live)
  }

  /** TOO_MANY_SHELLS when `owner` runs its limit already, counted on every instance. */
  private async assertUnderCap(tx: Parameters<Parameters<Db['transaction']>[0]>[0], owner: string): Promise<void> {
    // Two calls of one key racing on any instances must not both pass the cap.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`background_shells:${owner}`}))`)
    const [{ n }] = await tx
      .select({ n: count() })
      .from(backgroundShells)
      .where(and(eq(backgroundShells.ownerKeyId, owner), eq(backgroundShells.status, 'running')))
    const limit = this.opts.maxShells
    if (n >= limit) {
      fail(
        'TOO_MANY_SHELLS',
        `This API key already has ${n} background shells running (TOOLGATE_MAX_SHELLS=${limit}); end one with KillShell or wait for one to exit`,
        {
          details: { running: n, limit },
        },
      )
    }
  }

  /** Starts the command and holds it as a live shell, watched until it ends. */
  private async launch({ owner, command, cwd, cwdRel, home, network }: StartInput, recorded: Promise<void>): Promise<Live> {
    const id = `bash_${crypto.randomBytes(6).toString('hex')}`
    const ring = new OutputRing(this.ringChars)
    const running = await startCommand({ command, cwd, home, network, sandbox: this.opts.sandbox, onOutput: (text) => ring.push(text) })
    const shell: Live = {
      id,
      owner,
      command,
      cwd: cwdRel,
      instance: this.instance,
      status: 'running',
      returncode: null,
      signal: null,
      running,
      ring,
      cursor: 0,
      ended: Promise.resolve(),
    }
    shell.ended = this.watch(shell, recorded)
    this.live.set(id, shell)
    return shell
  }

  async read(owner: string, id: string, options: ReadOptions): Promise<ShellRead> {
    const found = await this.locate(owner, id)
    if (!('ring' in found)) {
      if (found.instance !== this.instance) elsewhere(found)
      return { ...view(found), text: '', next: 0, dropped: 0, remaining: 0, kept: false }
    }
    const before = found.reading
    let done = () => {}
    found.reading = new Promise<void>((resolve) => (done = resolve))
    await before
    try {
      return await readNext(found, options)
    } finally {
      done()
    }
  }

  async kill(owner: string, id: string, { dryRun = false }: { dryRun?: boolean } = {}): Promise<ShellView> {
    const found = await this.locate(owner, id)
    if (found.status !== 'running') over(found)
    if (!('ring' in found)) return found.instance !== this.instance ? elsewhere(found) : notFound(id)
    if (dryRun) return view(found)
    found.status = 'killed'
    await found.running.kill(KILL_GRACE_MS)
    await Promise.race([found.ended, sleep(KILL_WAIT_MS)])
    return view(found)
  }

  async endAllOf(owner: string): Promise<number> {
    return this.end([...this.live.values()].filter((s) => s.owner === owner))
  }

  async closeAll(): Promise<void> {
    this.closing = true
    for (const s of this.live.values()) clearTimeout(s.evict)
    await this.end([...this.live.values()])
    await this.opts.db
      .update(backgroundShells)
      .set({ status: 'killed', endedAt: new Date() })
      .where(and(eq(backgroundShells.instance, this.instance), eq(backgroundShells.status, 'running')))
    this.live.clear()
  }

  async reconcile(): Promise<number> {
    const rows = await this.opts.db
      .select({ id: backgroundShells.id, instance: backgroundShells.instance })
      .from(backgroundShells)
      .where(eq(backgroundShells.status, 'running'))
    const host = `${os.hostname()}:`
    const stale = rows.filter((r) => {
      if (this.live.has(r.id)) return false
      if (r.instance === this.instance) return true
      const pid = Number(r.instance.slice(host.length))
      return r.instance.startsWith(host) && Number.isInteger(pid) && !pidAlive(pid)
    })
    if (stale.length === 0) return 0
    await this.opts.db
      .update(backgroundShells)
      .set({ status: 'killed', endedAt: new Date() })
      .where(
        inArray(
          backgroundShells.id,
          stale.map((r) => r.id),
        ),
      )
    return stale.length
  }
}

export const createShellManager = (opts: ShellManagerOptions): ShellManager => new Shells(opts)
