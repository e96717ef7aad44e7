// The version of a Dataset, for the ETags of answers made from it (server/middleware/
// caching.ts): a token per Dataset object, unique across processes (a random prefix per
// process, then a counter), so a swap, a reload or a restart over another store always
// gives new tags, and swapping a Dataset back gives its old ones. A Dataset is never
// mutated in place (server/state.ts), so its object names its content.

import { randomBytes } from 'node:crypto';

const PROCESS = randomBytes(6).toString('base64url');
const versions = new WeakMap<object, string>();
let issued = 0;

export function datasetVersion(dataset: object): string {
  let version = versions.get(dataset);
  if (version === undefined) {
    issued += 1;
    version = `${PROCESS}${issued.toString(36)}`;
    versions.set(dataset, version);
  }
  return version;
}
