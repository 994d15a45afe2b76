/** Seed 004's glossary tools (search, create, update, delete, each writing revisions) and its context tools: snapshots, summoning, and the explicate protocol as a tool. */
import type { AnyTool } from '../define.js'
import glossarySearch from './search.js'
import glossaryCreate from './create.js'
import glossaryUpdate from './update.js'
import glossaryDelete from './delete.js'
import listSnapshots from './list-snapshots.js'
import summonSnapshot from './summon-snapshot.js'
import summonContinue from './summon-continue.js'
import summonDismiss from './summon-dismiss.js'
import explicate from './explicate.js'

export const glossaryTools: AnyTool[] = [glossarySearch, glossaryCreate, glossaryUpdate, glossaryDelete]
export const contextTools: AnyTool[] = [listSnapshots, summonSnapshot, summonContinue, summonDismiss, explicate]
