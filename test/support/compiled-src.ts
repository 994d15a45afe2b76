/**
 * Vitest globalSetup: src/ compiled to JavaScript once per run, for the tests that start toolgate
 * as a child process (the server, `toolgate` the CLI, the migrate command). Run through tsx, each
 * start cost ~2.5 s more CPU (its loader answers every import from another thread); esbuild, which
 * tsx uses too, writes the same JavaScript for all of src/ in well under a second. The folder sits
 * beside src/, as dist/ does, so paths the code finds from its own file (migrations/, agents/,
 * samples/) resolve alike.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/** The folder the workers find the compiled src/ in (set by this setup). */
const BUILD_ENV = 'TG_TEST_SRC_BUILD'
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export default async function setup(): Promise<() => Promise<void>> {
  const out = path.join(ROOT, `.test-build-${process.pid}`)
  const files = await fs.readdir(path.join(ROOT, 'src'), { recursive: true })
  const sources = files.filter((f) => f.endsWith('.ts')).map((f) => path.join(ROOT, 'src', f))
  await build({ entryPoints: sources, outdir: out, outbase: path.join(ROOT, 'src'), format: 'esm', platform: 'node', target: 'node20', logLevel: 'error' })
  // Plain JavaScript (the process launcher) is used as it is, as tsc copies it into dist/.
  for (const f of files.filter((f) => f.endsWith('.mjs'))) await fs.copyFile(path.join(ROOT, 'src', f), path.join(out, f))
  process.env[BUILD_ENV] = out
  return () => fs.rm(out, { recursive: true, force: true })
}

/** The compiled file of `entry` (a file under src/, e.g. `src/server.ts`), or undefined outside the suite's setup. */
export function compiledPath(entry: string): string | undefined {
  const built = process.env[BUILD_ENV]
  return built && path.join(built, path.relative('src', entry).replace(/\.ts$/, '.js'))
}

/** The node arguments that run `entry`: its compiled file, else the source through tsx. */
export function nodeArgs(entry: string): string[] {
  const built = compiledPath(entry)
  return built ? [built] : ['--import', 'tsx', path.join(ROOT, entry)]
}
