/**
 * `NAME_FILE` for any setting `NAME`: the value is read from that file (Docker and Kubernetes
 * secrets are mounted as files, so passwords stay out of the environment and `docker inspect`).
 * One trailing newline is dropped; setting both `NAME` and `NAME_FILE` is an error.
 */
import fs from 'node:fs'
import path from 'node:path'

type Env = Record<string, string | undefined>

/** A secret file is small; anything larger is a wrong path (a log, a disk image). */
const MAX_FILE_BYTES = 64 * 1024

export interface FileVariables {
  /** The environment with each `NAME_FILE`'s content as `NAME`. */
  env: Env
  /** Absolute paths of the files read: the server's own, kept from the tools. */
  files: string[]
  problems: string[]
}

function readValue(name: string, file: string): { value?: string; problem?: string } {
  try {
    const st = fs.statSync(file)
    if (!st.isFile()) return { problem: `${name}_FILE="${file}" is not a file` }
    if (st.size > MAX_FILE_BYTES)
      return { problem: `${name}_FILE="${file}" is ${st.size} bytes; a secret file holds one value (at most ${MAX_FILE_BYTES} bytes)` }
    return { value: fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '') }
  } catch (err) {
    return { problem: `${name}_FILE="${file}" cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` }
  }
}

/** Resolves `NAME_FILE` for each of `names`; the files' contents are never put in a problem. */
export function readFileVariables(env: Env, names: readonly string[]): FileVariables {
  const out: Env = { ...env }
  const files: string[] = []
  const problems: string[] = []
  for (const name of names) {
    const file = env[`${name}_FILE`]
    if (file === undefined || file === '') continue
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`Set ${name} or ${name}_FILE, not both`)
      continue
    }
    const abs = path.resolve(file)
    const { value, problem } = readValue(name, abs)
    if (problem) problems.push(problem)
    else {
      out[name] = value
      files.push(abs)
    }
  }
  return { env: out, files, problems }
}
