/**
 * A repository is hostile input. A key with read and write but no exec plants every way a
 * repository can make git run a program or read elsewhere, then calls the git tools: nothing runs,
 * nothing outside is read. Each attack is first shown to work on plain git (so the test would
 * catch it), and a clean repository beside it keeps working.
 */
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { parseKept } from '../../../src/tools/git/support/safe-config.js'
import { buildGitApp, exists, git, makeRepo } from './helpers.js'

let t: TestApp
let ws: string
let key: string
let outside: string

beforeAll(async () => {
  t = await buildGitApp()
  ws = await fs.realpath(t.workspace)
  key = await t.key(['read', 'write'], 'no-exec')
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-git-outside-')))
})
afterAll(async () => {
  await t.close()
  await fs.rm(outside, { recursive: true, force: true })
})

const call = (tool: string, body: Record<string, unknown>) => t.call(tool, body, { key })

/** A repository whose config (or an included file) makes git run `touch <marker>`. */
async function trap(name: string, config: (marker: string) => string, attributes = '* filter=evil diff=evil\n') {
  const dir = await makeRepo(path.join(ws, name))
  const marker = path.join(ws, `${name}.PWNED`)
  await fs.appendFile(path.join(dir, '.git/config'), config(marker))
  await fs.writeFile(path.join(dir, '.gitattributes'), attributes)
  await fs.writeFile(path.join(dir, 'README.md'), 'changed\n')
  return { dir, marker }
}

const run = (m: string) => `!f() { touch ${m}; cat; }; f`
const ATTACKS: [string, (m: string) => string][] = [
  ['filter-clean', (m) => `[filter "evil"]\n\tclean = "touch ${m}; cat"\n\tsmudge = cat\n`],
  ['filter-process', (m) => `[filter "evil"]\n\tprocess = "touch ${m}"\n\trequired = false\n`],
  ['textconv', (m) => `[diff "evil"]\n\ttextconv = "sh -c 'touch ${m}; cat \\"$1\\"' -"\n`],
  ['external-diff', (m) => `[diff]\n\texternal = "sh -c 'touch ${m}'"\n`],
  ['fsmonitor', (m) => `[core]\n\tfsmonitor = "touch ${m}; echo"\n`],
  ['pager', (m) => `[core]\n\tpager = "touch ${m}; cat"\n[pager]\n\tdiff = "touch ${m}"\n\tstatus = "touch ${m}"\n`],
  ['alias-shadow', (m) => `[alias]\n\tstatus = "${run(m)}"\n`],
]

