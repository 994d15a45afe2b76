/**
 * Data for `npm run bench:files`, generated once and reused: under /tmp/toolgate-bench (or
 * BENCH_FILES_DIR), `tree/` is a source-like tree of ≥ 50 MB (TypeScript, JavaScript, Python, Go
 * and Markdown files of realistic lines, deterministic), `big/huge.txt` a 300 MB text file and
 * `wide/` a folder of 5,000 entries.
 * `meta.json` is written last and records what is there; without it everything is regenerated.
 */
import { createWriteStream, promises as fs } from 'node:fs'
import path from 'node:path'

export const BENCH_DIR = process.env.BENCH_FILES_DIR || '/tmp/toolgate-bench'
const META_VERSION = 2
export const TREE_BYTES = 52 * 1024 * 1024
export const BIG_BYTES = 300 * 1024 * 1024
export const WIDE_ENTRIES = 5000

export interface BenchData {
  dir: string
  treeFiles: number
  treeBytes: number
  bigLines: number
  bigBytes: number
  rareLines: number
  wideEntries: number
}

function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS =
  'request response handler client server cache token user account order item price total config option value result error retry timeout buffer stream parse render update delete create fetch load save index query filter map reduce session queue worker event'.split(
    ' ',
  )

function lineMaker(r: () => number) {
  const w = () => WORDS[Math.floor(r() * WORDS.length)]
  const id = () => w() + w()[0].toUpperCase() + w().slice(1)
  const n = () => Math.floor(r() * 1000)
  const ts = [
    () => `import { ${id()}, ${id()} } from '../${w()}/${w()}.js'`,
    () => `export async function ${id()}(${w()}: number, ${w()}: string): Promise<${id()}> {`,
    () => `  const ${id()} = await ${w()}.${id()}(${w()}, '${w()} ${w()}')`,
    () => `  if (${w()}.length > ${n()}) throw new Error('${w()} ${w()} exceeded ${n()}')`,
    () => `  return { ${w()}: ${w()}, ${w()}: ${n()}, ${w()}: '${w()}' }`,
    () => '}',
    () => `// ${w()} the ${w()} before the ${w()} is ${w()}ed, see #${n()}`,
    () => `  for (const ${w()} of ${id()}) ${w()}.push(${id()}(${w()}))`,
    () => `  const [${w()}, set${id()}] = useState<${id()}>(${n()})`,
    () => `  useEffect(() => { ${id()}(${w()}) }, [${w()}])`,
  ]
  return (common: boolean) => ts[Math.floor(r() * (common ? ts.length : ts.length - 2))]()
}

async function makeTree(root: string): Promise<{ files: number; bytes: number; rare: number }> {
  const r = rng(42)
  const line = lineMaker(r)
  const exts = ['ts', 'ts', 'ts', 'js', 'py', 'go', 'md']
  let bytes = 0
  let files = 0
  let rare = 0
  for (let pkg = 0; bytes < TREE_BYTES; pkg++) {
    for (let mod = 0; mod < 10 && bytes < TREE_BYTES; mod++) {
      const dir = path.join(root, `pkg${pkg}`, 'src', `module${mod}`)
      await fs.mkdir(dir, { recursive: true })
      for (let f = 0; f < 30 && bytes < TREE_BYTES; f++) {
        const react = r() < 0.15
        const count = 80 + Math.floor(r() * 240)
        const out: string[] = []
        for (let i = 0; i < count; i++) {
          if (r() < 0.0008) {
            out.push(`  // XYZZY_${Math.floor(r() * 10000)} rare marker`)
            rare++
          }
          out.push(line(react))
        }
        const text = `${out.join('\n')}\n`
        await fs.writeFile(path.join(dir, `file${f}.${exts[f % exts.length]}`), text)
        bytes += Buffer.byteLength(text)
        files++
      }
    }
  }
  return { files, bytes, rare }
}

async function makeBig(file: string): Promise<{ lines: number; bytes: number }> {
  await fs.mkdir(path.dirname(file), { recursive: true })
  const r = rng(7)
  const bodies = Array.from({ length: 97 }, (_, i) => Array.from({ length: 8 + (i % 9) }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' '))
  const stream = createWriteStream(file)
  let lines = 0
  let bytes = 0
  while (bytes < BIG_BYTES) {
    const chunk: string[] = []
    for (let i = 0; i < 100_000; i++) chunk.push(`${String(lines++).padStart(10, '0')} ${bodies[lines % bodies.length]}\n`)
    const buf = Buffer.from(chunk.join(''))
    bytes += buf.length
    if (!stream.write(buf)) await new Promise((res) => stream.once('drain', res))
  }
  await new Promise<void>((res, rej) => stream.end((err?: Error | null) => (err ? rej(err) : res())))
  return { lines, bytes }
}

/** A folder of WIDE_ENTRIES entries: files of a few bytes and every 50th a folder. */
async function makeWide(dir: string): Promise<number> {
  await fs.mkdir(dir, { recursive: true })
  for (let i = 0; i < WIDE_ENTRIES; i++) {
    const name = path.join(dir, `entry-${String(i).padStart(5, '0')}`)
    if (i % 50 === 0) await fs.mkdir(name)
    else await fs.writeFile(`${name}.txt`, `entry ${i}\n`)
  }
  return WIDE_ENTRIES
}

/** The bench data, generated now if it is missing or stale. */
export async function benchData(log: (m: string) => void): Promise<BenchData> {
  const metaFile = path.join(BENCH_DIR, 'meta.json')
  try {
    const meta = JSON.parse(await fs.readFile(metaFile, 'utf8'))
    if (meta.version === META_VERSION) {
      log(`reusing bench data in ${BENCH_DIR}`)
      return { ...meta, dir: BENCH_DIR }
    }
  } catch {
    /* generate */
  }
  log(`generating bench data in ${BENCH_DIR} (once; about a minute)…`)
  await fs.rm(BENCH_DIR, { recursive: true, force: true })
  await fs.mkdir(BENCH_DIR, { recursive: true })
  const tree = await makeTree(path.join(BENCH_DIR, 'tree'))
  const big = await makeBig(path.join(BENCH_DIR, 'big', 'huge.txt'))
  const wideEntries = await makeWide(path.join(BENCH_DIR, 'wide'))
  const data = { dir: BENCH_DIR, treeFiles: tree.files, treeBytes: tree.bytes, rareLines: tree.rare, bigLines: big.lines, bigBytes: big.bytes, wideEntries }
  await fs.writeFile(metaFile, JSON.stringify({ version: META_VERSION, ...data }, null, 2))
  return data
}
