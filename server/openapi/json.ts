// JSON values, and the few shapes of an OpenAPI 3.1 document this server writes.

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function isJsonObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface Reference {
  $ref: string;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonObject;
  style?: 'form' | 'simple';
  explode?: boolean;
  /** Another spelling of the parameter named here (the contract's or the canonical name). */
  'x-alias-of'?: string;
}

export interface MediaTypeObject {
  schema: JsonObject;
  example?: Json;
}

export interface HeaderObject {
  description: string;
  schema: JsonObject;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, Reference>;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters: ParameterObject[];
  requestBody?: { required: boolean; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject | Reference>;
  security?: Record<string, string[]>[];
  /** Set on routes registered without a RouteDoc (a test forbids them). */
  'x-undocumented'?: boolean;
}

export type PathItem = Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OperationObject>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonObject>;
    responses: Record<string, ResponseObject>;
    headers: Record<string, HeaderObject>;
    securitySchemes: Record<string, JsonObject>;
  };
}

export function isReference(value: object): value is Reference {
  return '$ref' in value;
}

/** Every operation of a document, in document order. */
export function listOperations(doc: OpenApiDocument): { method: string; path: string; operation: OperationObject }[] {
  const out: { method: string; path: string; operation: OperationObject }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (operation) out.push({ method, path, operation });
    }
  }
  return out;
}
