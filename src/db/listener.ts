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
  let client: pg.Client | undefined
  let confirmedAt = 0
  let closed = false
  let lostAt: number | undefined
  let beat: NodeJS.Timeout | undefined
  let retry: NodeJS.Timeout | undefined

  const lost = (c: pg.Client, reason: string) => {
    if (client !== c) return
    client = undefined
    confirmedAt = 0
    clearInterval(beat)
    c.removeAllListeners('notification')
    c.end().catch(() => {})
    if (closed) return
    if (lostAt === undefined) {
      lostAt = Date.now()
      log.warn({ component: 'database', channel, reason }, 'Notification channel lost; cached keys are re-checked every second until it is back')
    }
    retry = setTimeout(() => void connect(), RECONNECT_MS).unref()
  }

  const heartbeat = (c: pg.Client) => {
    let pending: number | undefined
    beat = setInterval(() => {
      const now = Date.now()
      if (pending !== undefined) {
        if (now - pending > HEARTBEAT_DEADLINE_MS) lost(c, 'heartbeat unanswered')
        return
      }
      pending = now
      c.query('SELECT 1').then(
        () => {
          if (client === c) confirmedAt = pending!
          pending = undefined
        },
        (err: Error) => lost(c, err.message),
      )
    }, HEARTBEAT_MS).unref()
  }

  const connect = async () => {
    if (closed) return
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000, keepAlive: true, application_name: `toolgate-listen-${channel}` })
    c.on('error', (err) => lost(c, err.message))
    c.on('end', () => lost(c, 'connection ended'))
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload) on.message(n.payload)
    })
    try {
      await c.connect()
      const sent = Date.now()
      await c.query(`LISTEN ${quoteIdent(channel)}`)
      if (closed) return void c.end().catch(() => {})
      client = c
      confirmedAt = sent
      on.connected()
      heartbeat(c)
      if (lostAt !== undefined) log.info({ component: 'database', channel, lost_ms: Date.now() - lostAt }, 'Notification channel back')
      lostAt = undefined
    } catch (err) {
      client = c
      lost(c, (err as Error).message)
    }
  }

  return {
    started: connect(),
    deliveredBefore: () => (client ? confirmedAt : 0),
    async close() {
      closed = true
      clearTimeout(retry)
      clearInterval(beat)
      const c = client
      client = undefined
      if (!c) return
      // A connection that hangs must not hold up shutdown.
      let timer: NodeJS.Timeout | undefined
      await Promise.race([c.end().catch(() => {}), new Promise<void>((r) => (timer = setTimeout(r, 1_000)))])
      clearTimeout(timer)
    },
  }
}
