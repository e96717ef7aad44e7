// Where the /docs page's script comes from: Scalar's self-contained browser bundle
// (@scalar/api-reference, MIT), vendored from npm. `npm run build` copies it into
// dist/vendor/scalar/ so a production install needs no development dependency; from the
// sources (tsx, tests) it is read from node_modules. Nothing is fetched from a CDN.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bundle's place inside dist/, as scripts/build.ts writes it. */
export const SCALAR_BUNDLE_IN_DIST = 'vendor/scalar/standalone.js';

/** The bundle and the package's package.json in node_modules, or undefined when not installed. */
export function scalarBundleSource(): { script: string; packageJson: string } | undefined {
  try {
    // The package exports only its ESM entry (dist/index.js); the browser bundle sits beside it.
    const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
    const script = join(dirname(entry), 'browser', 'standalone.js');
    const packageJson = join(dirname(entry), '..', 'package.json');
    return existsSync(script) ? { script, packageJson } : undefined;
  } catch {
    return undefined;
  }
}

/** The bundle to serve: the copy in dist/ when running the build, else node_modules'. */
export function scalarBundlePath(): string | undefined {
  const built = fileURLToPath(new URL(`../../${SCALAR_BUNDLE_IN_DIST}`, import.meta.url));
  return existsSync(built) ? built : scalarBundleSource()?.script;
}
