import { failureEnvelope, type RouteContract } from '@bourse/shared';
import { z } from 'zod';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // OpenAPI 3.1 embeds JSON Schema 2020-12 as is, minus the per-document $schema.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const json = (schema: unknown) => ({ 'application/json': { schema } });

function operation(contract: RouteContract) {
  const parameters: unknown[] = [];
  if (contract.query) {
    const query = jsonSchema(contract.query, 'input');
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  if (contract.idempotent) {
    parameters.push({ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string' } });
  }
  let requestBody: unknown;
  if (contract.body) requestBody = { required: true, content: json(jsonSchema(contract.body, 'input')) };
  if (contract.upload) {
    const { field, maxBytes, mimeTypes, maxFiles } = contract.upload;
    const file = { description: `The file, at most ${maxBytes} bytes` };
    // With a body, the file is an optional attachment to its fields (sent as JSON or as multipart).
    const fields = contract.body ? jsonSchema(contract.body, 'input') : undefined;
    requestBody = {
      required: true,
      content: {
        ...(fields && json(fields)),
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: fields ? (fields.required ?? []) : [field],
            properties: {
              ...fields?.properties,
              [field]:
                maxFiles === undefined
                  ? file
                  : {
                      type: 'array',
                      items: file,
                      maxItems: maxFiles,
                      description: `Up to ${maxFiles} files`,
                    },
            },
          },
          encoding: { [field]: { contentType: mimeTypes.join(', ') } },
        },
      },
    };
  }
  const data = jsonSchema(contract.response, 'output');
  return {
    summary: contract.summary,
    'x-auth': contract.auth,
    security: contract.auth === 'public' ? [] : [{ token: [] }],
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody !== undefined && { requestBody }),
    responses: {
      200: {
        description: 'Success envelope',
        content: json({
          type: 'object',
          required: ['code', 'msg', 'data'],
          properties: { code: { const: 1 }, msg: { const: 'ok' }, data },
        }),
      },
      default: {
        description: "Failure envelope in the request's language",
        content: json({ $ref: '#/components/schemas/Failure' }),
      },
    },
  };
}

/** The OpenAPI 3.1 document of the mounted contracts, served at /api/openapi.json. */
export function openApiDocument(contracts: readonly RouteContract[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of contracts) {
    const path = `/api${contract.path.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] = { ...paths[path], [contract.method]: operation(contract) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Bourse API', version: '1.0.0' },
    paths,
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      schemas: { Failure: jsonSchema(failureEnvelope, 'output') },
    },
  };
}