describe('config that names a program', () => {
  // Concurrent: each case has its own repository, and git's start-up is most of the time.
  it.concurrent.each(ATTACKS)('%s: runs nothing through git_status, git_diff, git_show and git_apply_patch', async (name, config) => {
    const { dir, marker } = await trap(name, config)
    const patch = '--- a/src/app.txt\n+++ b/src/app.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n'
    const calls = [
      ['git_status', { repo_path: name }],
      ['git_diff', { repo_path: name }],
      ['git_show', { repo_path: name, ref: 'HEAD' }],
      ['git_apply_patch', { repo_path: name, patch }],
    ] as const
    const answers = await Promise.all(calls.map(([tool, body]) => call(tool, body)))
    for (const [i, res] of answers.entries()) expect(res.statusCode, `${calls[i][0]}: ${JSON.stringify(res.body)}`).toBe(200)
    expect(await exists(marker)).toBe(false)
    expect(await fs.readFile(path.join(dir, 'src/app.txt'), 'utf8')).toBe('one\nTWO\nthree\n') // the repository still works
  })

  it('a config that is a link is refused with one answer, wherever it leads (inside, outside or nowhere)', async () => {
    const { dir, marker } = await trap('linked-config', ATTACKS[0][1])
    await fs.rename(path.join(dir, '.git/config'), path.join(dir, '.git/real-config'))
    await fs.copyFile(path.join(dir, '.git/real-config'), path.join(outside, 'config'))
    const answers = new Set<string>()
    for (const target of ['real-config', path.join(outside, 'config'), path.join(outside, 'missing-config')]) {
      await fs.rm(path.join(dir, '.git/config'), { force: true })
      await fs.symlink(target, path.join(dir, '.git/config'))
      const res = await call('git_status', { repo_path: 'linked-config' })
      expect(res.statusCode, JSON.stringify(res.body)).toBe(403)
      expect(res.body.error_code).toBe('GIT_UNSAFE_REPOSITORY')
      answers.add(res.body.error_message)
    }
    expect([...answers]).toEqual([
      "The repository's config must be a plain file of at most 1 MiB that git can read, not a symbolic link; git tools only work on repositories kept entirely inside your workspace",
    ])
    expect(await exists(marker)).toBe(false)
    // The same config as a plain file is covered as usual.
    await fs.rm(path.join(dir, '.git/config'))
    await fs.rename(path.join(dir, '.git/real-config'), path.join(dir, '.git/config'))
    const ok = await call('git_status', { repo_path: 'linked-config' })
    expect(ok.statusCode, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.output).toContain('README.md')
    expect(await exists(marker)).toBe(false)
  })

  it('would run on plain git: the attacks are real', async () => {
    const { dir, marker } = await trap('control-filter', ATTACKS[0][1])
    execFileSync('git', ['status', '--porcelain'], { cwd: dir, env: { PATH: process.env.PATH, HOME: dir } })
    git(dir, 'diff', '--stat')
    expect(await exists(marker)).toBe(true)
  })

  it('an include.path or includeIf pulling in such config counts for nothing', async () => {
    const evil = path.join(ws, 'inc-evil.conf')
    const marker = path.join(ws, 'include.PWNED')
    await fs.writeFile(evil, `[filter "evil"]\n\tclean = "touch ${marker}; cat"\n`)
    const { dir } = await trap('include', () => `[include]\n\tpath = ${evil}\n[includeIf "gitdir:/"]\n\tpath = ${evil}\n`)
    expect((await call('git_status', { repo_path: 'include' })).statusCode).toBe(200)
    expect((await call('git_diff', { repo_path: 'include' })).statusCode).toBe(200)
    expect(await exists(marker)).toBe(false)
    expect(await exists(path.join(dir, '.git/config'))).toBe(true)
  })

  it('keeps the inert keys: user.name from the repository still signs commits seen by git_status', async () => {
    const dir = await makeRepo(path.join(ws, 'inert'))
    git(dir, 'config', 'user.name', 'Repo Person')
    git(dir, 'config', 'remote.origin.url', 'https://example.invalid/x.git')
    const res = await call('git_branches', { repo_path: 'inert' })
    expect(res.statusCode).toBe(200)
    expect(res.body.output).toContain('main')
  })
})

describe('hooks', () => {
  it('no hook in .git/hooks or a configured hooksPath runs on commit', async () => {
    const t2 = await buildGitApp({ env: { TOOLGATE_GIT_COMMITS: 'true', TOOLGATE_APPROVAL_SELF: 'allow' } })
    try {
      const ws2 = await fs.realpath(t2.workspace)
      const dir = await makeRepo(path.join(ws2, 'hooked'))
      const marker = path.join(ws2, 'hook.PWNED')
      for (const hook of ['pre-commit', 'commit-msg', 'post-commit', 'prepare-commit-msg']) {
        await fs.writeFile(path.join(dir, '.git/hooks', hook), `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 })
      }
      await fs.mkdir(path.join(dir, 'myhooks'))
      await fs.writeFile(path.join(dir, 'myhooks/pre-commit'), `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 })
      git(dir, 'config', 'core.hooksPath', 'myhooks')
      await fs.writeFile(path.join(dir, 'new.txt'), 'x\n')
      git(dir, 'add', 'new.txt')
      const res = await t2.call('git_commit', { repo_path: 'hooked', message: 'try hooks' })
      if (res.statusCode === 202) {
        const approved = await t2.app.inject({
          method: 'POST',
          url: `/v1/approvals/${res.body.approval_id}/approve`,
          headers: { authorization: `Bearer ${t2.adminKey}` },
        })
        expect(approved.statusCode).toBe(200)
      }
      expect(git(dir, 'log', '--format=%s', '-1').trim()).toBe('try hooks')
      expect(await exists(marker)).toBe(false)
    } finally {
      await t2.close()
    }
  })
})

