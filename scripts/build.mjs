#!/usr/bin/env node
/**
 * Builds dist/ from src/ when it is stale: `npm start` (prestart) and `npm install` (prepare) run
 * it, so a start after no change costs a few file stats, not a TypeScript compile. Stale means:
 * no build yet, dist/server.js missing, or a file or folder under src/ (a deleted file changes its
 * folder), tsconfig.json or package.json newer than the last build. `--force` always builds
 * (`npm run build`). Plain JavaScript: it must run before anything is compiled.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(root, 'dist')
const stamp = path.join(dist, '.build-stamp')
const buildInfo = path.join(dist, '.tsbuildinfo')
const inputs = ['src', 'tsconfig.json', 'package.json'].map((p) => path.join(root, p))

/** The newest modification time of `p` and, for a folder, of everything in it. */
function newest(p) {
  const st = fs.statSync(p, { throwIfNoEntry: false })
  if (!st) return 0
  let t = st.mtimeMs
  if (st.isDirectory()) for (const e of fs.readdirSync(p)) t = Math.max(t, newest(path.join(p, e)))
  return t
}

function staleBecause() {
  if (process.argv.includes('--force')) return 'asked to (--force)'
  const built = fs.statSync(stamp, { throwIfNoEntry: false })
  if (!built) return 'no build yet'
  if (!fs.existsSync(path.join(dist, 'server.js'))) return 'dist/server.js is missing'
  return newest(inputs[0]) > built.mtimeMs || inputs.slice(1).some((p) => newest(p) > built.mtimeMs) ? 'sources changed since the last build' : null
}

const why = staleBecause()
if (why === null) process.exit(0)
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc')
if (!fs.existsSync(tsc)) {
  console.error(`toolgate: dist/ needs building (${why}) but TypeScript is not installed: run npm ci (with dev dependencies) first`)
  process.exit(1)
}
// An output deleted by hand is not noticed by --incremental: start that build afresh.
if (!fs.existsSync(path.join(dist, 'server.js'))) fs.rmSync(buildInfo, { force: true })
console.error(`toolgate: compiling src/ into dist/ (${why})…`)
const started = new Date()
const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', buildInfo], { cwd: root, stdio: 'inherit' })
if (r.status !== 0) process.exit(r.status ?? 1)
// Stamped with the time the build began: a source saved during the build is newer, so it is built next time.
// The `toolgate` bin (package.json) must be executable to be run by path.
const bin = path.join(dist, 'cli', 'index.js')
if (fs.existsSync(bin)) fs.chmodSync(bin, 0o755)
fs.writeFileSync(stamp, `${started.toISOString()}\n`)
fs.utimesSync(stamp, started, started)
