// Slugs for names the demo sources spell out in full (people, aliases): ASCII-folded,
// lowercase, hyphen-separated, so "Klaus-Jürgen Wrede" becomes "klaus-jurgen-wrede".

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
