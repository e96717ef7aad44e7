// Structural checks of an OpenAPI 3.1 document, written out because no validator package is
// installed: the required members, path templates against path parameters, unique operation
// ids, response codes, media types, and that every local $ref resolves. Returns the problems
// found (empty when the document is sound), each naming where it is.

import { isJsonObject, type Json, type JsonObject } from './json.js';

const OPERATION_KEYS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const PATH_ITEM_KEYS = [...OPERATION_KEYS, '$ref', 'summary', 'description', 'servers', 'parameters'];
const PARAMETER_LOCATIONS = ['query', 'header', 'path', 'cookie'];
const JSON_TYPES = ['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'];
const COMPONENT_NAME = /^[a-zA-Z0-9._-]+$/;
const RESPONSE_CODE = /^(default|[1-5](\d\d|XX))$/;

export function checkOpenApiDocument(document: unknown): string[] {
  const problems: string[] = [];
  const doc = document as Json;
  if (!isJsonObject(doc)) return ['the document is not an object'];
  if (typeof doc.openapi !== 'string' || !/^3\.1\.\d+$/.test(doc.openapi)) problems.push('openapi: must be 3.1.x');
  const info = doc.info;
  if (
    !isJsonObject(info) ||
    typeof info.title !== 'string' ||
    !info.title ||
    typeof info.version !== 'string' ||
    !info.version
  ) {
    problems.push('info: title and version are required strings');
  }
  if (!isJsonObject(doc.paths)) problems.push('paths: must be an object');
  else checkPaths(doc.paths, problems);
  const schemas = isJsonObject(doc.components) ? doc.components.schemas : undefined;
  if (schemas !== undefined) {
    if (!isJsonObject(schemas)) problems.push('components.schemas: must be an object');
    else {
      for (const [name, schema] of Object.entries(schemas)) {
        if (!COMPONENT_NAME.test(name)) problems.push(`components.schemas.${name}: name must match ${COMPONENT_NAME}`);
        checkSchema(schema, `components.schemas.${name}`, problems);
      }
    }
  }
  checkRefs(doc, doc, '#', problems);
  return problems;
}

function checkPaths(paths: JsonObject, problems: string[]): void {
  const operationIds = new Map<string, string>();
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith('/')) problems.push(`paths.${path}: must start with /`);
    if (path.includes(':')) problems.push(`paths.${path}: uses :param; OpenAPI templates are {param}`);
    if (!isJsonObject(item)) {
      problems.push(`paths.${path}: must be a Path Item object`);
      continue;
    }
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const key of Object.keys(item))
      if (!PATH_ITEM_KEYS.includes(key)) problems.push(`paths.${path}.${key}: not a Path Item member`);
    for (const method of OPERATION_KEYS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const where = `paths.${path}.${method}`;
      if (!isJsonObject(operation)) {
        problems.push(`${where}: must be an Operation object`);
        continue;
      }
      if (typeof operation.operationId === 'string') {
        const previous = operationIds.get(operation.operationId);
        if (previous) problems.push(`${where}.operationId: "${operation.operationId}" also used by ${previous}`);
        operationIds.set(operation.operationId, where);
      }
      if (
        operation.tags !== undefined &&
        (!Array.isArray(operation.tags) || operation.tags.some((t) => typeof t !== 'string'))
      ) {
        problems.push(`${where}.tags: must be a list of strings`);
      }
      checkParameters(operation.parameters, templated, where, problems);
      if (operation.requestBody !== undefined)
        checkContent(
          isJsonObject(operation.requestBody) ? operation.requestBody.content : undefined,
          `${where}.requestBody`,
          problems,
          true,
        );
      checkResponses(operation.responses, where, problems);
    }
  }
}

