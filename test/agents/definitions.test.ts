/**
 * Subagent definition files: Claude Code's format (YAML front matter, the body as the system
 * prompt), the shipped four, and the clear refusals of a file that breaks the format.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { AgentDefinitionError, loadDefinitions, parseDefinition } from '../../src/agents/definitions.js'
import { SHIPPED_AGENTS_DIR } from '../../src/config.js'
import { allTools } from '../../src/tools/index.js'

const file = (front: string, body = 'You are a test agent.') => `---\n${front}\n---\n${body}\n`

function problem(text: string, name = 'x.md'): string {
  try {
    parseDefinition(text, name)
  } catch (e) {
    expect(e).toBeInstanceOf(AgentDefinitionError)
    return (e as Error).message
  }
  throw new Error('expected the definition to be refused')
}

describe('parseDefinition', () => {
  it('reads name, description, a comma-separated tools list and the body as the prompt', () => {
    const d = parseDefinition(file('name: reader\ndescription: Reads files.\ntools: Read, Grep ,Glob', '\nRead carefully.\n\nThen answer.\n'), '/a/reader.md')
    expect(d).toEqual({
      name: 'reader',
      description: 'Reads files.',
      tools: ['Read', 'Grep', 'Glob'],
      model: undefined,
      prompt: 'Read carefully.\n\nThen answer.',
      file: '/a/reader.md',
    })
  })

  it('reads a YAML list of tools, a model, and `inherit` as no model', () => {
    expect(parseDefinition(file('name: x\ndescription: d\ntools:\n  - Read\n  - notebook.finalize\nmodel: gpt-4o-mini'), 'x.md')).toMatchObject({
      tools: ['Read', 'notebook.finalize'],
      model: 'gpt-4o-mini',
    })
    expect(parseDefinition(file('name: x\ndescription: d\nmodel: inherit'), 'x.md').model).toBeUndefined()
  })

  it('reads no tools (or `*`) as every tool, and ignores keys it does not know (color)', () => {
    expect(parseDefinition(file('name: x\ndescription: d\ncolor: blue'), 'x.md').tools).toBeNull()
    expect(parseDefinition(file("name: x\ndescription: d\ntools: '*'"), 'x.md').tools).toBeNull()
  })

  it('refuses a file that breaks the format, naming the file and the problem', () => {
    expect(problem('name: x\n\nno front matter')).toBe('Invalid subagent definition x.md: it must start with YAML front matter between two "---" lines')
    expect(problem(file('name: [x'))).toMatch(/^Invalid subagent definition x\.md: its front matter is not valid YAML/)
    expect(problem(file('- a list'))).toContain('must be a YAML mapping')
    expect(problem(file('name: Bad Name\ndescription: d'))).toContain('`name` must be lower-case letters')
    expect(problem(file('name: other\ndescription: d'))).toContain('`name` is "other" but the file is x.md')
    expect(problem(file('name: x'))).toContain('`description` must say')
    expect(problem(file('name: x\ndescription: d', '  \n'))).toContain('the body (the system prompt) is empty')
    expect(problem(file('name: x\ndescription: d\ntools: 42'))).toContain('`tools` must be a comma-separated list or a YAML list')
    expect(problem(file('name: x\ndescription: d\ntools: " , "'))).toContain('`tools` lists no tool')
    expect(problem(file('name: x\ndescription: d\ntools: [Read, 3]'))).toContain('every entry of `tools` must be a tool name')
    expect(problem(file('name: x\ndescription: d\nmodel: 3'))).toContain('`model` must be a model name')
  })
})

describe('loadDefinitions', () => {
  it('loads the shipped four, whose tools are all real tools, each with a real prompt', async () => {
    const defs = await loadDefinitions(SHIPPED_AGENTS_DIR)
    expect(defs.map((d) => d.name)).toEqual(['curator', 'general-purpose', 'glossary-annotator', 'notebook-author'])
    const names = new Set(allTools.map((t) => t.name))
    for (const d of defs) {
      expect(d.tools, d.name).not.toBeNull()
      for (const tool of d.tools!) expect(names.has(tool), `${d.name} lists ${tool}`).toBe(true)
      expect(d.prompt.length, d.name).toBeGreaterThan(1500)
      expect(d.tools, d.name).not.toContain('Task')
    }
    const byName = Object.fromEntries(defs.map((d) => [d.name, d]))
    // Seed 004: search before creating; new entries stay tentative for the curator.
    expect(byName['glossary-annotator'].prompt).toContain('Search before you create')
    expect(byName['glossary-annotator'].tools).toEqual(expect.arrayContaining(['read_post', 'glossary_search', 'glossary_create', 'glossary_update']))
    expect(byName['glossary-annotator'].tools).not.toContain('glossary_delete')
    // Seed 000: validate and revise until meetsStandards.
    expect(byName['notebook-author'].prompt).toContain('meetsStandards')
    expect(byName['notebook-author'].tools).toEqual(expect.arrayContaining(['notebook.finalize', 'validator.run_quality', 'NotebookEdit']))
    expect(byName.curator.tools).toEqual(expect.arrayContaining(['glossary_update', 'explicate']))
  })

  it('skips a README and files that are not .md; refuses a folder that cannot be read', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tg-agents-'))
    await fs.writeFile(path.join(dir, 'README.md'), '# About these agents\n')
    await fs.writeFile(path.join(dir, 'notes.txt'), 'not an agent')
    await fs.writeFile(path.join(dir, 'solo.md'), file('name: solo\ndescription: Alone.'))
    expect((await loadDefinitions(dir)).map((d) => d.name)).toEqual(['solo'])
    await expect(loadDefinitions(path.join(dir, 'missing'))).rejects.toThrow(/the folder cannot be read \(ENOENT\); check TOOLGATE_AGENTS_DIR/)
    await fs.rm(dir, { recursive: true })
  })
})
