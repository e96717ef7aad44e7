// The /docs reference page: plain HTML rendered from the OpenAPI document, self-contained
// (inline CSS, no scripts, no external resources — the page must work offline and under a
// `default-src 'none'` content security policy).

import { isJsonObject, type Json, type JsonObject, type OpenApiDocument, type OperationObject } from './json.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const REF_PREFIX = '#/components/schemas/';

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2430;background:#fafafa}
main{max-width:64rem;margin:0 auto;padding:1rem 1.5rem 4rem}
h1{margin-bottom:.2rem}h2{border-bottom:2px solid #d8dde6;padding-bottom:.2rem;margin-top:2.5rem}
section.op{background:#fff;border:1px solid #d8dde6;border-radius:6px;padding:.6rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.2rem;font-weight:700;text-transform:uppercase;color:#fff;background:#3867d6;border-radius:4px;text-align:center;margin-right:.5rem}
.method.post{background:#20bf6b}.method.delete{background:#eb3b5a}.method.put,.method.patch{background:#fa8231}
code,.path{font-family:ui-monospace,monospace;font-size:.92em}
table{border-collapse:collapse;width:100%;margin:.4rem 0}th,td{text-align:left;vertical-align:top;border-top:1px solid #e4e7ec;padding:.25rem .5rem}
th{font-weight:600;background:#f3f5f8}.muted{color:#5b6473}nav ul{columns:2}
`;

export function renderDocsPage(doc: OpenApiDocument, specPath: string): string {
  const operations = listOperations(doc);
  const byTag = new Map<string, typeof operations>();
  for (const op of operations) {
    const tag = op.operation.tags[0] ?? 'other';
    byTag.set(tag, [...(byTag.get(tag) ?? []), op]);
  }
  const parts: string[] = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(doc.info.title)} ${esc(doc.info.version)} reference</title><style>${STYLE}</style></head><body><main>`,
    `<h1>${esc(doc.info.title)} <span class="muted">${esc(doc.info.version)}</span></h1>`,
    `<p>${prose(doc.info.description)}</p>`,
    `<p>Machine-readable: <a href="${esc(specPath)}">${esc(specPath)}</a> (OpenAPI ${esc(doc.openapi)}). Every error is an RFC 9457 problem (<a href="#schema-Problem">Problem</a>).</p>`,
    '<nav><h2>Operations</h2><ul>',
    ...operations.map(
      (op) =>
        `<li><a href="#${esc(op.operation.operationId)}"><span class="method ${op.method}">${op.method}</span><span class="path">${esc(op.path)}</span></a></li>`,
    ),
    '</ul></nav>',
  ];
  for (const [tag, ops] of byTag) {
    parts.push(`<h2>${esc(tag)}</h2>`);
    for (const op of ops) parts.push(renderOperation(op.method, op.path, op.operation));
  }
  parts.push('<h2 id="schemas">Schemas</h2>');
  for (const [name, schema] of Object.entries(doc.components.schemas)) parts.push(renderSchema(name, schema));
  parts.push('</main></body></html>');
  return parts.join('\n');
}

export function listOperations(doc: OpenApiDocument): { method: string; path: string; operation: OperationObject }[] {
  const out: { method: string; path: string; operation: OperationObject }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) out.push({ method, path, operation });
    }
  }
  return out;
}

