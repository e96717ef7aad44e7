// `--version`: the version in package.json — the repository's from the sources, dist/'s own
// (scripts/build.ts writes it) from the build; both sit one folder above server/.

import { readFileSync } from 'node:fs';

export function ludexVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
