// The doors between Ludex's rooms (docs/architecture.md, "Which module may import which").
// `npm run lint` runs this over every TypeScript file; a broken rule fails `npm test`.
// Type-only imports count (tsPreCompilationDeps), so a type cycle is a cycle too.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'engine-is-pure',
      comment:
        'engine/ is pure and synchronous: it imports only itself, apache-arrow and roaring ' +
        '(no node: modules, no DuckDB, zod, pino, server, loader or snapshots).',
      severity: 'error',
      from: { path: '^engine/' },
      to: { pathNot: ['^engine/', '^node_modules/(apache-arrow|roaring)/'] },
    },
    {
      name: 'engine-door',
      comment:
        'Outside engine/, the engine is reached through engine/index.ts alone (its unit tests ' +
        'under test/engine/ may reach its internals).',
      severity: 'error',
      from: { pathNot: ['^engine/', '^test/engine/'] },
      to: { path: '^engine/', pathNot: '^engine/index\\.ts$' },
    },
    {
      name: 'only-the-store-talks-to-duckdb',
      comment: 'loader/store.ts is the one module that imports @duckdb/node-api.',
      severity: 'error',
      from: { pathNot: ['^loader/store\\.ts$', '^test/loader/store\\.test\\.ts$'] },
      to: { path: '^node_modules/@duckdb/' },
    },
    {
      name: 'snapshots-doors',
      comment: 'snapshots/ (the batch side) imports loader/store.ts and engine/index.ts, nothing else of ours.',
      severity: 'error',
      from: { path: '^snapshots/' },
      to: { path: '^(engine|loader|server|bench|test)/', pathNot: ['^loader/store\\.ts$', '^engine/index\\.ts$'] },
    },
    {
      name: 'loader-below-the-batch-side',
      comment:
        'loader/ fills and reads the store; it never imports the batch side, the server or ' +
        'the benches (a caller hands the importer its aggregate refresh).',
      severity: 'error',
      from: { path: '^loader/' },
      to: { path: '^(snapshots|server|bench|test)/' },
    },
    {
      name: 'presenters-read-the-dataset-only',
      comment: 'server/present/ turns Dataset rows into JSON; it never touches the store or the batch side.',
      severity: 'error',
      from: { path: '^server/present/' },
      to: { path: '^(loader|snapshots)/' },
    },
    {
      name: 'product-never-imports-tests-or-benches',
      severity: 'error',
      from: { path: '^(engine|loader|snapshots|server)/' },
      to: { path: '^(bench|test)/' },
    },
    {
      name: 'clients-stand-alone',
      comment:
        'clients/ are what API users install: they know the API only through the generated types, ' +
        'never through the server, engine, loader, batch side or tests.',
      severity: 'error',
      from: { path: '^clients/' },
      to: { path: '^(engine|loader|snapshots|server|bench|test|scripts)/' },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every import resolves to a file or an installed package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|coverage|bench/\\.cache|bench/results)/|/\\.scratch/' },
    tsPreCompilationDeps: true,
    // Resolve node_modules by its own path, also where it is a symlink (git worktrees).
    preserveSymlinks: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.json'],
    },
  },
};
