// Text folding shared by the name sort key and the full-text index (SPEC-NOTES D56):
// compatibility-normalized, case-folded, diacritics stripped.

// Only the diacritical-mark blocks: kana voicing marks (U+3099/309A) and other scripts'
// combining characters are part of the letter and must survive folding.
const COMBINING_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/g;
const LEADING_ARTICLE = /^(the|a|an)\s+/;

/** "Ｃａｒｃａｓｓｏｎｎｅ", "Çarcassonne" and "carcassonne" all fold to "carcassonne". */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').normalize('NFKC').toLowerCase();
}

/** The `name` sort key: folded, trimmed, leading English article removed (D1 sort_name). */
export function sortName(name: string): string {
  const folded = foldText(name).trim().replace(/\s+/g, ' ');
  const stripped = folded.replace(LEADING_ARTICLE, '');
  return stripped.length > 0 ? stripped : folded;
}
