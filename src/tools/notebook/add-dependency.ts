/**
 * Seed 000 §2.1 `notebook.add_dependency`: registers a runtime requirement in the session's
 * manifest. The same package twice (same manager, canonical name) is an update in place.
 */
import { Type } from 'typebox'
import { isOnlyImports } from '../../notebook/ipython.js'
import { canonicalPackage, dependencyId, importNameHint, invalidPackageName, MANAGERS } from '../../notebook/packages.js'
import { upsertDependency, withRun } from '../../notebook/store.js'
import { defineTool } from '../define.js'
import { StringEnum } from '../schema.js'
import { validationError } from '../validate.js'
import { annotations, NOTEBOOK_TOOL } from './support/common.js'

const NAME = 'notebook.add_dependency'
const blankToNull = (s: string | undefined) => (s?.trim() ? s.trim() : null)

export default defineTool({
  name: NAME,
  ...NOTEBOOK_TOOL,
  description:
    'Registers a runtime requirement and returns the canonical dependency manifest entry (`<manager>::<package>@<version>`) and its 1-based manifest position. ' +
    'Call it before referencing a package in code: finalize turns the manifest into the setup cell (pip → %pip install pkg==ver, conda → !conda install -y pkg=ver, apt → !apt-get install -y pkg=ver) followed by the import checks. ' +
    'Registering the same package again (same manager; pip names compare case-insensitively with "-", "_" and "." alike) updates it in place.',
  input: Type.Object({
    package: Type.String({ minLength: 1 }),
    version: Type.String({ pattern: '^([0-9]+\\.)*[0-9]+(-[A-Za-z0-9]+)?$' }),
    manager: StringEnum(MANAGERS),
    import_check: Type.Optional(Type.String({ description: 'Python import statement to verify install' })),
    notes: Type.Optional(Type.String({ description: 'Short justification surfaced in setup markdown' })),
  }),
  examples: [
    {
      summary: "PyTorch with pip (seed 000's example)",
      value: { package: 'torch', version: '2.4.0', manager: 'pip', import_check: 'import torch', notes: 'Tensors and autograd for the training steps' },
    },
  ],
  output: Type.Object({
    dependency_id: Type.String({ description: '<manager>::<canonical package>@<version>, e.g. pip::torch@2.4.0' }),
    manifest_position: Type.Integer({ description: '1-based place in the manifest; kept when the package is updated' }),
  }),
  annotations: annotations('Add a notebook dependency', true),
  precheck({ package: pkg, manager, import_check }) {
    const why = invalidPackageName(manager, pkg.trim())
    if (why) throw validationError({ name: NAME }, `Invalid value for package: ${why}`, { parameter: 'package', received: JSON.stringify(pkg.slice(0, 200)) })
    if (import_check?.trim() && !isOnlyImports(import_check)) {
      throw validationError(
        { name: NAME },
        'Invalid value for import_check: it must be Python import statements only, e.g. "import torch" or "from PIL import Image"',
        {
          parameter: 'import_check',
          received: JSON.stringify(import_check.slice(0, 200)),
        },
      )
    }
  },
  async execute(args, ctx) {
    const manager = args.manager
    const pkg = canonicalPackage(manager, args.package)
    const hint = importNameHint(manager, args.package.trim())
    if (hint) ctx.warn(hint)
    const result = await withRun(ctx, true, (tx, run) =>
      upsertDependency(tx, run!.id, {
        manager,
        package: pkg,
        version: args.version,
        importCheck: blankToNull(args.import_check),
        notes: blankToNull(args.notes),
      }),
    )
    const id = dependencyId(manager, pkg, args.version)
    const prev = result.previous
    if (prev) {
      ctx.warn(
        prev.version === args.version
          ? `${manager}::${pkg} was already registered at position ${prev.position} with version ${prev.version}; entry updated in place (version unchanged)`
          : `${manager}::${pkg} was already registered at position ${prev.position}; updated from version ${prev.version} to ${args.version}`,
      )
    }
    if (pkg !== args.package.trim()) ctx.warn(`Package name "${args.package.trim()}" is recorded in canonical form as "${pkg}"`)
    return { dependency_id: id, manifest_position: result.position }
  },
})
