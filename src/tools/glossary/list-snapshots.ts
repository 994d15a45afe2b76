/** Seed 004 `list_snapshots`: the snapshots taken, newest first, by thread and type. */
import { Type } from 'typebox'
import { listSnapshots } from '../../glossary/snapshots/store.js'
import { el } from '../../lib/xml.js'
import { defineTool } from '../define.js'
import { StringEnum } from '../schema.js'
import { SnapshotView, snapshotView } from '../../glossary/snapshots/view.js'

export default defineTool({
  name: 'list_snapshots',
  toolset: 'glossary',
  category: 'CONTEXT',
  description:
    'Query available snapshots: frozen glossary states at thread positions (checkpoint, curator_fork, manual), newest first. Use a snapshot id with summon_snapshot.',
  input: Type.Object({
    thread_id: Type.Optional(Type.Integer({ description: 'Filter to snapshots from this thread', minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    snapshot_type: Type.Optional(
      StringEnum(['checkpoint', 'curator_fork', 'manual', 'all'], { description: '`checkpoint` | `curator_fork` | `manual` | `all`', default: 'all' }),
    ),
    limit: Type.Optional(Type.Integer({ description: 'Maximum results (default: 20)', default: 20, minimum: 1, maximum: 100 })),
  }),
  examples: [{ summary: 'Checkpoints of one thread', value: { thread_id: 30265890, snapshot_type: 'checkpoint', limit: 10 } }],
  output: Type.Object({
    count: Type.Integer({ description: 'Snapshots returned' }),
    snapshots: Type.Array(SnapshotView, { description: 'Newest first' }),
  }),
  scope: 'read',
  annotations: { title: 'List snapshots', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async execute({ thread_id: threadId, snapshot_type: type = 'all', limit = 20 }, ctx) {
    const rows = await listSnapshots(ctx.services.db, { threadId, type: type === 'all' ? undefined : type, limit })
    const snapshots = rows.map(snapshotView)
    return { count: snapshots.length, snapshots }
  },
  xml: (out) =>
    el(
      'snapshots',
      { count: out.count },
      ...out.snapshots.map((s) =>
        el('snapshot', {
          id: s.id,
          type: s.type,
          thread: s.thread,
          thread_position: s.thread_position,
          entry_count: s.entry_count,
          tokens: s.tokens,
          created: s.created,
        }),
      ),
    ),
})
