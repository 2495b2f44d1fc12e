import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, listEndpoints, toOpenApiPath } from '../src/contract/index.js';

describe('OpenAPI 3.1 document', () => {
  const doc = buildOpenApiDocument(listEndpoints(), { version: '0.0.0-test' });

  it('is valid against the OpenAPI 3.1 schema', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('has an operation for every contract entry', () => {
    const paths = doc.paths as Record<string, Record<string, { operationId: string }>>;
    for (const { domain, name, endpoint } of listEndpoints()) {
      const op = paths[toOpenApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(op?.operationId, `${endpoint.method} ${endpoint.path}`).toBe(`${domain}.${name}`);
    }
  });

  it('marks the calls added to the specification as extensions', () => {
    const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
    expect(paths['/game']?.post?.['x-companion-extension']).toBe(true);
    expect(paths['/set/{id}']?.delete?.['x-companion-extension']).toBe(true);
    expect(paths['/user/lists/{id}/import']?.post?.['x-companion-extension']).toBe(true);
    expect(paths['/ping']?.get?.['x-companion-extension']).toBe(true);
    expect(paths['/user/lists']?.get?.['x-companion-extension']).toBeUndefined();
  });

  it('describes uploads as multipart with a binary file', () => {
    const paths = doc.paths as Record<
      string,
      Record<
        string,
        { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }
      >
    >;
    const upload = paths['/user/picture']?.post?.requestBody?.content['multipart/form-data'];
    expect(upload?.schema.properties.file).toEqual({ type: 'string', format: 'binary' });
  });
});
