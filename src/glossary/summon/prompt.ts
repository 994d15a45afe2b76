/**
 * The summoned agent's prompt: who it is (the annotation agent as it was at the snapshot's thread
 * position, read-only), what it knows (the context gathered for the question), then the dialogue
 * so far, turn by turn, and the new message.
 */
import type { ChatMessage } from '../../llm/types.js'
import type { SnapshotRow } from '../snapshots/store.js'
import { escapeAttr, escapeText } from '../../lib/xml.js'
import type { SummonContext } from './context.js'

export interface DialogueTurn {
  message: string
  response: string
}

function glossaryBlock(ctx: SummonContext): string {
  const shown =
    ctx.entries.length < ctx.entriesTotal
      ? ` shown="${ctx.entries.length}" note="only the entries most relevant to the question fit; the others exist but are not shown"`
      : ''
  const entries = ctx.entries.map(
    (e) =>
      `<entry id="${e.entryId}" term="${escapeAttr(e.term)}" status="${escapeAttr(e.status)}" tags="${escapeAttr(e.tags.join(','))}">\n${escapeText(e.definition)}\n</entry>`,
  )
  return `<glossary entry_count="${ctx.entriesTotal}"${shown}>\n${entries.join('\n')}\n</glossary>`
}

function postsBlock(ctx: SummonContext): string {
  if (ctx.posts.length === 0) return '<posts_read>\n(no post you read by then bears on this question)\n</posts_read>'
  const posts = ctx.posts.map(
    (p) =>
      `<post id="${p.id}" thread_id="${p.threadId}" thread_position="${p.position}" author="${escapeAttr(p.author)}" timestamp="${p.timestamp}">\n` +
      `${escapeText(p.body)}${p.truncated ? '\n[…post continues]' : ''}\n</post>`,
  )
  return `<posts_read note="the posts you had read by then that bear most on the question">\n${posts.join('\n')}\n</posts_read>`
}

export function systemPrompt(snapshot: SnapshotRow, ctx: SummonContext): string {
  return [
    `You are the glossary annotation agent as you were at thread position ${snapshot.thread_position}` +
      `${snapshot.thread_id !== null ? ` (thread ${snapshot.thread_id})` : ''}, summoned from snapshot ${snapshot.id} (${snapshot.type}, taken ${snapshot.created_at}).`,
    'Your present-day successor is asking you about your work. You are read-only: you cannot create, update or delete entries, and you do not call tools.',
    `You know only the glossary as it stood then and the posts you had read up to that position, given below; you know nothing that was read later. ` +
      'Answer from this knowledge, in the first person, citing entry terms and post ids where they support you. When it does not cover the question, say so rather than guess.',
    glossaryBlock(ctx),
    postsBlock(ctx),
  ].join('\n\n')
}

export function dialogueMessages(system: string, turns: readonly DialogueTurn[], message: string): ChatMessage[] {
  return [
    { role: 'system', content: system },
    ...turns.flatMap((t): ChatMessage[] => [
      { role: 'user', content: t.message },
      { role: 'assistant', content: t.response },
    ]),
    { role: 'user', content: message },
  ]
}
