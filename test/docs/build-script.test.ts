/**
 * Issue 17 item 4: `npm start` compiles only when the sources changed. scripts/build.mjs runs on
 * a small project laid out like this one (its own src/, tsconfig.json and package.json, this
 * checkout's TypeScript, then a stand-in tsc that records how it was run): it builds once, then
 * does nothing until a source, a folder (a deleted file) or the config is newer than the last
 * build, or dist/server.js is gone.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const CHECKOUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
let dir: string

const build = (...args: string[]) => {
  const r = spawnSync(process.execPath, [path.join(dir, 'scripts/build.mjs'), ...args], { cwd: dir, encoding: 'utf8' })
  return { status: r.status, said: r.stderr + r.stdout }
}
const mtime = (p: string) => fs.statSync(path.join(dir, p)).mtimeMs
/** Marks `p` as changed just after the last build began (and so before now). */
const touch = (p: string) => {
  const after = new Date(mtime('dist/.build-stamp') + 10)
  fs.utimesSync(path.join(dir, p), after, after)
}

beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tg-build-')))
  fs.mkdirSync(path.join(dir, 'scripts'))
  fs.mkdirSync(path.join(dir, 'src/lib'), { recursive: true })
  fs.copyFileSync(path.join(CHECKOUT, 'scripts/build.mjs'), path.join(dir, 'scripts/build.mjs'))
  fs.copyFileSync(path.join(CHECKOUT, 'tsconfig.json'), path.join(dir, 'tsconfig.json'))
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}\n')
  fs.symlinkSync(path.join(CHECKOUT, 'node_modules'), path.join(dir, 'node_modules'))
  fs.writeFileSync(path.join(dir, 'src/server.ts'), "import { two } from './lib/two.js'\nexport const one: number = two - 1\n")
  fs.writeFileSync(path.join(dir, 'src/lib/two.ts'), 'export const two = 2\n')
  fs.writeFileSync(path.join(dir, 'src/lib/three.ts'), 'export const three = 3\n')
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Replaces the fixture's TypeScript by a tsc that records its arguments and writes dist/server.js. */
function useRecordingTsc() {
  fs.rmSync(path.join(dir, 'node_modules'))
  fs.mkdirSync(path.join(dir, 'node_modules/typescript/bin'), { recursive: true })
  const tsc = `const fs = require('node:fs')
fs.appendFileSync('compiles.log', process.argv.slice(2).join(' ').replace(process.cwd() + '/', '') + '\\n')
fs.mkdirSync('dist', { recursive: true })
fs.writeFileSync('dist/server.js', '')
`
  fs.writeFileSync(path.join(dir, 'node_modules/typescript/bin/tsc'), tsc)
  fs.writeFileSync(path.join(dir, 'node_modules/typescript/package.json'), '{"type": "commonjs"}\n')
}
const compiles = () => fs.readFileSync(path.join(dir, 'compiles.log'), 'utf8').trim().split('\n')

describe('scripts/build.mjs', () => {
  it('is what npm start and npm install run (prestart, prepare); npm run build forces it', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(CHECKOUT, 'package.json'), 'utf8'))
    expect(scripts).toMatchObject({
      prestart: 'node scripts/build.mjs',
      prepare: 'node scripts/build.mjs',
      build: 'node scripts/build.mjs --force',
      start: 'node dist/server.js',
    })
  })

  it('builds once, then only when something changed', { timeout: 120_000 }, () => {
    expect(build()).toMatchObject({ status: 0, said: expect.stringContaining('(no build yet)') })
    expect(fs.readFileSync(path.join(dir, 'dist/server.js'), 'utf8')).toContain('two - 1')
    const first = mtime('dist/server.js')

    // Nothing changed: no compile, nothing said, nothing written.
    expect(build()).toEqual({ status: 0, said: '' })
    expect(mtime('dist/server.js')).toBe(first)

    // A source changed.
    fs.writeFileSync(path.join(dir, 'src/lib/two.ts'), 'export const two = 22\n')
    touch('src/lib/two.ts')
    expect(build().said).toContain('(sources changed since the last build)')
    expect(fs.readFileSync(path.join(dir, 'dist/lib/two.js'), 'utf8')).toContain('22')
    expect(build().said).toBe('')

    // The other reasons, with a stand-in compiler that records its arguments: the real one was shown to run above.
    useRecordingTsc()
    fs.rmSync(path.join(dir, 'src/lib/three.ts'))
    touch('src/lib')
    expect(build().said).toContain('(sources changed since the last build)')
    touch('tsconfig.json')
    expect(build().said).toContain('(sources changed since the last build)')
    fs.rmSync(path.join(dir, 'dist/server.js'))
    expect(build().said).toContain('(dist/server.js is missing)')
    expect(fs.existsSync(path.join(dir, 'dist/server.js'))).toBe(true)
    expect(build('--force').said).toContain('(asked to (--force))')
    expect(build().said).toBe('')
    expect(compiles()).toEqual(Array(4).fill('-p tsconfig.json --incremental --tsBuildInfoFile dist/.tsbuildinfo'))
  })

  it('says what to do when it must build and TypeScript is missing, and fails', () => {
    fs.rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true })
    touch('src/server.ts')
    const r = build()
    expect(r.status).toBe(1)
    expect(r.said).toContain('TypeScript is not installed: run npm ci (with dev dependencies) first')
  })
})
