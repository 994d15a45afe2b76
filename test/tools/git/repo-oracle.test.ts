/**
 * The server-side repository checks (src/tools/git/support/repo.ts) run outside the sandbox, so a
 * caller who plants files in a repository could ask them about the host: a `commondir`, a `.git`
 * file, a linked config, git data files that are links, or alternates (quoted, or those of an
 * alternate store) naming a host path must get the same answer whether that
 * path exists or not. Each spelling is planted twice, once with its outside target present and
 * once with it missing, and the two answers compared; repositories kept inside keep working.
 */
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../helper.js'
import { buildGitApp, git, makeRepo } from './helpers.js'

let outside: string

beforeAll(async () => {
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'tg-git-oracle-')))
})
afterAll(async () => {
  await fs.rm(outside, { recursive: true, force: true })
})

/** An outside place for `name`: a repository's git folder, made only when `present`. */
async function outsideGitDir(name: string, present: boolean): Promise<string> {
  if (present) await makeRepo(path.join(outside, name))
  return path.join(outside, name, '.git')
}

/** Plants one spelling in the repository folder `dir` of the workspace `ws`, its outside target made only when `present`. */
type Plant = (ws: string, dir: string, name: string, present: boolean) => Promise<void>

const SPELLINGS: [string, Plant][] = [
  [
    'a commondir naming an outside folder',
    async (_ws, dir, name, present) => {
      await makeRepo(dir)
      await fs.writeFile(path.join(dir, '.git/commondir'), `${await outsideGitDir(name, present)}\n`)
    },
  ],
  [
    'a commondir climbing out with ..',
    async (_ws, dir, name, present) => {
      await makeRepo(dir)
      await fs.writeFile(path.join(dir, '.git/commondir'), `${path.relative(path.join(dir, '.git'), await outsideGitDir(name, present))}\n`)
    },
  ],
  [
    'a commondir through a workspace link that leads out',
    async (ws, dir, name, present) => {
      await makeRepo(dir)
      await outsideGitDir(name, present)
      await fs.symlink(path.join(outside, name), path.join(ws, `${name}-door`))
      await fs.writeFile(path.join(dir, '.git/commondir'), `${path.join(ws, `${name}-door`, '.git')}\n`)
    },
  ],
  [
    'a commondir through a link that leaves and climbs back in',
    async (ws, dir, name, present) => {
      const lender = await makeRepo(path.join(ws, `${name}-lender`))
      if (present) await fs.mkdir(path.join(outside, name))
      const back = `${outside}/${name}/../${path.relative(outside, path.join(lender, '.git'))}` // not normalised: the kernel must see `..`
      await fs.symlink(back, path.join(ws, `${name}-door`))
      await makeRepo(dir)
      await fs.writeFile(path.join(dir, '.git/commondir'), `${path.join(ws, `${name}-door`)}\n`)
    },
  ],
  [
    'a .git file whose gitdir: names an outside folder',
    async (_ws, dir, name, present) => {
      await fs.mkdir(dir)
      await fs.writeFile(path.join(dir, '.git'), `gitdir: ${await outsideGitDir(name, present)}\n`)
    },
  ],
  [
    'a .git/config that is a link to an outside file',
    async (_ws, dir, name, present) => {
      await makeRepo(dir)
      const target = path.join(outside, `${name}.config`)
      if (present) await fs.writeFile(target, '[core]\n\tbare = false\n')
      await fs.rm(path.join(dir, '.git/config'))
      await fs.symlink(target, path.join(dir, '.git/config'))
    },
  ],
  [
    'an alternates store through a workspace link that leads out',
    async (ws, dir, name, present) => {
      await makeRepo(dir)
      await outsideGitDir(name, present)
      await fs.symlink(path.join(outside, name), path.join(ws, `${name}-door`))
      await fs.writeFile(path.join(dir, '.git/objects/info/alternates'), `${path.join(ws, `${name}-door`, '.git/objects')}\n`)
    },
  ],
  ...(['packed-refs', 'shallow', 'info/attributes'] as const).map((file): [string, Plant] => [
    `a .git/${file} that is a link to an outside file`,
    async (_ws, dir, name, present) => {
      await makeRepo(dir)
      const target = path.join(outside, `${name}.data`)
      if (present) await fs.writeFile(target, 'root:x:0:0:root:/root:/bin/bash\n')
      await fs.mkdir(path.join(dir, '.git/info'), { recursive: true })
      await fs.symlink(target, path.join(dir, '.git', file))
    },
  ]),
  [
    'alternates naming an outside store in C quotes (\\057 for /)',
    async (_ws, dir, name, present) => {
      await makeRepo(dir)
      const store = path.join(await outsideGitDir(name, present), 'objects')
      await fs.writeFile(path.join(dir, '.git/objects/info/alternates'), `"${store.replaceAll('/', '\\057')}"\n`)
    },
  ],
  [
    'alternates naming an inside store whose own alternates lead out',
    async (ws, dir, name, present) => {
      const lender = await makeRepo(path.join(ws, `${name}-lender`))
      await fs.writeFile(path.join(lender, '.git/objects/info/alternates'), `${path.join(await outsideGitDir(name, present), 'objects')}\n`)
      await makeRepo(dir)
      await fs.writeFile(path.join(dir, '.git/objects/info/alternates'), `${path.join(lender, '.git/objects')}\n`)
    },
  ],
]

