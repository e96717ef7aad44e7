// `npm run build`: the server and everything it imports, transpiled file by file into dist/
// with the same layout (esbuild, about a second; type checking is `npm run typecheck`, part
// of `npm test`), plus the files read at run time through `new URL(..., import.meta.url)`
// copied next to the code that reads them (the demo catalog, the BGG mapping tables, any
// YAML vocabulary), plus the /docs page's Scalar bundle, so that dist/ runs on production
// dependencies alone (the Dockerfile's runtime stage). `--outdir DIR` builds elsewhere (the
// build test does, so it never disturbs dist/).

import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { scalarBundleSource, SCALAR_BUNDLE_IN_DIST } from '../server/openapi/reference-assets.js';

/** The product's rooms; bench/, test/ and scripts/ stay out of dist/. */
const ROOMS = ['engine', 'loader', 'snapshots', 'server'];
/** Never copied: sources, and what only the demo generator reads. */
const SOURCE_EXTENSIONS = new Set(['.ts', '.md']);

const ROOT = resolve(import.meta.dirname, '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Transpiles `modules` (paths under the repository) file by file into `outdir`, keeping the
 * layout: how the product ships. Names are not kept (esbuild's keepNames is off, unlike
 * tsx's), so a closure made per request costs no name property.
 */
export async function transpile(modules: readonly string[], outdir: string): Promise<void> {
  await build({
    entryPoints: [...modules],
    outdir,
    outbase: ROOT,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
  });
}

export async function buildDist(outdir: string): Promise<{ modules: number; assets: string[] }> {
  rmSync(outdir, { recursive: true, force: true });
  const files = ROOMS.flatMap((room) => filesUnder(join(ROOT, room)));
  const modules = files.filter((file) => extname(file) === '.ts');
  await transpile(modules, outdir);
  // dist/ says itself that its .js files are ES modules, wherever it is copied.
  // Its name and version too: `ludex --version` reads the package.json one folder above server/.
  const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, string>;
  const manifest = { name, version, private: true, type: 'module' };
  writeFileSync(join(outdir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const assets = files.filter((file) => !SOURCE_EXTENSIONS.has(extname(file)));
  for (const asset of assets) {
    const target = join(outdir, relative(ROOT, asset));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(asset, target);
  }
  const scalar = scalarBundleSource();
  if (scalar === undefined) throw new Error('@scalar/api-reference is not installed: run npm install first');
  const target = join(outdir, SCALAR_BUNDLE_IN_DIST);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(scalar.script, target);
  // The package ships no LICENSE file; its package.json names the licence, so it travels along.
  copyFileSync(scalar.packageJson, join(dirname(target), 'package.json'));
  return { modules: modules.length, assets: assets.map((asset) => relative(ROOT, asset)) };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } }, strict: true });
  const outdir = resolve(ROOT, values.outdir);
  const started = performance.now();
  const report = await buildDist(outdir);
  console.error(
    `Built ${report.modules} modules and ${report.assets.length} run-time files into ${relative(ROOT, outdir) || '.'} ` +
      `in ${Math.round(performance.now() - started)} ms; start it with: node ${relative(ROOT, outdir)}/server/ludex.js serve`,
  );
}
