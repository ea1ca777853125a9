import { z } from 'zod';
import { errorBody } from './common';
import { ENDPOINTS, TAGS, type Endpoint, type ErrorStatus, type Named } from './openapi';

/** The OpenAPI 3.1 document of {@link ENDPOINTS}, schemas from the zod schemas of this package. */

type Json = Record<string, unknown>;

export interface OpenApiOptions {
  /** The session cookie's name (`__Host-12y_session` when NODE_ENV=production). */
  cookieName?: string;
  version?: string;
}

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'Invalid input (details lists each problem)',
  401: 'No admin session, or wrong credentials',
  403: 'Missing or wrong X-CSRF-Token, a cross-site Origin, or a role that may not do this',
  404: 'No such record',
  409: 'Conflicting change (the record changed meanwhile, or its state does not allow this)',
  412: 'If-Match names a version that is no longer current: someone else changed the record; nothing was written. Reload it and try again',
  413: 'The body or file is too large',
  415: 'Unsupported file type',
  416: 'Range not satisfiable',
  422: 'Well-formed but unprocessable input',
  429: 'Too many requests: wait for Retry-After seconds',
  503: 'Not ready, or a server or service this depends on cannot be reached (nothing was changed): retry after Retry-After seconds',
};

/** Optimistic concurrency of admin edits: the version a versioned read or write answers, and the header a write sends. */
const VERSION_ETAG_HEADER: Json = {
  description:
    'The entity\'s version (its event stream\'s version) as a strong ETag, e.g. "3"; send it back in If-Match.',
  schema: { type: 'string', pattern: '^"[0-9]+"$' },
};
const IF_MATCH: Json = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'The version the admin last read: the ETag of a single read, or "<version>" from a list item\'s version field. ' +
    'A stale one answers 412 and writes nothing; without it the write is applied as it comes.',
  schema: { type: 'string' },
};

const TAG_TEXT: Record<string, string> = {
  Auth: 'Admin sessions: an HttpOnly cookie, plus a CSRF token every admin write sends as X-CSRF-Token.',
  Operations: 'The document itself and health checks.',
};

/** A zod schema as JSON Schema (2020-12, the dialect of OpenAPI 3.1), without its $schema keyword. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (io !== 'input' || !(zodSchema instanceof z.ZodObject)) return;
      const shape = zodSchema.shape as Record<string, z.ZodType>;
      // A field that may be left out of a request (a preprocess with a fallback, a default) is not required there.
      if (Array.isArray(jsonSchema.required)) {
        jsonSchema.required = jsonSchema.required.filter((k) => !shape[k]?.safeParse(undefined).success);
        if (jsonSchema.required.length === 0) delete jsonSchema.required;
      }
    },
  }) as Json;
  if (io === 'input') checkedStrings(schema, rest);
  return rest;
}

/**
 * A string trimmed, then checked (an email address) has the input JSON Schema of a bare string: documented with the
 * check's rules instead, so a client (or a fuzzer) knows what is accepted. Fields of objects, and of unions of them.
 */
const isString = (s: z.core.$ZodType) => s._zod.def.type === 'string';

function checkedStrings(schema: z.ZodType, json: Json) {
  if (schema instanceof z.ZodUnion && Array.isArray(json.anyOf)) {
    schema.options.forEach((option, i) => checkedStrings(option as z.ZodType, (json.anyOf as Json[])[i]!));
  }
  if (!(schema instanceof z.ZodObject) || !json.properties) return;
  const properties = json.properties as Record<string, Json>;
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (field instanceof z.ZodPipe && isString(field.in) && isString(field.out))
      properties[key] = { ...properties[key], ...jsonSchemaOf(field.out as z.ZodType, 'output') };
  }
}

export const operationId = (e: Pick<Endpoint, 'method' | 'path'>) =>
  `${e.method}_${e.path
    .replace(/^\//, '')
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')}`;

/** The error statuses an endpoint can answer: its own, and those that follow from its access and input. */
export function errorStatuses(e: Endpoint): ErrorStatus[] {
  const set = new Set<ErrorStatus>(e.errors ?? []);
  if (e.body || e.query || e.paramsValidated) set.add(400);
  if (e.body) set.add(413);
  if (e.access !== 'public') set.add(401);
  if (e.access === 'admin-role' || (e.access === 'admin' && e.method !== 'get')) set.add(403);
  if (e.versioned && e.method !== 'get') set.add(412);
  return [...set].sort((a, b) => a - b);
}

const paramsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * OpenAPI links from the answer of an operation that creates a record to every operation under the record's path:
 * the record's own parameter comes from the answer's id field, the others from the creating request's path.
 */
export function linksOf(e: Endpoint): Json | undefined {
  if (!e.creates) return undefined;
  const { path, from } = e.creates;
  const own = paramsOf(path).at(-1);
  const links: Json = {};
  for (const target of ENDPOINTS) {
    if (target.path !== path && !target.path.startsWith(`${path}/`)) continue;
    const names = paramsOf(target.path);
    // A parameter that neither the answer nor the creating request knows: no link to that operation.
    if (names.some((n) => n !== own && !paramsOf(e.path).includes(n))) continue;
    const parameters = Object.fromEntries(
      names.map((n) => [n, n === own ? `$response.body#/${from}` : `$request.path.${n}`]),
    );
    links[operationId(target)] = { operationId: operationId(target), parameters };
  }
  return Object.keys(links).length > 0 ? links : undefined;
}

