/** The git tools as providers see them: seed 003's parameters, toolset codex, category GIT. */
import { describe, expect, it } from 'vitest'
import { toOpenAI } from '../../../src/exports/openai.js'
import { gitTools } from '../../../src/tools/git/index.js'

const params = (name: string) => toOpenAI(gitTools.find((t) => t.name === name)!).function.parameters as any

describe('git tool schemas', () => {
  it('take the parameters of seed 003', () => {
    const shape = Object.fromEntries(gitTools.map((t) => [t.name, [Object.keys(params(t.name).properties), params(t.name).required ?? []]]))
    expect(shape).toEqual({
      git_status: [['repo_path'], []],
      git_diff: [['repo_path', 'rev', 'paths'], []],
      git_show: [['repo_path', 'ref'], ['ref']],
      git_apply_patch: [['repo_path', 'patch', 'check'], ['patch']],
      git_branches: [['repo_path', 'all'], []],
      git_commit: [['repo_path', 'message', 'all'], ['message']],
    })
    expect(params('git_status').properties.repo_path).toMatchObject({ type: 'string', default: '.' })
    expect(params('git_apply_patch').properties.check).toMatchObject({ type: 'boolean', default: true })
    expect(params('git_branches').properties.all).toMatchObject({ type: 'boolean', default: false })
  })

  it('sit in codex / GIT with read scope for reads and write for changes', () => {
    expect(gitTools.map((t) => [t.name, t.toolset, t.category, t.scope])).toEqual([
      ['git_status', 'codex', 'GIT', 'read'],
      ['git_diff', 'codex', 'GIT', 'read'],
      ['git_show', 'codex', 'GIT', 'read'],
      ['git_apply_patch', 'codex', 'GIT', 'write'],
      ['git_branches', 'codex', 'GIT', 'read'],
      ['git_commit', 'codex', 'GIT', 'write'],
    ])
  })

  it('git_commit asks for approval only when commits are enabled', () => {
    const commit = gitTools.find((t) => t.name === 'git_commit')!
    const decide = commit.approval as (a: unknown, c: unknown) => { required: boolean }
    expect(decide({ message: 'm' }, { gitCommits: false })).toEqual({ required: false })
    expect(decide({ message: 'm\nbody' }, { gitCommits: true })).toEqual({ required: true, reason: 'git commit in .: m' })
  })
})
