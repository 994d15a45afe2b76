/**
 * Seed 003: a run's artifacts go under `artifacts/<run_id>/` in the workspace. The run record is
 * written there (run.json) each time the run pauses or ends. It is a write into the caller's
 * workspace, so it is made only for keys with the `write` scope and never on a dry run; otherwise
 * the record stays in the database only (GET /v1/workflow-runs/{id}) and the answer says why.
 */
import type { Caller } from '../tools/define.js'
import { writeFileInside, type BlockPolicy } from '../workspace/index.js'
import type { RunRecord } from './record.js'

export const ARTIFACTS_DIR = 'artifacts'

export type ArtifactResult = { written: string } | { skipped: string }

export async function writeRunRecord(caller: Caller, record: RunRecord, opts: { dryRun: boolean; policy: BlockPolicy }): Promise<ArtifactResult> {
  if (opts.dryRun) return { skipped: 'a dry run writes no artifacts' }
  if (!caller.scopes.includes('write')) return { skipped: `the key has no "write" scope, so artifacts/${record.id}/ is not written` }
  const rel = `${ARTIFACTS_DIR}/${record.id}/run.json`
  try {
    await writeFileInside(caller.workspace, rel, `${JSON.stringify(record, null, 2)}\n`, { createParents: true, policy: opts.policy })
    return { written: rel }
  } catch (err) {
    return { skipped: `${rel} could not be written: ${(err as Error).message}` }
  }
}