/** A tag's place in the document's list: as TAGS orders them, any other after them. */
const tagRank = (tag: string) => {
  const i = (TAGS as readonly string[]).indexOf(tag);
  return i === -1 ? TAGS.length : i;
};

export function buildOpenApiDocument(options: OpenApiOptions = {}): Json {
  const schemas: Record<string, Json> = {};
  const ioOf = new Map<string, 'input' | 'output'>();
  const ref = (n: Named, io: 'input' | 'output'): Json => {
    const seen = ioOf.get(n.name);
    if (seen && seen !== io) throw new Error(`Schema ${n.name} is used both as ${seen} and ${io}`);
    if (!seen) {
      ioOf.set(n.name, io);
      schemas[n.name] = jsonSchemaOf(n.schema, io);
    }
    return { $ref: `#/components/schemas/${n.name}` };
  };
  const errorRef = ref({ name: 'Error', schema: errorBody }, 'output');

  const paths: Record<string, Record<string, Json>> = {};
  const tags: string[] = [];
  for (const e of ENDPOINTS) {
    if (!tags.includes(e.tag)) tags.push(e.tag);
    const parameters: Json[] = [];
    for (const [name, schema] of Object.entries(e.params ?? {})) {
      parameters.push({ name, in: 'path', required: true, schema: jsonSchemaOf(schema, 'input') });
    }
    if (e.versioned && e.method !== 'get') parameters.push(IF_MATCH);
    if (e.query) {
      const q = jsonSchemaOf(e.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
      }
    }

    let requestBody: Json | undefined;
    if (e.body?.kind === 'json') {
      requestBody = {
        required: true,
        content: { 'application/json': { schema: ref(e.body.schema, 'input') } },
      };
    } else if (e.body?.kind === 'multipart') {
      const fields = e.body.fields
        ? (jsonSchemaOf(e.body.fields.schema, 'input') as { properties?: Json; required?: string[] })
        : {};
      requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                [e.body.file]: {
                  type: 'string',
                  format: 'binary',
                  contentMediaType: 'application/octet-stream',
                },
                ...fields.properties,
              },
              required: [...(e.body.fileRequired ? [e.body.file] : []), ...(fields.required ?? [])],
            },
          },
        },
      };
    }

    const responses: Record<string, Json> = {};
    for (const s of e.success) {
      const b = s.body;
      let content: Json | undefined;
      if (b.kind === 'json') {
        const schema =
          'array' in b.schema
            ? { type: 'array', items: ref(b.schema.array, 'output') }
            : ref(b.schema, 'output');
        content = { 'application/json': { schema } };
      } else if (b.kind === 'binary') {
        content = Object.fromEntries(
          b.contentTypes.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }]),
        );
      } else if (b.kind === 'html') {
        content = { 'text/html': { schema: { type: 'string' } } };
      }
      // Links go on the answer that carries the created record (a JSON object).
      const links = b.kind === 'json' && !('array' in b.schema) ? linksOf(e) : undefined;
      responses[String(s.status)] = {
        description: s.description,
        ...(e.versioned && b.kind === 'json' && { headers: { ETag: VERSION_ETAG_HEADER } }),
        ...(content && { content }),
        ...(links && { links }),
      };
    }
    for (const status of errorStatuses(e)) {
      responses[String(status)] = {
        description: ERROR_TEXT[status],
        content: { 'application/json': { schema: errorRef } },
      };
    }

    const write = e.method !== 'get';
    const security =
      e.access === 'public'
        ? undefined
        : [write ? { sessionCookie: [], csrfToken: [] } : { sessionCookie: [] }];
    const who =
      e.access === 'admin-role'
        ? 'Needs an admin session with role admin (an editor gets 403).'
        : e.access === 'admin'
          ? 'Needs an admin session (role admin or editor).'
          : 'Public.';

    paths[e.path] ??= {};
    paths[e.path]![e.method] = {
      operationId: operationId(e),
      tags: [e.tag],
      summary: e.summary,
      description: who + (e.access !== 'public' && write ? ' Send X-CSRF-Token.' : ''),
      ...(parameters.length > 0 && { parameters }),
      ...(requestBody && { requestBody }),
      responses,
      ...(security && { security }),
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: '12Yards API',
      version: options.version ?? '0.1.0',
      description:
        'The public and admin API of the 12Yards platform, as served through the gateway. Every error answer is ' +
        '`{ "error": { "code", "message", "details"? } }`.',
    },
    tags: tags
      .sort((a, b) => tagRank(a) - tagRank(b))
      .map((name) => ({ name, ...(TAG_TEXT[name] && { description: TAG_TEXT[name] }) })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: options.cookieName ?? '12y_session',
          description: 'Set by POST /api/auth/login.',
        },
        csrfToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-CSRF-Token',
          description: 'The csrfToken of /api/auth/login or /api/auth/me; needed on every admin write.',
        },
      },
    },
  };
}
