/**
 * Issue 17 item 11: the destructive git forms warn (branch -D, checkout -- . / -f, restore .,
 * push --delete, stash drop / clear), in several spellings, and their harmless neighbours do not.
 * The warning reaches the answer of a real Bash call too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findRisk } from '../../../src/exec/risky.js'
import type { TestApp } from '../../helper.js'
import { buildExecApp } from './helpers.js'

const risky: [command: string, match: string][] = [
  ['git branch -D feature', 'git branch -D'],
  ['git branch -Dr origin/x', 'git branch -Dr'],
  ['git branch --delete --force feature', 'git branch --delete --force'],
  ['git branch -d -f feature', 'git branch -d -f'],
  ['git branch -df feature', 'git branch -df'],
  ['git -C repo branch -D old', 'git -C repo branch -D'],
  ['sudo git branch -D old', 'git branch -D'],
  ['/usr/bin/git branch -D old', 'git branch -D'],
  ['git checkout -- .', 'git checkout -- .'],
  ['git checkout .', 'git checkout .'],
  ['git checkout HEAD -- .', 'git checkout HEAD -- .'],
  ['git checkout -f main', 'git checkout -f'],
  ['git checkout --force main', 'git checkout --force'],
  ['git checkout -qf main', 'git checkout -qf'],
  ['git checkout -- :/', 'git checkout -- :/'],
  ['git restore .', 'git restore .'],
  ['git restore -- .', 'git restore -- .'],
  ['git restore --worktree --staged .', 'git restore --worktree --staged .'],
  ['git restore -SW :/', 'git restore -SW :/'],
  ['git push origin --delete feature', 'git push origin --delete'],
  ['git push -d origin feature', 'git push -d'],
  ['git push origin :feature', 'git push origin :feature'],
  ['git stash drop', 'git stash drop'],
  ['git stash drop stash@{1}', 'git stash drop'],
  ['git stash clear', 'git stash clear'],
  ['ls && git -c core.x=y stash clear', 'git -c core.x=y stash clear'],
]

// Positive controls: the same commands in their harmless forms.
const safe = [
  'git branch -d merged',
  'git branch --delete merged',
  'git branch -a',
  'git branch -f topic HEAD~1 --list',
  'git checkout main',
  'git checkout -b feature',
  'git checkout -- src/one.ts',
  'git checkout feature -- README.md',
  'git restore src/one.ts',
  'git restore --staged .',
  'git restore -S .',
  'git push origin feature',
  'git push origin main:main',
  'git stash',
  'git stash list',
  'git stash pop',
  'git stash show -p',
  'git log --oneline -- .',
  'git diff -- .',
]

describe('destructive git forms', () => {
  it.each(risky)('flags %s', (command, match) => {
    const risk = findRisk(command)
    expect(risk, command).toBeDefined()
    expect(risk!.match).toBe(match)
  })

  it.each(safe)('leaves %s alone', (command) => {
    expect(findRisk(command)).toBeUndefined()
  })

  it('say why', () => {
    expect(findRisk('git branch -D x')!.why).toBe('deletes a branch even if it was never merged')
    expect(findRisk('git checkout -- .')!.why).toBe('throws away uncommitted changes')
    expect(findRisk('git push --delete origin x')!.why).toBe('deletes a remote branch')
    expect(findRisk('git stash clear')!.why).toBe('throws away stashed changes')
  })
})

describe('through Bash', () => {
  let t: TestApp
  let key: string
  beforeAll(async () => {
    t = await buildExecApp()
    key = await t.key(['exec'], 'runner')
  })
  afterAll(async () => t.close())

  it('a dry run of git stash clear answers with the warning; git stash list does not', async () => {
    const headers = { 'x-dry-run': 'true' }
    const risky = await t.call('Bash', { command: 'git stash clear' }, { key, headers })
    expect(risky.statusCode).toBe(200)
    expect(risky.body.messages).toEqual(['Risky command: git stash clear (throws away stashed changes)'])
    const fine = await t.call('Bash', { command: 'git stash list' }, { key, headers })
    expect(fine.body.messages).toEqual([])
  })
})
