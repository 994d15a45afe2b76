/**
 * Plays subagents on the scripted LLM: each request is answered by the role whose pattern matches
 * the task prompt (the first user message), from what the conversation holds so far: the turn
 * number and the tool results that came back. So a test scripts what a model would do ("read the
 * post, search, then create or update depending on what the search found") rather than a fixed
 * list of replies, and workflows whose agent steps run in an order the test does not fix still
 * get the right answers. A request no role matches is answered with a marker and listed in
 * `unmatched`, which `assertPlayed()` reports.
 */
import type { StandInRequest } from './llm-stand-in.js'
import { readSent, type ScriptedToolCall, type ScriptedTurn, type ScriptStep } from './scripted-llm.js'

export interface Conversation {
  /** The task: the first user message. */
  prompt: string
  system: string
  /** Model turns already taken in this conversation (0 for its first request). */
  turn: number
  /** Tool names offered. */
  offered: string[]
  /** Results of the tool calls of the last turn, in call order, parsed as JSON when they are. */
  last: any[]
  /** Every tool result so far, in order. */
  results: any[]
}

export interface Role {
  /** Tested against the task prompt. */
  match: RegExp
  play(c: Conversation, m: RegExpMatchArray): ScriptedTurn
}

export interface AgentPlayer {
  script: ScriptStep[]
  /** Prompts of requests no role matched. */
  unmatched: string[]
  /** The task prompts of each conversation's first request, in order. */
  tasks: string[]
  assertPlayed(): void
}

export function conversationOf(req: StandInRequest): Conversation {
  const sent = readSent(req)
  const prompt = sent.messages.find((m) => m.role === 'user')?.content ?? ''
  const turn = sent.messages.filter((m) => m.role === 'assistant').length
  const lastAssistant = sent.messages.map((m) => m.role).lastIndexOf('assistant')
  const parse = (m: { content: string | null }) => {
    try {
      return JSON.parse(m.content ?? '')
    } catch {
      return m.content
    }
  }
  const tools = (from: number) =>
    sent.messages
      .slice(from)
      .filter((m) => m.role === 'tool')
      .map(parse)
  return {
    prompt,
    system: sent.system ?? '',
    turn,
    offered: sent.toolNames,
    last: lastAssistant < 0 ? [] : tools(lastAssistant + 1),
    results: tools(0),
  }
}

/** A script of `turns` replies, each played by the matching role. */
export function agentPlayer(roles: Role[], turns = 400): AgentPlayer {
  const unmatched: string[] = []
  const tasks: string[] = []
  const reply = (req: StandInRequest): ScriptedTurn => {
    const c = conversationOf(req)
    if (c.turn === 0) tasks.push(c.prompt)
    for (const role of roles) {
      const m = c.prompt.match(role.match)
      if (m) return role.play(c, m)
    }
    unmatched.push(c.prompt.slice(0, 200))
    return { answer: 'agent-player: no role for this task' }
  }
  return {
    script: Array.from({ length: turns }, () => reply),
    unmatched,
    tasks,
    assertPlayed() {
      if (unmatched.length) throw new Error(`agent-player: no role matched ${unmatched.length} task(s): ${unmatched.join(' | ')}`)
    },
  }
}

/** A turn of tool calls. */
export const calls = (...list: ScriptedToolCall[]): ScriptedTurn => ({ toolCalls: list })
export const call = (name: string, args: unknown): ScriptedToolCall => ({ name, arguments: args })
export const answer = (text: string): ScriptedTurn => ({ answer: text })

/** The JSON value written after `label` in a prompt (workflows interpolate lists and objects as JSON). */
export function jsonAfter(prompt: string, label: string): any {
  const at = prompt.indexOf(label)
  if (at < 0) throw new Error(`agent-player: "${label}" is not in the prompt`)
  const rest = prompt.slice(at + label.length).trimStart()
  const open = rest[0]
  const close = open === '[' ? ']' : open === '{' ? '}' : undefined
  if (!close) throw new Error(`agent-player: no JSON after "${label}"`)
  // The JSON value runs to its matching bracket (strings may hold brackets).
  let depth = 0
  let quoted = false
  for (let i = 0; i < rest.length; i++) {
    const ch = rest[i]
    if (quoted) {
      if (ch === '\\') i++
      else if (ch === '"') quoted = false
    } else if (ch === '"') quoted = true
    else if (ch === '[' || ch === '{') depth++
    else if (ch === ']' || ch === '}') {
      if (--depth === 0) return JSON.parse(rest.slice(0, i + 1))
    }
  }
  throw new Error(`agent-player: unterminated JSON after "${label}"`)
}
