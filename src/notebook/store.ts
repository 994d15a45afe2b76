/**
 * Run state in Postgres: one building run per session (the unique partial index on
 * notebook_runs makes lazy creation race-safe across instances), its dependency manifest and its
 * cells. Every tool call is one transaction that locks its run row, so concurrent calls of one
 * session are serialized, a failed call leaves nothing behind, and a dry run is simply rolled back.
 */
import crypto from 'node:crypto'
import { and, asc, desc, eq, max, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { notebookCells as cellTable, notebookDependencies as deps, notebookRuns as runs } from '../db/schema/index.js'
import { fail } from '../errors.js'
import type { ToolContext } from '../tools/define.js'
import type { StoredCell } from './assemble.js'
import type { CellKind, CellRow } from './order.js'
import type { AuthoredCell as Cell } from './model.js'
import type { Dependency } from './setup.js'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Run {
  id: string
  createdAt: Date
}

class DryRunRollback<T> {
  constructor(readonly value: T) {}
}

/**
 * Runs `fn` on the session's building run, locked. With `create`, the run is made when there is
 * none (the first add/emit of a session, or the first after a finalize); without it, `fn` gets
 * `undefined`. On a dry run everything `fn` did is rolled back and its answer still returned.
 */
export async function withRun<T>(ctx: ToolContext, create: boolean, fn: (tx: Tx, run: Run | undefined) => Promise<T>): Promise<T> {
  try {
    return await ctx.services.db.transaction(async (tx) => {
      const run = await lockRun(tx, ctx.session, ctx.caller.id, create)
      const value = await fn(tx, run)
      // A call that timed out has already been answered with an error: it must not change anything.
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted')
      if (run) await tx.update(runs).set({ updatedAt: sql`now()` }).where(eq(runs.id, run.id))
      if (ctx.dryRun) throw new DryRunRollback(value)
      return value
    })
  } catch (err) {
    if (err instanceof DryRunRollback) return err.value as T
    throw err
  }
}

async function lockRun(tx: Tx, session: string, callerId: string, create: boolean): Promise<Run | undefined> {
  // A concurrent finalize can turn the row we waited for into a finalized one: look again.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create) {
      await tx
        .insert(runs)
        .values({ id: crypto.randomUUID(), sessionId: session, callerId })
        .onConflictDoNothing({ target: runs.sessionId, where: sql`status = 'building'` })
    }
    const [row] = await tx
      .select({ id: runs.id, callerId: runs.callerId, createdAt: runs.createdAt })
      .from(runs)
      .where(and(eq(runs.sessionId, session), eq(runs.status, 'building')))
      .for('update')
    if (row) {
      if (row.callerId !== callerId) {
        fail('CONFLICT', `Session "${session.slice(0, 80)}" has a notebook under construction by another API key; send your own X-Session-Id`)
      }
      return { id: row.id, createdAt: row.createdAt }
    }
    if (!create) return undefined
  }
  fail('CONFLICT', 'The notebook run of this session changed during the call; retry')
}

/** The path of the session's most recent finalized notebook (this caller's), if any. */
export async function lastFinalized(tx: Tx, session: string, callerId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ notebookPath: runs.notebookPath })
    .from(runs)
    .where(and(eq(runs.sessionId, session), eq(runs.callerId, callerId), eq(runs.status, 'finalized')))
    .orderBy(desc(runs.finalizedAt))
    .limit(1)
  return row?.notebookPath ?? undefined
}

export async function cellRows(tx: Tx, runId: string): Promise<CellRow[]> {
  return tx
    .select({
      seq: cellTable.seq,
      section: cellTable.sectionNumber,
      kind: sql<CellKind>`${cellTable.kind}`,
      cellType: sql<'markdown' | 'code'>`${cellTable.cell}->>'cell_type'`,
    })
    .from(cellTable)
    .where(eq(cellTable.runId, runId))
}

export async function storedCells(tx: Tx, runId: string): Promise<StoredCell[]> {
  const found = await tx
    .select({ seq: cellTable.seq, section: cellTable.sectionNumber, kind: cellTable.kind, cell: cellTable.cell, info: cellTable.info })
    .from(cellTable)
    .where(eq(cellTable.runId, runId))
  return found.map((r) => ({ ...r, kind: r.kind as CellKind, cell: r.cell as Cell, info: (r.info as Record<string, unknown> | null) ?? {} }))
}

export interface NewCell {
  section: number
  kind: CellKind
  /** Builds the cell once its emission number (unique in the run, used in the cell id) is known. */
  build(seq: number): { cell: Cell; info: Record<string, unknown> }
}

/** Appends cells in emission order; returns their emission numbers. */
export async function insertCells(tx: Tx, runId: string, cells: NewCell[]): Promise<number[]> {
  const [{ last }] = await tx
    .select({ last: max(cellTable.seq) })
    .from(cellTable)
    .where(eq(cellTable.runId, runId))
  const seqs: number[] = []
  let seq = last ?? 0
  for (const c of cells) {
    seq++
    const { cell, info } = c.build(seq)
    await tx.insert(cellTable).values({ runId, seq, sectionNumber: c.section, kind: c.kind, cell, info })
    seqs.push(seq)
  }
  return seqs
}

export async function dependencies(tx: Tx, runId: string): Promise<Dependency[]> {
  return tx
    .select({ manager: deps.manager, package: deps.package, version: deps.version, importCheck: deps.importCheck, notes: deps.notes, position: deps.position })
    .from(deps)
    .where(eq(deps.runId, runId))
    .orderBy(asc(deps.position))
}

export interface Upserted {
  position: number
  previous?: Dependency
}

/**
 * Adds a dependency at the end of the manifest, or updates the one with the same manager and
 * canonical name in place (its position kept; import_check and notes kept unless given anew).
 */
export async function upsertDependency(tx: Tx, runId: string, dep: Omit<Dependency, 'position'>): Promise<Upserted> {
  const existing = (await dependencies(tx, runId)).find((d) => d.manager === dep.manager && d.package === dep.package)
  if (existing) {
    await tx
      .update(deps)
      .set({ version: dep.version, importCheck: dep.importCheck ?? existing.importCheck, notes: dep.notes ?? existing.notes })
      .where(and(eq(deps.runId, runId), eq(deps.manager, dep.manager), eq(deps.package, dep.package)))
    return { position: existing.position, previous: existing }
  }
  const [{ last }] = await tx
    .select({ last: max(deps.position) })
    .from(deps)
    .where(eq(deps.runId, runId))
  const position = (last ?? 0) + 1
  await tx
    .insert(deps)
    .values({ runId, manager: dep.manager, package: dep.package, version: dep.version, importCheck: dep.importCheck, notes: dep.notes, position })
  return { position }
}

export async function markFinalized(tx: Tx, runId: string, notebookPath: string): Promise<void> {
  await tx.update(runs).set({ status: 'finalized', notebookPath, finalizedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(runs.id, runId))
}
