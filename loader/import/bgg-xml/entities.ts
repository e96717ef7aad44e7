// Character references. BGG escapes twice in descriptions: the XML layer (&amp;, &#10;)
// wraps HTML-escaped text (&rsquo;, &quot;), so descriptions are decoded twice and every
// other value once. One pass never decodes its own output ("&amp;lt;" → "&lt;").

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

// The named HTML entities BGG descriptions actually use; others are left as written.
const HTML_ENTITIES: Record<string, string> = {
  ...XML_ENTITIES,
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  times: '×',
  deg: '°',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  aacute: 'á',
  agrave: 'à',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  ccedil: 'ç',
  ntilde: 'ñ',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
};

// Greek letters by name (&alpha; … &Omega;), which BGG descriptions use for Greek words.
const GREEK = [
  'alpha',
  'beta',
  'gamma',
  'delta',
  'epsilon',
  'zeta',
  'eta',
  'theta',
  'iota',
  'kappa',
  'lambda',
  'mu',
  'nu',
  'xi',
  'omicron',
  'pi',
  'rho',
  'sigmaf',
  'sigma',
  'tau',
  'upsilon',
  'phi',
  'chi',
  'psi',
  'omega',
];
for (const [i, name] of GREEK.entries()) {
  HTML_ENTITIES[name] = String.fromCodePoint(0x3b1 + i);
  if (name !== 'sigmaf') HTML_ENTITIES[name[0].toUpperCase() + name.slice(1)] = String.fromCodePoint(0x391 + i);
}

function decode(text: string, named: Record<string, string>): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return Object.hasOwn(named, ref) ? named[ref] : whole;
  });
}

/** Decodes the XML layer only (attribute values, names). */
export function decodeXml(text: string): string {
  return decode(text, XML_ENTITIES);
}

/** Decodes BGG text (descriptions, names): the XML layer, then the HTML layer inside it. */
export function decodeDescription(raw: string): string {
  return repairMojibake(decode(decode(raw, XML_ENTITIES), HTML_ENTITIES));
}

// A run of Latin-1 characters that spell well-formed UTF-8 byte sequences ("GlÃ¼ck").
const UTF8_AS_LATIN1 =
  /(?:[\u00C2-\u00DF][\u0080-\u00BF]|[\u00E0-\u00EF][\u0080-\u00BF]{2}|[\u00F0-\u00F4][\u0080-\u00BF]{3})+/g;

/**
 * Undoes BGG's double encoding of UTF-8 text as Latin-1 character references
 * (`Gl&amp;#195;&amp;#188;ck` → "GlÃ¼ck" → "Glück"). Only runs that decode as valid UTF-8
 * are replaced; real text practically never has such runs (a capital Ã followed by ¼).
 */
export function repairMojibake(text: string): string {
  return text.replace(UTF8_AS_LATIN1, (run) => {
    const fixed = Buffer.from(run, 'latin1').toString('utf8');
    return fixed.includes('\uFFFD') ? run : fixed;
  });
}
