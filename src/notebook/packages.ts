/**
 * Package names: their canonical form (the manifest key), whether they are safe to write into an
 * install command, and which registered dependency an `import` statement needs.
 */
import { importsByPattern, type ImportRef } from './ipython.js'

export type Manager = 'pip' | 'conda' | 'apt'
export const MANAGERS = ['pip', 'conda', 'apt'] as const

// Names only: these end up in `%pip install …` / `!apt-get install …` lines a learner runs.
const NAME_RULES: Record<Manager, { re: RegExp; words: string }> = {
  pip: {
    re: /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?(?:\[[A-Za-z0-9._-]+(?:,[A-Za-z0-9._-]+)*\])?$/,
    words: 'letters, digits, ".", "_" and "-" (PEP 508), optionally with extras such as "[cuda]"',
  },
  conda: {
    re: /^(?:[A-Za-z0-9][A-Za-z0-9._-]*::)?[A-Za-z0-9][A-Za-z0-9._-]*$/,
    words: 'letters, digits, ".", "_" and "-", optionally prefixed by a channel ("conda-forge::")',
  },
  apt: { re: /^[a-z0-9][a-z0-9+.-]+$/, words: 'lower-case letters, digits, "+", "-" and "." (at least two characters)' },
}

/** Why `name` cannot be a `manager` package, or undefined when it can. */
export function invalidPackageName(manager: Manager, name: string): string | undefined {
  const rule = NAME_RULES[manager]
  if (name.length > 200 || !rule.re.test(name)) return `"${name.slice(0, 80)}" is not a valid ${manager} package name: use ${rule.words}`
  return undefined
}

/**
 * The manifest key: pip names per PEP 503 (case-insensitive, runs of "-", "_", "." alike),
 * conda and apt names lower-cased.
 */
export function canonicalPackage(manager: Manager, name: string): string {
  const lower = name.trim().toLowerCase()
  return manager === 'pip' ? lower.replace(/[-_.]+/g, '-') : lower
}

export function dependencyId(manager: string, pkg: string, version: string): string {
  return `${manager}::${pkg}@${version}`
}

/** The distribution name without extras or channel, PEP 503-normalized: what imports are matched against. */
function matchKey(pkg: string): string {
  return pkg
    .replace(/\[.*\]$/, '')
    .replace(/^.*::/, '')
    .toLowerCase()
    .replace(/[-_.]+/g, '-')
}

/**
 * Imports whose distribution has another name. Keys may be dotted (longest prefix wins); values
 * list the distributions that provide the module.
 */
const IMPORT_TO_PACKAGES: Record<string, string[]> = {
  sklearn: ['scikit-learn'],
  skimage: ['scikit-image'],
  cv2: ['opencv-python', 'opencv-python-headless', 'opencv-contrib-python', 'opencv-contrib-python-headless'],
  PIL: ['pillow'],
  yaml: ['pyyaml'],
  bs4: ['beautifulsoup4'],
  dateutil: ['python-dateutil'],
  dotenv: ['python-dotenv'],
  attr: ['attrs'],
  Crypto: ['pycryptodome', 'pycrypto'],
  OpenSSL: ['pyopenssl'],
  jwt: ['pyjwt'],
  serial: ['pyserial'],
  usb: ['pyusb'],
  magic: ['python-magic'],
  docx: ['python-docx'],
  pptx: ['python-pptx'],
  fitz: ['pymupdf'],
  git: ['gitpython'],
  github: ['pygithub'],
  zmq: ['pyzmq'],
  MySQLdb: ['mysqlclient'],
  psycopg2: ['psycopg2', 'psycopg2-binary'],
  faiss: ['faiss-cpu', 'faiss-gpu'],
  umap: ['umap-learn'],
  Levenshtein: ['levenshtein', 'python-levenshtein'],
  gi: ['pygobject'],
  mpl_toolkits: ['matplotlib'],
  pkg_resources: ['setuptools'],
  jose: ['python-jose'],
  multipart: ['python-multipart'],
  slugify: ['python-slugify'],
  kafka: ['kafka-python'],
  lightning: ['lightning', 'pytorch-lightning'],
  pytorch_lightning: ['pytorch-lightning', 'lightning'],
  'google.protobuf': ['protobuf'],
  'google.generativeai': ['google-generativeai'],
  'google.genai': ['google-genai'],
  'google.cloud.storage': ['google-cloud-storage'],
  'google.cloud.bigquery': ['google-cloud-bigquery'],
  tensorflow_datasets: ['tensorflow-datasets'],
  tensorflow_hub: ['tensorflow-hub'],
  llama_cpp: ['llama-cpp-python'],
  openai_harmony: ['openai-harmony'],
  Bio: ['biopython'],
  win32api: ['pywin32'],
}

/** Modules every notebook kernel (Jupyter, Colab) already provides. */
const KERNEL_PROVIDED = ['IPython', 'ipykernel', 'google.colab']

function longestPrefix(module: string, keys: Iterable<string>): string | undefined {
  let best: string | undefined
  for (const k of keys) {
    if ((module === k || module.startsWith(`${k}.`)) && (!best || k.length > best.length)) best = k
  }
  return best
}

/** The distributions that could provide `module`; the first is the one to suggest. */
export function packagesForImport(module: string): string[] {
  const key = longestPrefix(module, Object.keys(IMPORT_TO_PACKAGES))
  const top = module.split('.')[0]
  const mapped = key ? IMPORT_TO_PACKAGES[key] : []
  return [...new Set([...mapped, top].map(matchKey))]
}

export interface RegisteredDependency {
  manager: string
  package: string
  importCheck: string | null
}

export interface UnregisteredImport {
  module: string
  line: number
  suggestion: string
}

/**
 * Imports that no registered dependency covers: not standard library, not provided by the kernel,
 * not guarded by `try/except ImportError`, not matching a registered package (by name or the map
 * above) nor a module its `import_check` imports. One entry per top-level module.
 */
export function unregisteredImports(imports: ImportRef[], stdlib: ReadonlySet<string>, deps: RegisteredDependency[]): UnregisteredImport[] {
  const registered = new Set(deps.map((d) => matchKey(d.package)))
  const checked = deps.flatMap((d) => (d.importCheck ? importsByPattern(d.importCheck).map((i) => i.module.split('.')[0]) : []))
  const out = new Map<string, UnregisteredImport>()
  for (const ref of imports) {
    if (ref.optional) continue
    const top = ref.module.split('.')[0]
    if (stdlib.has(top) || top === '__future__' || out.has(top)) continue
    if (longestPrefix(ref.module, KERNEL_PROVIDED)) continue
    if (checked.includes(top)) continue
    const candidates = packagesForImport(ref.module)
    if (candidates.some((c) => registered.has(c))) continue
    out.set(top, { module: top === ref.module ? top : ref.module, line: ref.line, suggestion: candidates[0] })
  }
  return [...out.values()]
}

/** A hint when a pip "package" is really an import name (`sklearn`, `cv2`, `PIL`), undefined otherwise. */
export function importNameHint(manager: Manager, pkg: string): string | undefined {
  if (manager !== 'pip') return undefined
  const key = Object.keys(IMPORT_TO_PACKAGES).find((k) => k.toLowerCase() === pkg.toLowerCase())
  if (!key) return undefined
  const dists = IMPORT_TO_PACKAGES[key]
  if (dists.includes(matchKey(pkg))) return undefined
  return `"${pkg}" is the import name; the pip distribution is ${dists.map((d) => `"${d}"`).join(' or ')}. Register that instead, or the setup cell will install the wrong thing`
}
