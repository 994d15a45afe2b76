/**
 * Which way dependencies may point (issue 14, item 4). Run with `npm run lint:deps`.
 * Type-only imports count: a circle through types still ties the modules together.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles in src/: move what both sides need into the module both can import.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'tools-stay-below-the-gateway',
      severity: 'error',
      comment: 'Tools are called by the pipeline; they never reach back into it, the plugins, routes, exports or the app.',
      from: { path: '^src/tools/' },
      to: { path: '^src/(pipeline|plugins|routes|exports)/|^src/app\\.ts$' },
    },
    {
      name: 'exports-are-pure-adapters',
      severity: 'error',
      comment: 'Export adapters turn tool definitions into other formats; they never depend on Fastify plugins or routes.',
      from: { path: '^src/exports/' },
      to: { path: '^src/(plugins|routes)/' },
    },
    {
      name: 'cli-is-a-client',
      severity: 'error',
      comment: 'The toolgate CLI talks to a server over HTTP only: it never imports the server (anything in src/ outside src/cli/).',
      from: { path: '^src/cli/' },
      to: { path: '^src/', pathNot: '^src/cli/' },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'Every relative import resolves to a file.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
