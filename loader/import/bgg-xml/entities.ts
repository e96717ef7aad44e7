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
  return decode(decode(raw, XML_ENTITIES), HTML_ENTITIES);
}
