/**
 * The approval queue. A held call is stored with its arguments sealed, answered 202, and runs
 * exactly once when someone with `approve` approves it: the claim is one conditional UPDATE, so
 * of two approvers racing on two instances only one wins and only that one runs the call.
 *
 * Who decides: never the key that queued the call, nor a key of the same name (four eyes), unless
 * TOOLGATE_APPROVAL_SELF=allow. An approver confined to a folder sees and decides only calls made
 * in that folder or below it; an admin key, or an approver of the whole workspace, sees them all.
 */
import crypto from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { and, desc, eq, getTableColumns, inArray, lte, or, sql } from 'drizzle-orm'
import { validate as isUuid } from 'uuid'
import type { AppConfig } from '../config.js'
import type { Db } from '../db/client.js'
import { approvals } from '../db/schema/index.js'
import { codedError, fail } from '../errors.js'
import { decodeCursor, encodeCursor, fitting } from '../lib/page-bytes.js'
import type { Secretbox } from '../lib/secretbox.js'
import type { CallContext } from '../pipeline/context.js'
import type { History } from '../plugins/history.js'
import { bound, RECORD_BOUNDS, type Redactor } from '../redaction/index.js'
import type { AnyTool, ApprovalDecision, Caller, ToolSettings } from '../tools/define.js'
import { isInside } from '../workspace/paths.js'

type Row = typeof approvals.$inferSelect
/** What a listing reads: not the sealed arguments (up to the body limit each), which it never shows. */
const { sealedArgs: _sealed, ...LISTED } = getTableColumns(approvals)
/** What a listed row weighs, measured by the database: its redacted arguments and texts. */
const LISTED_BYTES = sql<number>`octet_length(${approvals.params}::text) + coalesce(octet_length(${approvals.reason}), 0) + coalesce(octet_length(${approvals.decisionNote}), 0)`

export interface ApprovalQuery {
  status?: string
  limit: number
  /** The next_cursor of the page before. */
  cursor?: string
}
export interface ApprovalPage {
  approvals: ApprovalView[]
  /** Where the next page starts; null on the last. A page stops at about 1 MiB of rows. */
  next_cursor: string | null
}

export interface Claimed {
  approval: ApprovalView
  executionId: string
  tool: string
  args: Record<string, unknown>
  context: CallContext
  callerId: string
}

/** A held call's fate, told to whoever waits on it (a paused workflow run). */
export interface Decision {
  approvalId: string
  executionId: string
  decision: 'approved' | 'rejected' | 'expired'
  /** An approved call's answer, as its caller would have had it. */
  outcome?: { statusCode: number; body: Record<string, unknown> }
}

export interface Approvals {
  decide(tool: AnyTool, args: Record<string, unknown>): ApprovalDecision
  /** Whether some call of `tool` can be held under this configuration (its OpenAPI operation lists 202 then). */
  mayHold(tool: AnyTool): boolean
  hold(input: {
    id?: string
    tool: AnyTool
    args: Record<string, unknown>
    context: CallContext
    caller: Caller
    executionId: string
    reason?: string
  }): Promise<{ id: string; expiresAt: Date }>
  /** The approvals `viewer` may see, newest first, a page at a time. */
  list(q: ApprovalQuery, viewer: Caller): Promise<ApprovalPage>
  get(id: string, viewer: Caller): Promise<ApprovalView | undefined>
  /**
   * Atomically moves a pending approval to `approved` or `rejected`; throws 404 when `by` may not
   * see it, 403 SELF_APPROVAL when `by` queued it, 409 when it is not pending.
   */
  claim(id: string, decision: 'approved' | 'rejected', by: Caller, note?: string): Promise<Claimed>
  /** Marks pending approvals past their expiry as expired; returns their execution ids. */
  expireStale(): Promise<string[]>
  /**
   * Calls `listener` after each decision: approved (once the call ran), rejected or expired. It runs
   * on the instance that decided, after the answer's work is done; its errors are logged, not thrown.
   */
  onDecided(listener: (d: Decision) => Promise<void>): void
  /** Tells the listeners (the approval routes call it once a decision is carried out). */
  announce(d: Decision): void
}

/** An approval as the API shows it (the `Approval` schema of the OpenAPI document). */
export type ApprovalView = ReturnType<typeof presentApproval>

export function presentApproval(r: Omit<Row, 'sealedArgs'>) {
  return {
    id: r.id,
    execution_id: r.executionId,
    tool: r.tool,
    params: r.params,
    reason: r.reason,
    caller: { id: r.callerId, name: r.callerName },
    workspace: r.workspace,
    status: r.status as 'pending' | 'approved' | 'rejected' | 'expired',
    decided_by: r.decidedBy,
    decision_note: r.decisionNote,
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
  }
}

