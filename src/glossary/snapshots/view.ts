/**
 * A snapshot as seed 004's list shows it (`<snapshot id type thread thread_position entry_count
 * tokens created/>`), shared by list_snapshots and the /v1/snapshots routes.
 */
import { Type } from 'typebox'
import type { SnapshotRow } from './store.js'
import { StringEnum } from '../../tools/schema.js'
import { isoSeconds } from '../../lib/iso-seconds.js'

export const SnapshotView = Type.Object({
  id: Type.Integer({ description: 'Snapshot id' }),
  type: StringEnum(['checkpoint', 'curator_fork', 'manual'], { description: 'How the snapshot was taken' }),
  thread: Type.Union([Type.Integer(), Type.Null()], { description: 'Corpus thread id it was taken at (null when none was given)' }),
  thread_position: Type.Integer({ description: 'Position in reading order of the last thread the frozen state had read' }),
  entry_count: Type.Integer({ description: 'Glossary entries frozen' }),
  tokens: Type.Integer({ description: 'Estimated tokens of the frozen glossary (characters / 4)' }),
  created: Type.String({ format: 'date-time', description: 'When it was taken (UTC, seconds)' }),
})

export interface SnapshotViewT {
  id: number
  type: SnapshotRow['type']
  thread: number | null
  thread_position: number
  entry_count: number
  tokens: number
  created: string
}

export function snapshotView(s: SnapshotRow): SnapshotViewT {
  return {
    id: s.id,
    type: s.type,
    thread: s.thread_id,
    thread_position: s.thread_position,
    entry_count: s.entry_count,
    tokens: s.token_count,
    created: isoSeconds(new Date(s.created_at)),
  }
}
