import { z } from 'zod';
import { ErrorBody } from './common.js';
import type { AnyEndpoint } from './endpoint.js';
import { toOpenApiPath } from './endpoint.js';
import { HEADERS } from './protocol.js';
import { EXPORT_FORMATS, exportFile } from './values.js';

/** The media types of a text answer: the files of the export formats (CSV, text, XML). */
const TEXT_CONTENT = Object.fromEntries(
  [...new Set(EXPORT_FORMATS.map((format) => exportFile(format).mediaType))].map((type) => [
    type,
    { schema: { type: 'string' } },
  ]),
);

/** A JSON object, as the OpenAPI document and its parts are typed. */
export type JsonObject = Record<string, unknown>;

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Invalid request (code 10), bad API key (11), bad signature (12) or stale timestamp (13)',
  '401': 'No valid session (50, 51, 52) or email not verified (53)',
  '403': 'You do not have permission to perform this action.',
  '404': 'The requested resource was not found.',
  '409': 'Conflict: the value is taken or the resource changed',
  '422': 'The text took longer to read than the server allows (84): send it in smaller parts',
  '429': 'Too many requests',
  '500': 'A server error occurred. Please try again later.',
};

/**
 * Converts a zod schema to JSON Schema 2020-12 (the dialect of OpenAPI 3.1), moving named schemas
 * (those with `.meta({ id })`) to `components.schemas`.
 */
function makeConverter(components: JsonObject) {
  return (schema: z.ZodType, io: 'input' | 'output'): JsonObject => {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      override: (ctx) => {
        const def = (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def;
        if (def?.type === 'custom') {
          ctx.jsonSchema.type = 'string';
          ctx.jsonSchema.format = 'binary';
        }
      },
    }) as JsonObject;
    const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
    delete json.$defs;
    delete json.$schema;
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value && typeof value === 'object') {
        const out: JsonObject = {};
        for (const [k, v] of Object.entries(value)) {
          out[k] =
            k === '$ref' && typeof v === 'string'
              ? v.replace('#/$defs/', '#/components/schemas/')
              : rewrite(v);
        }
        return out;
      }
      return value;
    };
    // Requests and responses are both described as sent (the input form: a field with a default
    // may be left out), so a named schema has one form.
    for (const [name, def] of Object.entries(defs)) components[name] ??= rewrite(def);
    return rewrite(json) as JsonObject;
  };
}

function parametersOf(
  schema: z.ZodType | undefined,
  where: 'path' | 'query',
  convert: ReturnType<typeof makeConverter>,
) {
  if (!schema) return [];
  const json = convert(schema, 'input');
  const props = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, propSchema]) => ({
    name,
    in: where,
    required: where === 'path' ? true : required.has(name),
    ...(typeof propSchema.description === 'string' ? { description: propSchema.description } : {}),
    schema: propSchema,
  }));
}

/** Builds the OpenAPI 3.1 document of the contract. */
export function buildOpenApiDocument(
  endpoints: Array<{ domain: string; name: string; endpoint: AnyEndpoint }>,
  info: { version: string; serverUrl?: string },
): JsonObject {
  const components: JsonObject = {};
  const convert = makeConverter(components);
  const paths: Record<string, Record<string, JsonObject>> = {};
  const errorSchema = convert(ErrorBody, 'output');

  for (const { domain, name, endpoint: ep } of endpoints) {
    const path = toOpenApiPath(ep.path);
    const security =
      ep.auth === 'public'
        ? [{ apiKey: [], signature: [] }]
        : ep.auth === 'optional'
          ? [
              { apiKey: [], signature: [] },
              { apiKey: [], signature: [], session: [] },
            ]
          : [{ apiKey: [], signature: [], [ep.auth === 'identity' ? 'identityToken' : 'session']: [] }];
    const operation: JsonObject = {
      operationId: `${domain}.${name}`,
      summary: ep.summary,
      ...(ep.description ? { description: ep.description } : {}),
      tags: [...ep.tags],
      parameters: [
        ...parametersOf(ep.params, 'path', convert),
        ...parametersOf(ep.query, 'query', convert),
        { $ref: '#/components/parameters/Timestamp' },
        { $ref: '#/components/parameters/Device' },
      ],
      security,
      responses: {
        [String(ep.status)]: {
          description: 'Success',
          content:
            ep.responseType === 'text'
              ? TEXT_CONTENT
              : // As sent: a field at its default may be left out (it says its default).
                { 'application/json': { schema: convert(ep.response, 'input') } },
        },
        ...Object.fromEntries(
          Object.entries(ERROR_RESPONSES).map(([status, description]) => [
            status,
            { description, content: { 'application/json': { schema: errorSchema } } },
          ]),
        ),
      },
      ...(ep.extension ? { 'x-companion-extension': true } : {}),
      'x-companion-auth': ep.auth,
      'x-companion-verified': ep.verified,
    };
    if (ep.body) {
      operation.requestBody = {
        required: true,
        content:
          ep.bodyType === 'multipart'
            ? { 'multipart/form-data': { schema: convert(ep.body, 'input') } }
            : { 'application/json': { schema: convert(ep.body, 'input') } },
      };
    }
    paths[path] ??= {};
    (paths[path] as Record<string, JsonObject>)[ep.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Companion API',
      version: info.version,
      description:
        'The API behind Companion, the companion app for Magic: The Gathering players. Every request is ' +
        'signed: see the SDK README for the canonical string.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      schemas: components,
      parameters: {
        Timestamp: {
          name: HEADERS.timestamp,
          in: 'header',
          required: true,
          description: 'Milliseconds since the epoch; must be within 5 minutes of the server clock',
          schema: { type: 'string', pattern: '^[0-9]{10,16}$' },
        },
        Device: {
          name: HEADERS.device,
          in: 'header',
          required: true,
          description: 'Device marker: web, ios, android, bot…',
          schema: { type: 'string' },
        },
      },
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: HEADERS.apiKey },
        signature: {
          type: 'apiKey',
          in: 'header',
          name: HEADERS.signature,
          description: 'Hex SHA-256 of the canonical string (see the SDK README)',
        },
        session: {
          type: 'http',
          scheme: 'bearer',
          description: 'Session token from /auth/signin or /auth/login',
        },
        identityToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Firebase ID token',
        },
      },
    },
  };
}
