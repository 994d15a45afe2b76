/**
 * Subagent definitions as files, in Claude Code's subagent convention: `agents/<name>.md`, YAML
 * front matter (`name`, `description`, `tools` as a comma-separated list or a YAML list, optional
 * `model`) and the system prompt as the body. A folder that cannot be read, or a file that breaks
 * the format, stops the start with a message naming the file and what is wrong.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'

export interface AgentDefinition {
  name: string
  description: string
  /** The tools it may use, by their registered names; `null` when the file lists none (every tool but Task). */
  tools: string[] | null
  /** The model name sent to LLM_BASE_URL; undefined (or `inherit` in the file) means LLM_MODEL. */
  model?: string
  /** The system prompt: the file's body. */
  prompt: string
  /** Where it was read from. */
  file: string
}

export class AgentDefinitionError extends Error {
  constructor(
    public file: string,
    problem: string,
  ) {
    super(`Invalid subagent definition ${file}: ${problem}`)
  }
}

const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/
const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/

/** `name: x` is the file `x.md`: one name per agent, whatever tool or person looks for it. */
export function parseDefinition(text: string, file: string): AgentDefinition {
  const bad = (problem: string): never => {
    throw new AgentDefinitionError(file, problem)
  }
  const match = FRONT_MATTER.exec(text.replace(/^\uFEFF/, ''))
  if (!match) return bad('it must start with YAML front matter between two "---" lines')
  let meta: unknown
  try {
    meta = parseYaml(match[1])
  } catch (e) {
    return bad(`its front matter is not valid YAML: ${(e as Error).message.split('\n')[0]}`)
  }
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return bad('its front matter must be a YAML mapping (name: …, description: …)')
  const fields = meta as Record<string, unknown>
  const name = fields.name
  if (typeof name !== 'string' || !NAME.test(name)) return bad('`name` must be lower-case letters, digits and "-" (at most 64), e.g. general-purpose')
  const expected = path.basename(file, '.md')
  if (name !== expected) bad(`\`name\` is "${name}" but the file is ${expected}.md: name the file after the agent`)
  const description = fields.description
  if (typeof description !== 'string' || description.trim() === '') bad('`description` must say, in a sentence, when to use this agent')
  const prompt = text.slice(match[0].length).trim()
  if (prompt === '') bad('the body (the system prompt) is empty')
  return {
    name,
    description: (description as string).trim(),
    tools: toolList(fields.tools, bad),
    model: modelOf(fields.model, bad),
    prompt,
    file,
  }
}

/** `tools: Read, Grep` or a YAML list; absent or `*` means every tool. */
function toolList(value: unknown, bad: (problem: string) => never): string[] | null {
  if (value === undefined || value === null || value === '*') return null
  const items =
    typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : bad('`tools` must be a comma-separated list or a YAML list of tool names')
  const names = items.map((t) => (typeof t === 'string' ? t.trim() : bad('every entry of `tools` must be a tool name')))
  const listed = names.filter((t) => t !== '')
  if (listed.length === 0) bad('`tools` lists no tool (leave it out to allow every tool)')
  return [...new Set(listed)]
}

function modelOf(value: unknown, bad: (problem: string) => never): string | undefined {
  if (value === undefined || value === null || value === 'inherit') return undefined
  if (typeof value !== 'string' || value.trim() === '') bad('`model` must be a model name (or inherit)')
  return (value as string).trim()
}

/** Every `*.md` of the folder but a README, by name. */
export async function loadDefinitions(dir: string): Promise<AgentDefinition[]> {
  let files: string[]
  try {
    files = (await fs.readdir(dir)).filter((f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md').sort()
  } catch (e) {
    throw new AgentDefinitionError(dir, `the folder cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); check TOOLGATE_AGENTS_DIR`)
  }
  const definitions: AgentDefinition[] = []
  for (const f of files) {
    const file = path.join(dir, f)
    definitions.push(parseDefinition(await fs.readFile(file, 'utf8'), file))
  }
  return definitions
}
