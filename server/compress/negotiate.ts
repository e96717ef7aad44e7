// Which content coding an answer gets (RFC 9110 §12.5.3): brotli or gzip, whichever the
// client's Accept-Encoding ranks higher (brotli on a tie: smaller for the same time), or
// none. `*` stands for any coding the header does not name; q=0 refuses one.

export type ContentEncoding = 'br' | 'gzip';

/** Media types worth compressing: JSON (problems and +json included), JSON Lines, CSV, text, scripts. */
const COMPRESSIBLE = /^\s*(application\/([a-z0-9.-]+\+)?json|application\/x-ndjson|application\/javascript|text\/)/i;

export function isCompressibleType(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE.test(contentType);
}

/** The q-value of one Accept-Encoding member; a malformed one counts as a refusal. */
function qValue(params: readonly string[]): number {
  for (const param of params) {
    const match = /^\s*q\s*=\s*([0-9](?:\.[0-9]{0,3})?)\s*$/i.exec(param);
    if (match) return Math.min(1, Number(match[1]));
    if (/^\s*q\s*=/i.test(param)) return 0;
  }
  return 1;
}

export function negotiateEncoding(header: string | null): ContentEncoding | null {
  if (header === null) return null;
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const member of header.split(',')) {
    const [name = '', ...params] = member.split(';');
    const coding = name.trim().toLowerCase();
    if (coding === 'br') br = qValue(params);
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = qValue(params);
    else if (coding === '*') any = qValue(params);
  }
  const brQ = br ?? any ?? 0;
  const gzipQ = gzip ?? any ?? 0;
  if (brQ <= 0 && gzipQ <= 0) return null;
  return brQ >= gzipQ ? 'br' : 'gzip';
}