/**
 * A key's workspace as a posix path under the server root ('' = the root). By real path, so that
 * a link and its target are one folder; as configured when it cannot be resolved inside the root.
 */
export async function folderOf(root: string, workspace: string): Promise<string> {
  const real = await fs.realpath(workspace).catch(() => workspace)
  return path
    .relative(root, isInside(root, real) ? real : workspace)
    .split(path.sep)
    .join('/')
}

/** The folder whose calls `viewer` may see and decide, or null for all of them. */
async function reachOf(root: string, viewer: Caller): Promise<string | null> {
  if (viewer.scopes.includes('admin')) return null
  const folder = await folderOf(root, viewer.workspace)
  return folder === '' ? null : folder
}

const within = (reach: string | null) =>
  reach === null ? undefined : or(eq(approvals.workspace, reach), sql`starts_with(${approvals.workspace}, ${`${reach}/`})`)
const isWithin = (row: Row, reach: string | null) => reach === null || row.workspace === reach || row.workspace.startsWith(`${reach}/`)
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

export interface ApprovalQueueDeps {
  db: Db
  /** Seals held arguments and context at rest. */
  box: Secretbox
  config: Pick<AppConfig, 'approvalTools' | 'approvalTtlMs' | 'approvalSelf'>
  settings: ToolSettings
  /** Real path of the server's workspace root. */
  root: string
  redactor: Redactor
  history: Pick<History, 'complete'>
  log: { error(obj: object, msg: string): void }
}

export class ApprovalQueue implements Approvals {
  private readonly extra: Set<string>
  private readonly decisions = new WeakMap<AnyTool, ApprovalDecision | undefined>()
  private readonly listeners: ((d: Decision) => Promise<void>)[] = []

  constructor(private readonly deps: ApprovalQueueDeps) {
    this.extra = new Set(deps.config.approvalTools)
  }

  /** The decision for a tool when it does not depend on the call's arguments, else undefined. */
  private staticDecision(tool: AnyTool): ApprovalDecision | undefined {
    const { extra } = this
    if (extra.has(tool.name) || extra.has(`@${tool.toolset}`)) return { required: true, reason: 'configured by TOOLGATE_APPROVAL_REQUIRED' }
    if (extra.has('@destructive') && tool.annotations?.destructiveHint) return { required: true, reason: 'destructive tool' }
    if (tool.approval === 'always') return { required: true }
    if (typeof tool.approval === 'function') return undefined
    return { required: false }
  }

  /** 404 for an approval `by` may not see, 403 when `by` queued it (who queued it never changes). */
  private async mayDecide(id: string, decision: 'approved' | 'rejected', by: Caller): Promise<void> {
    const [row] = isUuid(id) ? await this.deps.db.select().from(approvals).where(eq(approvals.id, id)) : []
    if (!row || !isWithin(row, await reachOf(this.deps.root, by))) fail('APPROVAL_NOT_FOUND', `No approval with id ${id} visible to this key`)
    if (this.deps.config.approvalSelf === 'allow') return
    const byKey = row.callerId === by.id
    if (!byKey && !sameName(row.callerName, by.name)) return
    throw codedError(
      'SELF_APPROVAL',
      `Approval ${id} was queued by ${byKey ? 'this key' : `a key named "${row.callerName}", as this one is`}; ` +
        `another key with the "approve" scope must ${decision === 'approved' ? 'approve' : 'reject'} it (four eyes). ` +
        'A single-user setup can allow it with TOOLGATE_APPROVAL_SELF=allow',
      { details: { approval_id: id, caller: { id: row.callerId, name: row.callerName } } },
    )
  }

  decide(tool: AnyTool, args: Record<string, unknown>): ApprovalDecision {
    let decision = this.decisions.get(tool)
    if (decision === undefined && !this.decisions.has(tool)) this.decisions.set(tool, (decision = this.staticDecision(tool)))
    if (decision) return decision
    return (tool.approval as (args: Record<string, unknown>, settings: ToolSettings) => ApprovalDecision)(args, this.deps.settings)
  }

  /** A per-call policy may hold some calls; a static one says for all of them. */
  mayHold(tool: AnyTool): boolean {
    return this.staticDecision(tool)?.required ?? true
  }

  async hold({ id = crypto.randomUUID(), tool, args, context, caller, executionId, reason }: Parameters<Approvals['hold']>[0]) {
    const { db, box, redactor } = this.deps
    const expiresAt = new Date(Date.now() + this.deps.config.approvalTtlMs)
    await db.insert(approvals).values({
      id,
      executionId,
      tool: tool.name,
      // What approvers see: bounded as history rows are; the sealed arguments are whole.
      params: redactor.redact(bound(args, RECORD_BOUNDS)) as Record<string, unknown>,
      sealedArgs: box.seal(args),
      sealedContext: box.seal(context),
      reason: reason ? redactor.redactString(reason) : null,
      callerId: caller.id,
      callerName: caller.name,
      workspace: await folderOf(this.deps.root, caller.workspace),
      status: 'pending',
      expiresAt,
    })
    return { id, expiresAt }
  }

