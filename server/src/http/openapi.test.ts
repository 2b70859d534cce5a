import { identityRoutes, userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.ts';

describe('openApiDocument', () => {
  const doc = openApiDocument(Object.values(userRoutes));

  it('is an OpenAPI 3.1 document with every contract', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const contract of Object.values(userRoutes)) {
      expect(doc.paths[`/api${contract.path}`]?.[contract.method]).toBeDefined();
    }
  });

  it('describes the request body, the token and the success envelope', () => {
    expect(doc.paths['/api/user/login']?.post).toMatchObject({
      security: [],
      requestBody: {
        content: { 'application/json': { schema: { properties: { query: { type: 'string' } } } } },
      },
      responses: {
        200: { content: { 'application/json': { schema: { properties: { code: { const: 1 } } } } } },
      },
    });
    expect(doc.paths['/api/user/info']?.get).toMatchObject({ security: [{ token: [] }] });
  });

  it('describes an upload as multipart', () => {
    expect(doc.paths['/api/user/editAvatar']?.post).toMatchObject({
      requestBody: { content: { 'multipart/form-data': { schema: { required: ['file'] } } } },
    });
  });

  it('describes an upload beside a body as its fields, in JSON or multipart with the optional file', () => {
    const submit = openApiDocument([identityRoutes.submitRealName]).paths['/api/user/realName']?.post;
    expect(submit).toMatchObject({
      requestBody: {
        content: {
          'application/json': { schema: { required: ['realName', 'idNumber'] } },
          'multipart/form-data': {
            schema: {
              required: ['realName', 'idNumber'],
              properties: { realName: { type: 'string' }, idNumber: { type: 'string' }, photo: {} },
            },
          },
        },
      },
    });
  });

  it('turns :params into {params}', () => {
    const paths = openApiDocument([{ ...userRoutes.info, path: '/user/:id/info' }]).paths;
    expect(Object.keys(paths)).toEqual(['/api/user/{id}/info']);
  });
});
