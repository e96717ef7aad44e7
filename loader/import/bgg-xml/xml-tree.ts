// Narrowing helpers over fast-xml-parser's untyped output, so the rest of the importer
// works with `unknown` instead of `any`. Attributes are prefixed "@".

export type XmlNode = Record<string, unknown>;

export function asNode(value: unknown): XmlNode | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as XmlNode) : undefined;
}

/** Child elements of one name (always a list; the parser is told which tags repeat). */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const out: XmlNode[] = [];
  for (const v of list) {
    const n = asNode(v);
    if (n) out.push(n);
    else if (v === '') out.push({});
  }
  return out;
}

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return children(node, name)[0];
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[`@${name}`];
  return typeof value === 'string' ? value : undefined;
}

/** The `value` attribute of a child element (`<minplayers value="2"/>`). */
export function childValue(node: XmlNode | undefined, name: string): string | undefined {
  return attr(child(node, name), 'value');
}

/** The text content of an element (a bare string, or `#text` next to attributes). */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const node = asNode(value);
  const t = node?.['#text'];
  return typeof t === 'string' ? t : undefined;
}

/** An integer attribute value; undefined when absent or not a number. */
export function int(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
}

export function num(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