function checkParameters(parameters: Json | undefined, templated: string[], where: string, problems: string[]): void {
  const list = parameters === undefined ? [] : parameters;
  if (!Array.isArray(list)) {
    problems.push(`${where}.parameters: must be a list`);
    return;
  }
  const seen = new Set<string>();
  const inPath = new Set<string>();
  list.forEach((parameter, i) => {
    const at = `${where}.parameters[${i}]`;
    if (!isJsonObject(parameter) || typeof parameter.name !== 'string' || typeof parameter.in !== 'string') {
      problems.push(`${at}: name and in are required`);
      return;
    }
    if (!PARAMETER_LOCATIONS.includes(parameter.in))
      problems.push(`${at}.in: must be one of ${PARAMETER_LOCATIONS.join(', ')}`);
    const key = `${parameter.in}:${parameter.name}`;
    if (seen.has(key)) problems.push(`${at}: ${key} is declared twice`);
    seen.add(key);
    if (parameter.in === 'path') {
      inPath.add(parameter.name);
      if (parameter.required !== true) problems.push(`${at}: path parameters must be required: true`);
      if (!templated.includes(parameter.name))
        problems.push(`${at}: path parameter ${parameter.name} is not in the path template`);
    }
    if ((parameter.schema === undefined) === (parameter.content === undefined))
      problems.push(`${at}: needs exactly one of schema, content`);
    if (parameter.schema !== undefined) checkSchema(parameter.schema, `${at}.schema`, problems);
  });
  for (const name of templated)
    if (!inPath.has(name)) problems.push(`${where}: path parameter {${name}} is not declared`);
}

function checkResponses(responses: Json | undefined, where: string, problems: string[]): void {
  if (!isJsonObject(responses) || Object.keys(responses).length === 0) {
    problems.push(`${where}.responses: at least one response is required`);
    return;
  }
  for (const [code, response] of Object.entries(responses)) {
    const at = `${where}.responses.${code}`;
    if (!RESPONSE_CODE.test(code)) problems.push(`${at}: not a status code, nXX or default`);
    if (!isJsonObject(response) || typeof response.description !== 'string') {
      problems.push(`${at}: description is required`);
      continue;
    }
    if (response.content !== undefined) checkContent(response.content, at, problems, false);
  }
}

function checkContent(content: Json | undefined, where: string, problems: string[], required: boolean): void {
  if (!isJsonObject(content) || (required && Object.keys(content).length === 0)) {
    problems.push(`${where}.content: must map media types to Media Type objects`);
    return;
  }
  for (const [mediaType, media] of Object.entries(content)) {
    const at = `${where}.content.${mediaType}`;
    if (!/^[\w.+-]+\/[\w.+*-]+$/.test(mediaType)) problems.push(`${at}: not a media type`);
    if (!isJsonObject(media)) problems.push(`${at}: must be a Media Type object`);
    else if (media.schema !== undefined) checkSchema(media.schema, `${at}.schema`, problems);
  }
}

/** The parts of JSON Schema a generator gets wrong: type names, required against properties. */
function checkSchema(schema: Json, where: string, problems: string[]): void {
  if (typeof schema === 'boolean') return;
  if (!isJsonObject(schema)) {
    problems.push(`${where}: a schema must be an object or boolean`);
    return;
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  for (const type of types)
    if (typeof type !== 'string' || !JSON_TYPES.includes(type))
      problems.push(`${where}.type: ${String(type)} is not a JSON type`);
  if ('nullable' in schema) problems.push(`${where}: nullable is OpenAPI 3.0; 3.1 writes type: [..., "null"]`);
  if (schema.required !== undefined) {
    const properties = isJsonObject(schema.properties) ? schema.properties : {};
    if (!Array.isArray(schema.required)) problems.push(`${where}.required: must be a list`);
    else
      for (const name of schema.required)
        if (typeof name !== 'string' || !(name in properties))
          problems.push(`${where}.required: ${String(name)} is not a property`);
  }
  for (const key of ['properties', 'patternProperties', '$defs']) {
    const members = schema[key];
    if (isJsonObject(members))
      for (const [name, member] of Object.entries(members)) checkSchema(member, `${where}.${key}.${name}`, problems);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'propertyNames']) {
    const member = schema[key];
    if (member !== undefined) checkSchema(member, `${where}.${key}`, problems);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const members = schema[key];
    if (members === undefined) continue;
    if (!Array.isArray(members) || members.length === 0) problems.push(`${where}.${key}: must be a non-empty list`);
    else for (const [i, member] of members.entries()) checkSchema(member, `${where}.${key}[${i}]`, problems);
  }
}

/** Every `$ref` in the document must be a local JSON pointer that resolves. */
function checkRefs(value: Json, root: JsonObject, where: string, problems: string[]): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) checkRefs(item, root, `${where}/${i}`, problems);
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string') {
      if (!item.startsWith('#/')) problems.push(`${where}: $ref ${item} is not a local reference`);
      else if (resolvePointer(root, item) === undefined) problems.push(`${where}: $ref ${item} does not resolve`);
    } else {
      checkRefs(item, root, `${where}/${key}`, problems);
    }
  }
}

export function resolvePointer(root: Json, ref: string): Json | undefined {
  let node: Json | undefined = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isJsonObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}