describe('reaching outside the workspace', () => {
  it.each([
    ['a .git file pointing at another repository', async (d: string, o: string) => fs.writeFile(path.join(d, '.git'), `gitdir: ${o}/.git\n`)],
    ['a relative .git file climbing out', async (d: string, o: string) => fs.writeFile(path.join(d, '.git'), `gitdir: ${path.relative(d, o)}/.git\n`)],
    ['a .git link', async (d: string, o: string) => fs.symlink(path.join(o, '.git'), path.join(d, '.git'))],
  ])('%s is refused 403', async (_name, plant) => {
    const other = await makeRepo(path.join(outside, `other-${Math.random().toString(36).slice(2)}`))
    const dir = path.join(ws, `out-${Math.random().toString(36).slice(2)}`)
    await fs.mkdir(dir)
    await plant(dir, other)
    const res = await call('git_show', { repo_path: path.basename(dir), ref: 'HEAD' })
    expect(res.statusCode).toBe(403)
    expect(res.body.error_code).toBe('GIT_UNSAFE_REPOSITORY')
  })

  it('a commondir or alternates leading outside is refused; inside the workspace they work', async () => {
    const other = await makeRepo(path.join(outside, 'shared'))
    const dir = await makeRepo(path.join(ws, 'borrower'))
    await fs.writeFile(path.join(dir, '.git/objects/info/alternates'), `${other}/.git/objects\n`)
    expect((await call('git_status', { repo_path: 'borrower' })).body.error_code).toBe('GIT_UNSAFE_REPOSITORY')
    const inside = await makeRepo(path.join(ws, 'lender'))
    await fs.writeFile(path.join(dir, '.git/objects/info/alternates'), `${inside}/.git/objects\n`)
    expect((await call('git_status', { repo_path: 'borrower' })).statusCode).toBe(200)

    const wt = await makeRepo(path.join(ws, 'common'))
    await fs.writeFile(path.join(wt, '.git/commondir'), `${other}/.git\n`)
    expect((await call('git_status', { repo_path: 'common' })).statusCode).toBe(403)
  })
})

describe('file tools never write into a git directory', () => {
  it.each([
    ['Write', { file_path: 'clean/.git/config', content: '[core]\n' }],
    ['Write', { file_path: 'clean/.GIT/info/attributes', content: '* filter=x\n' }],
    ['Write', { file_path: 'clean/.git/commondir', content: '/etc\n' }],
    ['Write', { file_path: 'clean/.git/objects/info/alternates', content: '/\n' }],
    ['Write', { file_path: 'newrepo/.git', content: 'gitdir: elsewhere\n' }],
    ['fs_write', { path: 'clean/.git/hooks/pre-commit', content: 'x' }],
    ['fs_mkdir', { path: 'clean/.git/newdir' }],
  ])('%s %j is refused 403', async (tool, body) => {
    // One repository for every case: makeRepo on one that exists would run git's setup again and fail at the tag.
    if (!(await exists(path.join(ws, 'clean')))) await makeRepo(path.join(ws, 'clean'))
    const res = await call(tool, body)
    expect(res.statusCode, JSON.stringify(res.body)).toBe(403)
    expect(res.body.error_code).toBe('PATH_BLOCKED')
  })

  it('a git directory with any name (found by its contents), and one reached through a link', async () => {
    const dir = await makeRepo(path.join(ws, 'named'))
    await fs.rename(path.join(dir, '.git'), path.join(dir, 'store'))
    await fs.writeFile(path.join(dir, '.git'), 'gitdir: store\n')
    await fs.symlink('store', path.join(dir, 'alias'))
    for (const file_path of ['named/store/config', 'named/store/info/attributes', 'named/alias/config', 'named/store/hooks/x']) {
      const res = await call('Write', { file_path, content: '[filter "x"]\n' })
      expect(res.statusCode, file_path).toBe(403)
    }
    const ok = await call('Write', { file_path: 'named/notes.txt', content: 'fine\n' }) // positive control
    expect(ok.statusCode).toBe(200)
  })
})

