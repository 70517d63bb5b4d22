// The OpenAPI 3.1 document of every endpoint in the contracts tables (and of the relay's /v1,
// relay-paths.ts). zod-openapi turns the zod 4 schemas into JSON Schema through zod's own
// z.toJSONSchema, so the reference cannot drift from the validation the server runs.
import { allEndpoints, type Endpoint, ROLE_VALUE } from '@switchyard/contracts/endpoints';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
} from 'zod-openapi';
import { addRelayPaths, RELAY_SECURITY_SCHEMES } from './relay-paths';

/** `/api/token/:id` as OpenAPI spells it: `/api/token/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Parameters are listed from an object schema, also one that falls back with `.catch` (a query
 * the handler checks itself, e.g. to redirect with the reason). */
function objectOrUndefined(schema: z.ZodType | undefined): z.ZodObject | undefined {
  const inner = schema instanceof z.ZodCatch ? schema.unwrap() : schema;
  return inner instanceof z.ZodObject ? inner : undefined;
}

const envelope = (endpoint: Endpoint) =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    data: endpoint.reply,
    ...(endpoint.beside?.shape ?? {}),
  });

function responses(endpoint: Endpoint): ZodOpenApiOperationObject['responses'] {
  if (endpoint.redirect) {
    return {
      '302': { description: 'A redirect (the Location header); a refusal is the JSON envelope.' },
    };
  }
  return {
    '200': {
      description: endpoint.bare
        ? 'The document itself.'
        : 'The {success, message, data} envelope; success false carries a message.',
      content: {
        'application/json': { schema: endpoint.bare ? endpoint.reply : envelope(endpoint) },
      },
    },
  };
}

function access(endpoint: Endpoint): string {
  if (endpoint.role === 'guest') return 'Open to guests.';
  const role = `Needs role ${endpoint.role} (${ROLE_VALUE[endpoint.role]}) or above`;
  return endpoint.sessionOnly
    ? `${role}, signed in by session (an access token is refused).`
    : `${role}.`;
}

function operation(domain: string, name: string, endpoint: Endpoint): ZodOpenApiOperationObject {
  const signedIn = endpoint.role !== 'guest';
  const security: Record<string, string[]>[] = endpoint.sessionOnly
    ? [{ session: [] }]
    : [{ session: [] }, { accessToken: [] }];
  const path = objectOrUndefined(endpoint.params);
  const query = objectOrUndefined(endpoint.query);
  return {
    operationId: `${domain}.${name}`,
    summary: endpoint.summary,
    tags: [domain],
    description: access(endpoint),
    security: signedIn ? security : [],
    // zod-openapi reads a present key as a schema: absent parts are left out, not undefined.
    requestParams: {
      ...(path ? { path } : {}),
      ...(query ? { query } : {}),
    },
    ...(endpoint.body
      ? { requestBody: { content: { 'application/json': { schema: endpoint.body } } } }
      : {}),
    responses: responses(endpoint),
  };
}

export function createOpenApiDocument(version: string): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const { domain, name, endpoint } of allEndpoints()) {
    const path = openApiPath(endpoint.path);
    const item = paths[path] ?? {};
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    item[method] = operation(domain, name, endpoint);
    paths[path] = item;
  }
  addRelayPaths(paths);
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Switchyard management API', version },
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'switchyard_session' },
        accessToken: { type: 'http', scheme: 'bearer' },
        ...RELAY_SECURITY_SCHEMES,
      },
    },
  });
}
