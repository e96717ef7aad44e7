// JSON values, and the few shapes of an OpenAPI 3.1 document this server writes.

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function isJsonObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonObject;
  style?: 'form' | 'simple';
  explode?: boolean;
}

export interface MediaTypeObject {
  schema: JsonObject;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters: ParameterObject[];
  requestBody?: { required: boolean; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
  /** Set on routes registered without a RouteDoc (a test forbids them). */
  'x-undocumented'?: boolean;
}

export type PathItem = Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OperationObject>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, PathItem>;
  components: { schemas: Record<string, JsonObject>; securitySchemes: Record<string, JsonObject> };
}
