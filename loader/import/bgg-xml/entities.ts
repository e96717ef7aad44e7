// Character references, decoded by the `entities` package (the WHATWG HTML entity table, so
// every named reference BGG writes — &aring;, &frac12;, &Eacute; — is decoded, not a
// hand-picked few). BGG escapes twice in descriptions and names: the XML layer (&amp;,
// &#10;) wraps HTML-escaped text (&rsquo;, &quot;), so they are decoded twice and every
// other value once. One pass never decodes its own output ("&amp;lt;" → "&lt;").

import { decodeHTMLStrict, decodeXML } from 'entities';

/** Decodes the XML layer only (attribute values). */
export function decodeXml(text: string): string {
  return decodeXML(text);
}

/**
 * Decodes BGG text (descriptions, names): the XML layer, then the HTML layer inside it.
 * The HTML layer is strict (a reference needs its `;`), so "AT&T" or "?a=1&copy=2" stay as
 * written; then BGG's Latin-1 mojibake is repaired.
 */
export function decodeDescription(raw: string): string {
  return repairMojibake(decodeHTMLStrict(decodeXML(raw)));
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