describe.each([
  ['sandboxed', {}],
  ['without the sandbox', { TOOLGATE_SANDBOX: 'off' }],
])('%s', (mode, env: Record<string, string>) => {
  let t: TestApp
  let ws: string
  let key: string

  beforeAll(async () => {
    t = await buildGitApp({ env })
    ws = await fs.realpath(t.workspace)
    key = await t.key(['read', 'write'], 'no-exec')
  })
  afterAll(async () => {
    await t.close()
  })

  const status = (repo_path: string) => t.call('git_status', { repo_path }, { key })
  const slug = (s: string) => `${mode}-${s}`.replace(/[^a-z0-9]+/gi, '-')

  it.each(SPELLINGS)('%s: one 403 answer whether the outside target exists or not', async (spelling, plant) => {
    const answers = []
    for (const present of [true, false]) {
      const name = `${slug(spelling)}-${present ? 'there' : 'gone'}`
      await plant(ws, path.join(ws, name), name, present)
      const res = await status(name)
      expect(JSON.stringify(res.body)).not.toContain(outside)
      answers.push({ status: res.statusCode, code: res.body.error_code, message: res.body.error_message?.replaceAll(name, '<repo>') })
    }
    expect(answers[0]).toEqual(answers[1])
    expect(answers[0].status).toBe(403)
    expect(answers[0].code).toBe('GIT_UNSAFE_REPOSITORY')
  })

  it('a linked worktree (a .git file and a commondir inside the workspace) still works', async () => {
    const main = await makeRepo(path.join(ws, slug('wt-main')))
    const linked = path.join(ws, slug('wt-linked'))
    git(main, 'worktree', 'add', '-q', linked, 'feature')
    expect(await fs.readFile(path.join(main, '.git/worktrees', path.basename(linked), 'commondir'), 'utf8')).toBe('../..\n')
    await fs.writeFile(path.join(linked, 'README.md'), 'changed in the worktree\n')
    const res = await status(path.basename(linked))
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.output).toContain('README.md')
    expect((await status(path.basename(main))).statusCode).toBe(200)
  })

  it('a normal repository with its config, a .git link inside and alternates inside still work', async () => {
    const plain = await makeRepo(path.join(ws, slug('plain')))
    git(plain, 'config', 'user.name', 'Repo Person')
    await fs.writeFile(path.join(plain, 'README.md'), 'changed\n')
    const res = await status(path.basename(plain))
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200)
    expect(res.body.output).toContain('README.md')

    const linked = await makeRepo(path.join(ws, slug('dotgit-link')))
    await fs.rename(path.join(linked, '.git'), path.join(linked, 'store'))
    await fs.symlink('store', path.join(linked, '.git'))
    await fs.writeFile(path.join(linked, 'store/objects/info/alternates'), `${path.join(plain, '.git/objects')}\n../../gone/objects\n`)
    expect((await status(path.basename(linked))).statusCode).toBe(200)
  })
})