describe('without the sandbox', () => {
  it('refuses a repository whose config names a program, and serves a clean one', async () => {
    const off = await buildGitApp({ env: { TOOLGATE_SANDBOX: 'off' } })
    try {
      const ws2 = await fs.realpath(off.workspace)
      await makeRepo(path.join(ws2, 'clean'))
      const dir = await makeRepo(path.join(ws2, 'evil'))
      const marker = path.join(ws2, 'off.PWNED')
      await fs.appendFile(path.join(dir, '.git/config'), `[filter "evil"]\n\tclean = "touch ${marker}; cat"\n`)
      await fs.writeFile(path.join(dir, '.gitattributes'), '* filter=evil\n')
      await fs.writeFile(path.join(dir, 'README.md'), 'changed\n')
      const res = await off.call('git_status', { repo_path: 'evil' })
      expect(res.statusCode).toBe(403)
      expect(res.body.error_code).toBe('GIT_UNSAFE_REPOSITORY')
      expect(res.body.error_message).toContain('filter.evil.clean')
      expect(await exists(marker)).toBe(false)
      expect((await off.call('git_status', { repo_path: 'clean' })).statusCode).toBe(200)
    } finally {
      await off.close()
    }
  })

  it('a parse is remembered only when small, and per workspace: a 1 MiB config listing 60 MB is not kept', async () => {
    const dir = await makeRepo(path.join(ws, 'huge-config'))
    await fs.appendFile(path.join(dir, '.git/config'), `[x "${'q'.repeat(110)}"]\n${'b\n'.repeat(400_000)}`)
    const huge = await fs.readFile(path.join(dir, '.git/config'), 'utf8')
    const res = await call('git_status', { repo_path: 'huge-config' })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(parseKept(ws, huge)).toBe(false)
    // positive control: a config of the usual size is kept, for the workspace that read it only
    const usual = await makeRepo(path.join(ws, 'usual-config'))
    await fs.appendFile(path.join(usual, '.git/config'), `[user]\n\tname = ${crypto.randomUUID()}\n`)
    const text = await fs.readFile(path.join(usual, '.git/config'), 'utf8')
    expect((await call('git_status', { repo_path: 'usual-config' })).statusCode).toBe(200)
    expect(parseKept(ws, text)).toBe(true)
    expect(parseKept(outside, text)).toBe(false)
  })

  it('a config changed after a call is read again: parses are remembered by the text, not the repository', async () => {
    const off = await buildGitApp({ env: { TOOLGATE_SANDBOX: 'off' } })
    try {
      const dir = await makeRepo(path.join(await fs.realpath(off.workspace), 'later'))
      expect((await off.call('git_status', { repo_path: 'later' })).statusCode).toBe(200)
      const marker = path.join(dir, 'later.PWNED')
      await fs.appendFile(path.join(dir, '.git/config'), `[core]\n\tfsmonitor = "touch ${marker}; echo"\n`)
      const res = await off.call('git_status', { repo_path: 'later' })
      expect(res.body.error_message).toContain('core.fsmonitor')
      expect(await exists(marker)).toBe(false)
    } finally {
      await off.close()
    }
  })
})

