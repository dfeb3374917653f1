import { z } from 'zod';
import { ErrorBody, routeTable, type RouteDef } from '@portal/contracts';

type Json = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): Json =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Json;

const mediaType: Record<RouteDef['produces'], string> = {
  json: 'application/json',
  zip: 'application/zip',
  pdf: 'application/pdf',
  file: 'application/octet-stream',
  text: 'text/plain',
  redirect: 'text/plain',
};

function parameters(def: RouteDef): Json[] {
  const list: Json[] = [];
  const add = (where: 'path' | 'query', schema: z.ZodType | null) => {
    if (!schema || !(schema instanceof z.ZodObject)) return;
    const json = toSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: prop,
      });
    }
  };
  add('path', def.params);
  add('query', def.query);
  if (def.path.includes('{code}')) {
    list.push({
      name: 'X-Region-Code',
      in: 'header',
      required: true,
      schema: { type: 'string', pattern: '^\\d{6}$' },
    });
  }
  if (def.ifMatch === 'required') {
    list.push({
      name: 'If-Match',
      in: 'header',
      required: true,
      description:
        'the version read (the ETag or `version` of the document, e.g. "7"); missing 428, stale 409 (decision 0034)',
      schema: { type: 'string', pattern: '^"[1-9][0-9]*"$' },
    });
  }
  if (def.csrf !== 'none') {
    list.push({
      name: 'X-CSRF-Token',
      in: 'header',
      required: true,
      description:
        def.csrf === 'empty'
          ? 'sent empty: made before any session exists'
          : 'token from GET /api/csrf-token',
      schema: { type: 'string' },
    });
  }
  return list;
}

function operation(def: RouteDef): Json {
  const success: Json =
    def.produces === 'json'
      ? {
          description: 'success',
          content: { 'application/json': { schema: toSchema(def.response, 'output') } },
        }
      : def.produces === 'redirect'
        ? { description: 'redirect' }
        : {
            description: 'file',
            content: { [mediaType[def.produces]]: { schema: { type: 'string', format: 'binary' } } },
          };
  const op: Json = {
    operationId: def.id,
    summary: def.summary,
    tags: [def.tag],
    'x-audience': def.audience,
    'x-sign-in-required': def.auth,
    'x-csrf': def.csrf,
    parameters: parameters(def),
    responses: {
      [String(def.successStatus)]: success,
      default: {
        description: 'error',
        content: { 'application/json': { schema: toSchema(ErrorBody, 'output') } },
      },
    },
  };
  if (def.body === 'multipart') {
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              standard_item_code: { type: 'string' },
              sequence: { type: 'integer' },
              file: { type: 'string', format: 'binary' },
            },
            required: ['standard_item_code', 'file'],
          },
        },
      },
    };
  } else if (def.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: toSchema(def.body, 'input') } },
    };
  }
  return op;
}

/** OpenAPI 3 document built from the route table, the same list the server registers. */
export function buildOpenApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const def of routeTable as readonly RouteDef[]) {
    paths[def.path] ??= {};
    (paths[def.path] as Json)[def.method.toLowerCase()] = operation(def);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Municipal online application portal API',
      version,
      description:
        'Every call carries X-Region-Code; writes carry X-CSRF-Token. Errors: { errors: [{ code, message, field? }] }.',
    },
    paths,
  };
}
