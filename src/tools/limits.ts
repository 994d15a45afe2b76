/**
 * Every string a tool takes has a maximum length, and every integer a range, in the schema itself,
 * so that validation refuses an oversized value before any code looks at it, and exports and
 * OpenAPI documents the limit. A tool states its own limit where it knows better (a glossary term,
 * a commit message); `limitedInput` fills in the rest from this table by parameter name, and closes
 * every object that lists its properties (`additionalProperties: false`, as the validator already
 * refuses unknown parameters) unless the object says otherwise. The tool's
 * own schema is left as written; the registry serves the limited copy (registry.ts), so the
 * validator, the exports, MCP and OpenAPI all show the seeds' schemas plus these limits.
 */

/** Paths inside the workspace: Linux's PATH_MAX. */
export const PATH_MAX = 4096
/** Shell commands, in characters; in bytes they must also fit one argument (ARG_BYTES_MAX). */
export const COMMAND_MAX = 100_000
/**
 * Linux's limit on one argument of a new process (MAX_ARG_STRLEN, 32 pages of 4 KiB) less its
 * terminating NUL. A command of COMMAND_MAX characters can pass it: 100,000 × '€' is 300 KB.
 */
export const ARG_BYTES_MAX = 128 * 1024 - 1
/**
 * All arguments of a new process together, bubblewrap's included: half of the usual 2 MiB ARG_MAX
 * (a quarter of an 8 MiB stack), leaving the rest to the environment and a smaller stack limit.
 */
export const ARGV_BYTES_MAX = 1024 * 1024
/** Arguments of a new process, counted: bubblewrap refuses more than 9,000 of its own and the command's together. */
export const ARGV_COUNT_MAX = 8_000
/** File contents, edits and patches: as large as the 10 MiB request body that carries them. */
export const CONTENT_MAX = 10 * 1024 * 1024
/**
 * Texts to analyse or summarize: about 7,500 words, a long article. analyze and the extractive
 * summary walk every sentence and word on the main thread: on a slow 2-core machine 100,000
 * characters of short sentences held it for 100 to 160 ms, over the 100 ms that any one request
 * may hold the server for; half of that stays under it. Longer texts are summarized in parts.
 */
export const TEXT_MAX = 50_000
/** Source code to run or check, which goes to a process of its own. */
export const CODE_MAX = 1_000_000
/** Regular expressions and globs: long enough for any real one, far below the argument limit of `rg`. */
export const PATTERN_MAX = 8192
/** URLs, header and query values. */
export const URL_MAX = 8192
/** Ids, names, references, versions, tags. */
export const NAME_MAX = 256
/** Search queries. */
export const QUERY_MAX = 2048
/** Any other string: prose such as descriptions, prompts and notebook text. */
export const PROSE_MAX = 100_000
/**
 * JSON request bodies: elements (object members and array items) and nesting. 700,000 small
 * members (what fits in 10 MiB) took 400 ms to parse and as long again to walk, during which the
 * server answered nobody; 50,000 still cost 30 to 80 ms a call; 20,000 cost about 10. No tool's
 * parameters come near either limit; large data travels as one string (file content).
 */
export const BODY_ELEMENTS_MAX = 20_000
export const BODY_DEPTH_MAX = 64
/** Integers are 32-bit unless a parameter says otherwise: ids are int4 columns in Postgres. */
export const INT_MAX = 2_147_483_647
export const INT_MIN = -2_147_483_648

const BY_NAME: Record<string, number> = {
  path: PATH_MAX,
  paths: PATH_MAX,
  file_path: PATH_MAX,
  notebook_path: PATH_MAX,
  cwd: PATH_MAX,
  repo_path: PATH_MAX,
  command: COMMAND_MAX,
  content: CONTENT_MAX,
  old_string: CONTENT_MAX,
  new_string: CONTENT_MAX,
  new_source: CONTENT_MAX,
  patch: CONTENT_MAX,
  data: CONTENT_MAX,
  text: TEXT_MAX,
  code: CODE_MAX,
  pattern: PATTERN_MAX,
  glob: PATTERN_MAX,
  filter: PATTERN_MAX,
  url: URL_MAX,
  headers: URL_MAX,
  params: URL_MAX,
  name: NAME_MAX,
  bash_id: NAME_MAX,
  shell_id: NAME_MAX,
  cell_id: NAME_MAX,
  ref: NAME_MAX,
  rev: NAME_MAX,
  tag_filter: NAME_MAX,
  package: NAME_MAX,
  version: NAME_MAX,
  allowed_domains: NAME_MAX,
  blocked_domains: NAME_MAX,
  query: QUERY_MAX,
}

/** Integers with a smaller range than 32 bits: notebook sections are a smallint-sized column (notebook/common.ts). */
const INT_BY_NAME: Record<string, number> = { section_number: 10_000 }

type Schema = Record<string, any>

const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : [])

const limited = new WeakMap<object, Record<string, unknown>>()

/**
 * A tool's input schema with every limit filled in: a plain JSON copy, made once per schema. A copy
 * is its own limited form, so calling this again on a registered tool's input returns it as is.
 */
export function limitedInput(input: unknown): Record<string, unknown> {
  const known = limited.get(input as object)
  if (known) return known
  const copy = withInputLimits(JSON.parse(JSON.stringify(input)) as Record<string, unknown>)
  limited.set(input as object, copy)
  limited.set(copy, copy)
  return copy
}

/** Fills in the limits `schema` leaves out, in place, for the parameter `name`; returns the schema. */
export function withInputLimits<T>(schema: T, name = ''): T {
  const s = schema as Schema
  if (typeof s !== 'object' || s === null) return schema
  const types = typesOf(s)
  if (types.includes('string') && s.maxLength === undefined && s.enum === undefined && s.const === undefined) {
    s.maxLength = BY_NAME[name] ?? PROSE_MAX
  }
  if (types.includes('integer')) {
    s.maximum ??= INT_BY_NAME[name] ?? INT_MAX
    s.minimum ??= INT_MIN
  }
  // An object that names its properties takes no others, unless it says otherwise (a header map).
  if (typeof s.properties === 'object' && s.properties !== null && s.additionalProperties === undefined) s.additionalProperties = false
  for (const [key, sub] of Object.entries(s.properties ?? {})) withInputLimits(sub, key)
  if (s.items) withInputLimits(s.items, name)
  if (typeof s.additionalProperties === 'object') withInputLimits(s.additionalProperties, name)
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const sub of s[key] ?? []) withInputLimits(sub, name)
  for (const [key, sub] of Object.entries(s.$defs ?? {})) withInputLimits(sub, key)
  return schema
}