describe('from the attacker review', () => {
  it('a git directory cannot be built piece by piece with file tools', async () => {
    expect((await call('Write', { file_path: 'piece/HEAD', content: 'ref: refs/heads/main\n' })).statusCode).toBe(200) // alone, a plain file
    for (const [tool, body] of [
      ['fs_mkdir', { path: 'piece/refs/heads' }],
      ['fs_mkdir', { path: 'piece/objects' }],
      ['Write', { file_path: 'piece/commondir', content: '..\n' }],
    ] as const) {
      const res = await call(tool, body)
      expect(res.statusCode, `${tool} ${JSON.stringify(body)}`).toBe(403)
      expect(res.body.error_message).toContain('would make its folder a git directory')
    }
    expect((await call('Write', { file_path: 'piece/notes.txt', content: 'ok\n' })).statusCode).toBe(200)
  })

  it('a folder shaped like a bare repository is never taken for one (safe.bareRepository=explicit)', async () => {
    const dir = await makeRepo(path.join(ws, 'host'))
    const fake = path.join(dir, 'fake')
    const marker = path.join(ws, 'bare.PWNED')
    await fs.mkdir(path.join(fake, 'refs/heads'), { recursive: true })
    await fs.mkdir(path.join(fake, 'objects'), { recursive: true })
    await fs.writeFile(path.join(fake, 'HEAD'), 'ref: refs/heads/main\n')
    await fs.writeFile(path.join(fake, 'config'), `[core]\n\tbare = false\n\tworktree = ${dir}\n[filter "pwn"]\n\tclean = "touch ${marker}; cat"\n`)
    await fs.mkdir(path.join(fake, 'info'))
    await fs.writeFile(path.join(fake, 'info/attributes'), '* filter=pwn\n')
    await fs.writeFile(path.join(dir, 'README.md'), 'changed\n')
    const res = await call('git_status', { repo_path: 'host/fake' })
    expect(res.statusCode).toBe(400)
    expect(res.body.error_code).toBe('INVALID_REQUEST')
    expect(await exists(marker)).toBe(false)
    expect((await call('git_status', { repo_path: 'host' })).body.metadata.modified).toContain('README.md') // the real one works
  })

  it('git_apply_patch refuses links however the mode is spelt, and binary sections', async () => {
    await makeRepo(path.join(ws, 'patchee'))
    // git reads a mode as octal and keeps its type bits: any of these is a link (or a submodule).
    for (const mode of ['0120000', '120000', '120755', '0120644', '121000', '160000']) {
      const patch = `diff --git a/lnk b/lnk\nnew file mode ${mode}\n--- /dev/null\n+++ b/lnk\n@@ -0,0 +1 @@\n+/etc\n\\ No newline at end of file\n`
      const res = await call('git_apply_patch', { repo_path: 'patchee', patch })
      expect(res.statusCode, mode).toBe(403)
      expect(await exists(path.join(ws, 'patchee/lnk')), mode).toBe(false)
    }
    const change = 'diff --git a/README.md b/README.md\nold mode 100644\nnew mode 120755\n'
    expect((await call('git_apply_patch', { repo_path: 'patchee', patch: change })).statusCode).toBe(403)
    expect((await fs.lstat(path.join(ws, 'patchee/README.md'))).isFile()).toBe(true)
    // positive control: regular files, executable or not
    for (const [name, mode] of [
      ['run.sh', '100755'],
      ['plain.txt', '100644'],
    ]) {
      const patch = `diff --git a/${name} b/${name}\nnew file mode ${mode}\n--- /dev/null\n+++ b/${name}\n@@ -0,0 +1 @@\n+hi\n`
      const res = await call('git_apply_patch', { repo_path: 'patchee', patch })
      expect(res.statusCode, `${mode} ${JSON.stringify(res.body)}`).toBe(200)
      expect((await fs.lstat(path.join(ws, 'patchee', name))).isFile()).toBe(true)
    }
    const binary =
      'diff --git a/.env b/.env\nnew file mode 100644\nindex 0000000..2e65efe\nGIT binary patch\nliteral 1\nIcmZPo000310RR91\n\nliteral 0\nHcmV?d00001\n\n' +
      'diff --git a/README.md b/README.md\n--- a/README.md\n+++ b/README.md\n@@ -1,2 +1,2 @@\n hello\n-world\n+there\n'
    const res = await call('git_apply_patch', { repo_path: 'patchee', patch: binary })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(await exists(path.join(ws, 'patchee/.env'))).toBe(false)
    expect(await fs.readFile(path.join(ws, 'patchee/README.md'), 'utf8')).toBe('hello\nworld\n')
  })

  it('git_apply_patch never builds a git directory out of the files of one patch', async () => {
    await makeRepo(path.join(ws, 'builder'))
    const file = (p: string) => `diff --git a/${p} b/${p}\nnew file mode 100644\n--- /dev/null\n+++ b/${p}\n@@ -0,0 +1 @@\n+x\n`
    for (const names of [
      ['store/HEAD', 'store/objects/info/keep'],
      ['store/objects/info/keep', 'store/refs/heads/keep', 'store/HEAD', 'store/config'],
      ['store/head', 'store/Objects/x'],
      ['store/HEAD', 'store/commondir'],
    ]) {
      const res = await call('git_apply_patch', { repo_path: 'builder', patch: names.map(file).join('') })
      expect(res.statusCode, names.join()).toBe(403)
      expect(res.body.details?.rule, names.join()).toBe('git-dir')
      expect(await exists(path.join(ws, 'builder/store')), names.join()).toBe(false)
    }
    // positive control: the same names in different folders
    const res = await call('git_apply_patch', { repo_path: 'builder', patch: [file('a/HEAD'), file('b/objects/x')].join('') })
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
  })

  it('a submodule configured to run a filter is never entered, whatever .gitmodules says', async () => {
    const lib = await makeRepo(path.join(outside, 'lib'))
    const dir = await makeRepo(path.join(ws, 'super'))
    git(dir, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', lib, 'lib')
    git(dir, 'commit', '-qm', 'add lib')
    const marker = path.join(ws, 'submodule.PWNED')
    const subGit = path.join(dir, '.git/modules/lib')
    await fs.appendFile(path.join(subGit, 'config'), `[filter "evil"]\n\tclean = "touch ${marker}; cat"\n`)
    await fs.writeFile(path.join(dir, 'lib/.gitattributes'), '* filter=evil\n')
    // The same size as before, so that git must hash it (through the filter) to know it changed.
    await fs.writeFile(path.join(dir, 'lib/README.md'), 'HELLO\nWORLD\n')
    for (const tool of ['git_status', 'git_diff']) expect((await call(tool, { repo_path: 'super' })).statusCode).toBe(200)
    expect(await exists(marker)).toBe(false)
    // `ignore` in .gitmodules (the repository's own file) overrides diff.ignoreSubmodules, not the command line.
    for (const ignore of ['none', 'untracked', 'dirty']) {
      const gitmodules = await fs.readFile(path.join(dir, '.gitmodules'), 'utf8')
      await fs.writeFile(path.join(dir, '.gitmodules'), `${gitmodules.replace(/\tignore = .*\n/, '')}\tignore = ${ignore}\n`)
      for (const [tool, body] of [
        ['git_status', {}],
        ['git_diff', {}],
        ['git_diff', { rev: 'HEAD~1' }],
        ['git_diff', { paths: ['lib'] }],
      ] as const) {
        const res = await call(tool, { repo_path: 'super', ...body })
        expect(res.statusCode, `${ignore} ${tool} ${JSON.stringify(body)} ${JSON.stringify(res.body)}`).toBe(200)
        expect(await exists(marker), `${ignore} ${tool} ${JSON.stringify(body)}`).toBe(false)
      }
    }
    // would run on plain git: the attack is real
    execFileSync('git', ['-c', `submodule.lib.ignore=none`, 'status'], { cwd: dir, env: { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' } })
    expect(await exists(marker)).toBe(true)
  })

  it('git_commit never enters a submodule either: its dry run and a commit with nothing staged run nothing, sandbox on or off', async () => {
    for (const mode of ['bwrap', 'off']) {
      const t2 = await buildGitApp({ env: { TOOLGATE_GIT_COMMITS: 'true', TOOLGATE_APPROVAL_SELF: 'allow', TOOLGATE_SANDBOX: mode } })
      try {
        const ws2 = await fs.realpath(t2.workspace)
        const key2 = await t2.key(['read', 'write', 'approve'], 'no-exec')
        const lib = await makeRepo(path.join(outside, `lib-${mode}`))
        const dir = await makeRepo(path.join(ws2, 'super'))
        git(dir, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', lib, 'lib')
        await fs.appendFile(path.join(dir, '.gitmodules'), '\tignore = none\n')
        git(dir, 'commit', '-qam', 'add lib')
        git(dir, 'config', '--remove-section', 'submodule.lib') // the main config is inert: sandbox off serves it
        const marker = path.join(outside, `commit-${mode}.PWNED`)
        await fs.appendFile(path.join(dir, '.git/modules/lib/config'), `[filter "evil"]\n\tclean = "touch ${marker}; cat"\n`)
        await fs.writeFile(path.join(dir, 'lib/.gitattributes'), '* filter=evil\n')
        await fs.writeFile(path.join(dir, 'lib/README.md'), 'HELLO\nWORLD\n')
        const dry = await t2.call('git_commit', { repo_path: 'super', message: 'x' }, { key: key2, headers: { 'x-dry-run': 'true' } })
        expect(dry.body, mode).toMatchObject({ success: false, output: '[Dry Run] Nothing to commit: stage changes first, or pass all=true' })
        const held = await t2.call('git_commit', { repo_path: 'super', message: 'x' }, { key: key2 })
        const result =
          held.statusCode === 202
            ? (
                await t2.app.inject({
                  method: 'POST',
                  url: `/v1/approvals/${held.body.approval_id}/approve`,
                  headers: { authorization: `Bearer ${t2.adminKey}` },
                })
              ).json().result
            : held.body
        expect(result, mode).toMatchObject({ success: false, metadata: { committed: false, returncode: null } })
        expect(await exists(marker), mode).toBe(false)
        // positive control: a staged change is committed, and the submodule is still not entered
        await fs.writeFile(path.join(dir, 'top.txt'), 'top\n')
        git(dir, 'add', 'top.txt')
        const dry2 = await t2.call('git_commit', { repo_path: 'super', message: 'y' }, { key: key2, headers: { 'x-dry-run': 'true' } })
        expect(dry2.body.output, mode).toBe('[Dry Run] Would commit:\n\tnew file:   top.txt')
        expect(await exists(marker), mode).toBe(false)
        // would run on plain git: the attack is real
        execFileSync('git', ['commit', '--dry-run', '-m', 'x'], { cwd: dir, env: { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' } })
        expect(await exists(marker), mode).toBe(true)
      } finally {
        await t2.close()
      }
    }
  })
})
