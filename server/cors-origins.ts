// CORS_ORIGINS → the exact origins a browser sends. A browser's Origin header is the
// serialized origin (scheme://host[:port], lower-case, default port left out, no path), so
// each entry is parsed as a URL and compared in that form: `https://A.example:443/` matches
// the `https://a.example` a browser sends. Anything that is not an origin is refused at
// start-up rather than silently never matching (or, with `*` mixed in, silently allowing all).

export class CorsOriginsError extends Error {
  override readonly name = 'CorsOriginsError';
}

/** '*' alone, or a comma list of http(s) origins; throws naming the first bad entry. */
export function parseCorsOrigins(value: string): '*' | readonly string[] {
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.length === 1 && entries[0] === '*') return '*';
  const origins: string[] = [];
  for (const entry of entries) {
    const origin = originOf(entry);
    if (!origins.includes(origin)) origins.push(origin);
  }
  return Object.freeze(origins);
}

function originOf(entry: string): string {
  if (entry === '') throw new CorsOriginsError('has an empty entry (a stray comma?)');
  if (entry === '*') throw new CorsOriginsError('mixes "*" with origins; use "*" alone or list origins only');
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new CorsOriginsError(`"${entry}" is not an origin such as https://app.example`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new CorsOriginsError(`"${entry}" is not an http or https origin`);
  // A trailing slash is the empty path and harmless; any other path, a query, a fragment or
  // credentials mean the entry is a URL, not an origin, and would never match.
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    throw new CorsOriginsError(`"${entry}" is a URL, not an origin: keep only scheme://host[:port]`);
  return url.origin;
}