function renderOperation(method: string, path: string, op: OperationObject): string {
  const parts = [
    `<section class="op" id="${esc(op.operationId)}">`,
    `<h3><span class="method ${method}">${method}</span><span class="path">${esc(path)}</span></h3>`,
    `<p><strong>${esc(op.summary)}</strong></p>`,
  ];
  if (op.description) parts.push(`<p>${prose(op.description)}</p>`);
  if (op.parameters.length > 0) {
    parts.push('<table><tr><th>parameter</th><th>in</th><th>type</th><th>description</th></tr>');
    for (const p of op.parameters) {
      const flag = p.required ? ' <span class="muted">(required)</span>' : '';
      parts.push(
        `<tr><td><code>${esc(p.name)}</code>${flag}</td><td>${p.in}</td><td>${typeOf(p.schema)}</td><td>${prose(p.description ?? '')}</td></tr>`,
      );
    }
    parts.push('</table>');
  }
  if (op.requestBody) {
    for (const [mediaType, media] of Object.entries(op.requestBody.content)) {
      parts.push(`<p>Request body (<code>${esc(mediaType)}</code>): ${typeOf(media.schema)}</p>`);
    }
  }
  parts.push('<table><tr><th>status</th><th>description</th><th>content</th></tr>');
  for (const [status, response] of Object.entries(op.responses)) {
    const content = Object.entries(response.content ?? {})
      .map(([mediaType, media]) => `<code>${esc(mediaType)}</code>: ${typeOf(media.schema)}`)
      .join('<br>');
    parts.push(`<tr><td>${esc(status)}</td><td>${prose(response.description)}</td><td>${content}</td></tr>`);
  }
  parts.push('</table></section>');
  return parts.join('\n');
}

function renderSchema(name: string, schema: JsonObject): string {
  const parts = [`<section class="op" id="schema-${esc(name)}"><h3>${esc(name)}</h3>`];
  if (typeof schema.description === 'string') parts.push(`<p>${prose(schema.description)}</p>`);
  const properties = isJsonObject(schema.properties) ? schema.properties : undefined;
  if (properties) {
    const required = Array.isArray(schema.required) ? schema.required : [];
    parts.push('<table><tr><th>member</th><th>type</th><th>description</th></tr>');
    for (const [member, value] of Object.entries(properties)) {
      const property = isJsonObject(value) ? value : {};
      const flag = required.includes(member) ? '' : ' <span class="muted">(optional)</span>';
      const description = typeof property.description === 'string' ? property.description : '';
      parts.push(
        `<tr><td><code>${esc(member)}</code>${flag}</td><td>${typeOf(property)}</td><td>${prose(description)}</td></tr>`,
      );
    }
    parts.push('</table>');
  } else {
    parts.push(`<p>${typeOf(schema)}</p>`);
  }
  parts.push('</section>');
  return parts.join('\n');
}

/** A short, linked rendering of a schema's type: `Game`, `array of Link`, `integer | null`. */
function typeOf(schema: Json | undefined): string {
  if (!isJsonObject(schema)) return 'any';
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith(REF_PREFIX)) {
    const name = schema.$ref.slice(REF_PREFIX.length);
    return `<a href="#schema-${esc(name)}">${esc(name)}</a>`;
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return union.map(typeOf).join(' | ');
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(' | ');
  if (schema.const !== undefined) return `<code>${esc(JSON.stringify(schema.const))}</code>`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const rendered = types.map((type) => {
    if (type === 'array') return `array of ${typeOf(schema.items)}`;
    if (type === 'object' && isJsonObject(schema.additionalProperties))
      return `map of ${typeOf(schema.additionalProperties)}`;
    return esc(String(type)) + bounds(schema, String(type));
  });
  return rendered.length > 0 ? rendered.join(' | ') : 'any';
}

/** `1–5` style bounds, except the ±2^53 zod writes on every plain integer. */
function bounds(schema: JsonObject, type: string): string {
  if (type !== 'integer' && type !== 'number') return '';
  const min =
    typeof schema.minimum === 'number' && Math.abs(schema.minimum) < Number.MAX_SAFE_INTEGER
      ? schema.minimum
      : undefined;
  const max =
    typeof schema.maximum === 'number' && Math.abs(schema.maximum) < Number.MAX_SAFE_INTEGER
      ? schema.maximum
      : undefined;
  if (min === undefined && max === undefined) return '';
  return ` <span class="muted">${min ?? ''}–${max ?? ''}</span>`;
}

/** Escaped text with `code` spans, the one markup the descriptions use. */
function prose(text: string): string {
  return esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