  async list({ status, limit, cursor }: ApprovalQuery, viewer: Caller): Promise<ApprovalPage> {
    await this.expireStale()
    const { db, root } = this.deps
    const reach = await reachOf(root, viewer)
    const after = cursor === undefined ? undefined : await this.after(decodeCursor(cursor), reach)
    const newestFirst = [desc(approvals.createdAt), desc(approvals.id)]
    const sized = await db
      .select({ id: approvals.id, bytes: LISTED_BYTES })
      .from(approvals)
      .where(and(status && status !== 'all' ? eq(approvals.status, status) : undefined, within(reach), after))
      .orderBy(...newestFirst)
      .limit(limit + 1)
    const kept = fitting(sized.slice(0, limit).map((r) => r.bytes))
    const ids = sized.slice(0, kept).map((r) => r.id)
    const rows = ids.length
      ? await db
          .select(LISTED)
          .from(approvals)
          .where(inArray(approvals.id, ids))
          .orderBy(...newestFirst)
      : []
    return { approvals: rows.map(presentApproval), next_cursor: sized.length > kept ? encodeCursor(ids[ids.length - 1]) : null }
  }

  /**
   * Rows listed after the cursor's. A cursor must name a call the viewer can see: any other id is
   * the same 400 whether it exists or not, so a listing never tells that someone else's call does.
   */
  private async after(id: string, reach: string | null) {
    const [row] = await this.deps.db
      .select({ id: approvals.id })
      .from(approvals)
      .where(and(eq(approvals.id, id), within(reach)))
    if (!row) fail('INVALID_REQUEST', 'Invalid cursor: pass back the next_cursor of a previous page')
    // Compared in SQL: a JavaScript Date would cut created_at's microseconds and skip rows.
    return sql`(${approvals.createdAt}, ${approvals.id}) < (SELECT created_at, id FROM approvals WHERE id = ${id})`
  }

  async get(id: string, viewer: Caller): Promise<ApprovalView | undefined> {
    if (!isUuid(id)) return undefined
    await this.expireStale()
    const [row] = await this.deps.db.select().from(approvals).where(eq(approvals.id, id))
    return row && isWithin(row, await reachOf(this.deps.root, viewer)) ? presentApproval(row) : undefined
  }

  async claim(id: string, decision: 'approved' | 'rejected', by: Caller, note?: string): Promise<Claimed> {
    const { db, box, redactor } = this.deps
    await this.mayDecide(id, decision, by)
    const [row] = await db
      .update(approvals)
      .set({ status: decision, decidedBy: by.id, decidedAt: new Date(), decisionNote: note ? redactor.redactString(note) : null })
      .where(and(eq(approvals.id, id), eq(approvals.status, 'pending'), sql`${approvals.expiresAt} > now()`))
      .returning()
    if (!row) {
      await this.expireStale()
      const [existing] = await db.select().from(approvals).where(eq(approvals.id, id))
      if (!existing) fail('APPROVAL_NOT_FOUND', `No approval with id ${id}`)
      throw codedError('APPROVAL_NOT_PENDING', `Approval ${id} is already ${existing.status}; only pending approvals can be decided`, {
        details: { approval_id: id, status: existing.status },
      })
    }
    return {
      approval: presentApproval(row),
      executionId: row.executionId,
      tool: row.tool,
      args: box.open(row.sealedArgs),
      context: box.open(row.sealedContext),
      callerId: row.callerId,
    }
  }

  async expireStale(): Promise<string[]> {
    const rows = await this.deps.db
      .update(approvals)
      .set({ status: 'expired', decidedAt: new Date() })
      .where(and(eq(approvals.status, 'pending'), lte(approvals.expiresAt, sql`now()`)))
      .returning({ id: approvals.id, executionId: approvals.executionId })
    for (const r of rows) {
      await this.deps.history.complete(r.executionId, {
        status: 'expired',
        errorCode: 'APPROVAL_EXPIRED',
        error: 'The approval expired before anyone decided',
        completedAt: new Date(),
      })
      this.announce({ approvalId: r.id, executionId: r.executionId, decision: 'expired' })
    }
    return rows.map((r) => r.executionId)
  }

  onDecided(listener: (d: Decision) => Promise<void>): void {
    this.listeners.push(listener)
  }

  announce(d: Decision): void {
    for (const listener of this.listeners) {
      listener(d).catch((err) => this.deps.log.error({ err, approval_id: d.approvalId }, 'A listener for approval decisions failed'))
    }
  }
}
