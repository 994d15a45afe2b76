/**
 * Run state in Postgres: one building run per session (the unique partial index on
 * notebook_runs makes lazy creation race-safe across instances), its dependency manifest and its
 * cells. Every tool call is one transaction that locks its run row, so concurrent calls of one
 * session are serialized, a failed call leaves nothing behind, and a dry run is simply rolled back.
 */
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { fail } from '../errors.js'
import type { ToolContext } from '../tools/define.js'
import type { StoredCell } from './assemble.js'
import type { CellKind, CellRow } from './order.js'
import type { AuthoredCell as Cell } from './model.js'
import type { Dependency } from './setup.js'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Run { id: string; createdAt: Date }

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows

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
      if (run) await tx.execute(sql`UPDATE notebook_runs SET updated_at = now() WHERE id = ${run.id}`)
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
      await tx.execute(sql`
        INSERT INTO notebook_runs (id, session_id, caller_id) VALUES (${crypto.randomUUID()}, ${session}, ${callerId})
        ON CONFLICT (session_id) WHERE status = 'building' DO NOTHING`)
    }
    const [row] = rowsOf<{ id: string; caller_id: string; created_at: string | Date }>(await tx.execute(sql`
      SELECT id, caller_id, created_at FROM notebook_runs WHERE session_id = ${session} AND status = 'building' FOR UPDATE`))
    if (row) {
      if (row.caller_id !== callerId) {
        fail('CONFLICT', `Session "${session.slice(0, 80)}" has a notebook under construction by another API key; send your own X-Session-Id`)
      }
      return { id: row.id, createdAt: new Date(row.created_at) }
    }
    if (!create) return undefined
  }
  fail('CONFLICT', 'The notebook run of this session changed during the call; retry')
}

/** The path of the session's most recent finalized notebook (this caller's), if any. */
export async function lastFinalized(tx: Tx, session: string, callerId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ notebook_path: string | null }>(await tx.execute(sql`
    SELECT notebook_path FROM notebook_runs
    WHERE session_id = ${session} AND caller_id = ${callerId} AND status = 'finalized'
    ORDER BY finalized_at DESC LIMIT 1`))
  return row?.notebook_path ?? undefined
}

export async function cellRows(tx: Tx, runId: string): Promise<CellRow[]> {
  const rows = rowsOf<{ seq: number; section_number: number; kind: CellKind; cell_type: 'markdown' | 'code' }>(await tx.execute(sql`
    SELECT seq, section_number, kind, cell->>'cell_type' AS cell_type FROM notebook_cells WHERE run_id = ${runId}`))
  return rows.map((r) => ({ seq: Number(r.seq), section: Number(r.section_number), kind: r.kind, cellType: r.cell_type }))
}

export async function storedCells(tx: Tx, runId: string): Promise<StoredCell[]> {
  const rows = rowsOf<{ seq: number; section_number: number; kind: CellKind; cell: Cell; info: Record<string, unknown> }>(await tx.execute(sql`
    SELECT seq, section_number, kind, cell, info FROM notebook_cells WHERE run_id = ${runId}`))
  return rows.map((r) => ({ seq: Number(r.seq), section: Number(r.section_number), kind: r.kind, cell: r.cell, info: r.info ?? {} }))
}

export interface NewCell {
  section: number
  kind: CellKind
  /** Builds the cell once its emission number (unique in the run, used in the cell id) is known. */
  build(seq: number): { cell: Cell; info: Record<string, unknown> }
}

/** Appends cells in emission order; returns their emission numbers. */
export async function insertCells(tx: Tx, runId: string, cells: NewCell[]): Promise<number[]> {
  const [{ last }] = rowsOf<{ last: number }>(await tx.execute(sql`
    SELECT coalesce(max(seq), 0) AS last FROM notebook_cells WHERE run_id = ${runId}`))
  const seqs: number[] = []
  let seq = Number(last)
  for (const c of cells) {
    seq++
    const { cell, info } = c.build(seq)
    await tx.execute(sql`
      INSERT INTO notebook_cells (run_id, seq, section_number, kind, cell, info)
      VALUES (${runId}, ${seq}, ${c.section}, ${c.kind}, ${JSON.stringify(cell)}::jsonb, ${JSON.stringify(info)}::jsonb)`)
    seqs.push(seq)
  }
  return seqs
}

export async function dependencies(tx: Tx, runId: string): Promise<Dependency[]> {
  const rows = rowsOf<{ manager: string; package: string; version: string; import_check: string | null; notes: string | null; position: number }>(
    await tx.execute(sql`
      SELECT manager, package, version, import_check, notes, position FROM notebook_dependencies
      WHERE run_id = ${runId} ORDER BY position`))
  return rows.map((r) => ({ manager: r.manager, package: r.package, version: r.version, importCheck: r.import_check, notes: r.notes, position: Number(r.position) }))
}

export interface Upserted { position: number; previous?: Dependency }

/**
 * Adds a dependency at the end of the manifest, or updates the one with the same manager and
 * canonical name in place (its position kept; import_check and notes kept unless given anew).
 */
export async function upsertDependency(tx: Tx, runId: string, dep: Omit<Dependency, 'position'>): Promise<Upserted> {
  const existing = (await dependencies(tx, runId)).find((d) => d.manager === dep.manager && d.package === dep.package)
  if (existing) {
    await tx.execute(sql`
      UPDATE notebook_dependencies SET version = ${dep.version},
        import_check = ${dep.importCheck ?? existing.importCheck}, notes = ${dep.notes ?? existing.notes}
      WHERE run_id = ${runId} AND manager = ${dep.manager} AND package = ${dep.package}`)
    return { position: existing.position, previous: existing }
  }
  const [{ last }] = rowsOf<{ last: number }>(await tx.execute(sql`
    SELECT coalesce(max(position), 0) AS last FROM notebook_dependencies WHERE run_id = ${runId}`))
  const position = Number(last) + 1
  await tx.execute(sql`
    INSERT INTO notebook_dependencies (run_id, manager, package, version, import_check, notes, position)
    VALUES (${runId}, ${dep.manager}, ${dep.package}, ${dep.version}, ${dep.importCheck}, ${dep.notes}, ${position})`)
  return { position }
}

export async function markFinalized(tx: Tx, runId: string, notebookPath: string): Promise<void> {
  await tx.execute(sql`
    UPDATE notebook_runs SET status = 'finalized', notebook_path = ${notebookPath}, finalized_at = now(), updated_at = now()
    WHERE id = ${runId}`)
}
