/**
 * LISTEN on a channel, for news other instances must hear at once (a revoked key). On Postgres a
 * dedicated connection listens, and a heartbeat on it tells how fresh the news is: Postgres sends
 * a session its notifications before it answers the session's next query, so once a `SELECT 1`
 * sent at time T is answered, every notification committed before T has arrived. A silent or
 * lost connection stops advancing that time, and callers fall back to what holds without news.
 */
import pg from 'pg'

export interface ListenHandlers {
  message(payload: string): void
  /** The channel is (again) listening: news sent while it was not may have been missed. */
  connected(): void
}

export interface Listener {
  /** Every notification committed before this time (ms since the epoch) has arrived; 0 while down. */
  deliveredBefore(): number
  close(): Promise<void>
}

export interface ListenerLog {
  warn(data: Record<string, unknown>, msg: string): void
  info(data: Record<string, unknown>, msg: string): void
}

const HEARTBEAT_MS = 250
/** A heartbeat unanswered this long means a dead connection (no RST ever came): reconnect. */
const HEARTBEAT_DEADLINE_MS = 5_000
const RECONNECT_MS = 1_000

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

export function listenOnPostgres(url: string, channel: string, on: ListenHandlers, log: ListenerLog): Listener & { started: Promise<void> } {
  const listener = new PostgresListener(url, channel, on, log)
  return Object.assign(listener, { started: listener.connect() })
}

class PostgresListener implements Listener {
  private client: pg.Client | undefined
  private confirmedAt = 0
  private closed = false
  private lostAt: number | undefined
  private beat: NodeJS.Timeout | undefined
  private retry: NodeJS.Timeout | undefined

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly on: ListenHandlers,
    private readonly log: ListenerLog,
  ) {}

  deliveredBefore(): number {
    return this.client ? this.confirmedAt : 0
  }

  async connect(): Promise<void> {
    if (this.closed) return
    const c = this.newClient()
    try {
      await c.connect()
      const sent = Date.now()
      await c.query(`LISTEN ${quoteIdent(this.channel)}`)
      if (this.closed) return void c.end().catch(() => {})
      this.listening(c, sent)
    } catch (err) {
      this.client = c
      this.lost(c, (err as Error).message)
    }
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.retry)
    clearInterval(this.beat)
    const c = this.client
    this.client = undefined
    if (!c) return
    // A connection that hangs must not hold up shutdown.
    let timer: NodeJS.Timeout | undefined
    await Promise.race([c.end().catch(() => {}), new Promise<void>((r) => (timer = setTimeout(r, 1_000)))])
    clearTimeout(timer)
  }

  private newClient(): pg.Client {
    const c = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 2_000,
      keepAlive: true,
      application_name: `toolgate-listen-${this.channel}`,
    })
    c.on('error', (err) => this.lost(c, err.message))
    c.on('end', () => this.lost(c, 'connection ended'))
    c.on('notification', (n) => {
      if (n.channel === this.channel && n.payload) this.on.message(n.payload)
    })
    return c
  }

  private listening(c: pg.Client, sent: number): void {
    this.client = c
    this.confirmedAt = sent
    this.on.connected()
    this.heartbeat(c)
    if (this.lostAt !== undefined)
      this.log.info({ component: 'database', channel: this.channel, lost_ms: Date.now() - this.lostAt }, 'Notification channel back')
    this.lostAt = undefined
  }

  private lost(c: pg.Client, reason: string): void {
    if (this.client !== c) return
    this.client = undefined
    this.confirmedAt = 0
    clearInterval(this.beat)
    c.removeAllListeners('notification')
    c.end().catch(() => {})
    if (this.closed) return
    if (this.lostAt === undefined) {
      this.lostAt = Date.now()
      this.log.warn(
        { component: 'database', channel: this.channel, reason },
        'Notification channel lost; cached keys are re-checked every second until it is back',
      )
    }
    this.retry = setTimeout(() => void this.connect(), RECONNECT_MS).unref()
  }

  /** A `SELECT 1` every beat: once answered, every notification committed before it was sent has arrived. */
  private heartbeat(c: pg.Client): void {
    let pending: number | undefined
    this.beat = setInterval(() => {
      const now = Date.now()
      if (pending !== undefined) {
        if (now - pending > HEARTBEAT_DEADLINE_MS) this.lost(c, 'heartbeat unanswered')
        return
      }
      pending = now
      c.query('SELECT 1').then(
        () => {
          if (this.client === c) this.confirmedAt = pending!
          pending = undefined
        },
        (err: Error) => this.lost(c, err.message),
      )
    }, HEARTBEAT_MS).unref()
  }
}
