import { randomUUID } from 'node:crypto';

import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, loginAs, type RoleSession, type TestApp } from './helpers.ts';

/*
 * `docs/domain.md`, "ER-03": arbitrary strings — control characters, NUL, lone surrogates,
 * right-to-left overrides, quotes, wildcards, any code point — in every text field of every route
 * of the OpenAPI document (body, query and path), sent by a caller the route admits, never
 * answer a 5xx (the dependency codes of a gateway or WhatsApp that is not configured excepted:
 * those are the product's answer, not a fault).
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** A text field of a route: where it is and its dotted name. */
interface TextField {
  method: string;
  url: string;
  where: 'body' | 'query' | 'path';
  name: string;
}

/** Dependency answers that are the product's own 503, not faults (`docs/domain.md`, §7 "Error contract"). */
const EXPECTED_UNAVAILABLE = new Set(['GATEWAY_UNAVAILABLE', 'WHATSAPP_NOT_CONFIGURED', 'WHATSAPP_SEND_FAILED']);

let t: TestApp;
const routeRoles = new Map<string, unknown>();
const sessions: Partial<Record<'admin' | 'cashier' | 'customer', RoleSession>> = {};

beforeAll(async () => {
  t = await createTestApp({
    onRouteRegistered: (route) => {
      for (const method of [route.method].flat()) routeRoles.set(`${method} ${route.url}`, route.config?.roles);
    },
  });
  sessions.admin = await loginAs(t.app, 'admin');
  sessions.cashier = await loginAs(t.app, 'cashier');
  sessions.customer = await loginAs(t.app, 'member');
});
afterAll(async () => {
  await t.close();
});

/** A plausible value for a schema, so that the other fields of a body pass validation. */
function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sample(variant);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => schema.required?.includes(key))
          .map(([key, value]) => [key, sample(value)]),
      );
    case 'array':
      return [sample(schema.items)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    default:
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date') return '2026-11-22';
      if (schema.format === 'date-time') return '2026-11-22T05:30:00.000Z';
      if (schema.format === 'email') return 'a@b.in';
      return 'Abc1';
  }
}

/** The dotted names of the text fields of a body schema (nested objects; arrays as index 0). */
function textFieldsOf(schema: JsonSchema | undefined, prefix = ''): string[] {
  if (!schema) return [];
  const variant = schema.anyOf?.find((v) => v.type !== 'null') ?? schema.oneOf?.[0];
  if (variant) return textFieldsOf(variant, prefix);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'string' && !schema.enum && schema.const === undefined) return [prefix];
  if (type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, value]) =>
      textFieldsOf(value, prefix ? `${prefix}.${key}` : key),
    );
  }
  if (type === 'array') return textFieldsOf(schema.items, prefix ? `${prefix}.0` : '0');
  return [];
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node: Record<string, unknown> = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = /^\d+$/.test(key) ? [] : {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

/** The caller a route admits, most privileged first (the widest reach into the database). */
function sessionFor(roles: unknown): RoleSession | undefined {
  if (roles === 'public' || !Array.isArray(roles)) return undefined;
  for (const role of ['admin', 'cashier', 'customer'] as const) {
    if (roles.includes(role)) return sessions[role];
  }
  return undefined;
}

/** Strings a tester would try: any code point, control characters, NUL, lone surrogates, bidi overrides. */
const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      '\u0000',
      '\u0001',
      '\u001b',
      '\u007f',
      '\uD800',
      '\uDFFF',
      '\u202E',
      '\uFEFF',
      '😀',
      "'",
      '"',
      '\\',
      '%',
      '_',
      '*',
      ';',
      '<',
      'a',
      '9',
      ' ',
      '\n',
    ),
    maxLength: 30,
  }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

function fieldsOf(document: { paths: Record<string, Record<string, Operation>> }): TextField[] {
  const fields: TextField[] = [];
  for (const [url, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'header') continue;
        for (const name of textFieldsOf(parameter.schema)) {
          fields.push({ method: method.toUpperCase(), url, where: parameter.in, name: name || parameter.name });
        }
      }
      const body = operation.requestBody?.content['application/json']?.schema;
      for (const name of textFieldsOf(body)) {
        if (name) fields.push({ method: method.toUpperCase(), url, where: 'body', name });
      }
    }
  }
  return fields;
}

/** A path segment must be valid UTF-8 to be percent-encoded: lone surrogates become U+FFFD. */
function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

async function send(
  app: FastifyInstance,
  document: { paths: Record<string, Record<string, Operation>> },
  field: TextField,
  text: string,
) {
  const operation = document.paths[field.url]?.[field.method.toLowerCase()] as Operation;
  const fastifyUrl = field.url.replace(/\{(\w+)\}/g, ':$1');
  const session = sessionFor(routeRoles.get(`${field.method} ${fastifyUrl}`));
  let url = field.url;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    const value =
      field.where === parameter.in && field.name === parameter.name ? text : String(sample(parameter.schema));
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(wellFormed(value)));
    else if (parameter.in === 'query' && (parameter.required || parameter.name === field.name)) {
      query.set(parameter.name, value);
    }
  }
  let payload: Record<string, unknown> | undefined;
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  if (bodySchema) {
    payload = sample(bodySchema) as Record<string, unknown>;
    if (field.where === 'body') setPath(payload, field.name, text);
  }
  const search = query.toString();
  return app.inject({
    method: field.method as 'GET',
    // URLSearchParams writes lone surrogates as U+FFFD; the path test above covers NUL there.
    url: search ? `${url}?${search}` : url,
    ...(session && { headers: session.headers }),
    ...(payload !== undefined && {
      payload: JSON.stringify(payload),
      headers: { ...session?.headers, 'content-type': 'application/json' },
    }),
  });
}

describe('ER-03 arbitrary text in every text field of every route never answers a 5xx', () => {
  it('fast-check over the OpenAPI document', { timeout: 600_000 }, async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const fields = fieldsOf(document).filter(
      // The event stream holds its answer open; its ticket is checked before anything else.
      (field) => field.url !== '/api/subscribe' && field.url !== '/api/auth/logout',
    );
    const failures: string[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const field of fields) {
      // Sign-in routes check an Argon2id hash per request: fewer runs keep the test short.
      const numRuns = field.url.includes('/login') || field.url.includes('password') ? 5 : 15;
      await fc
        .assert(
          fc.asyncProperty(nasty, async (text) => {
            const response = await send(t.app, document, field, text);
            requests += 1;
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            if (response.statusCode >= 500) {
              const code = (response.json() as { code?: string }).code ?? '';
              if (!EXPECTED_UNAVAILABLE.has(code)) {
                failures.push(
                  `${field.method} ${field.url} ${field.where}.${field.name} ${JSON.stringify(text)} → ${response.statusCode} ${response.body}`,
                );
                return false;
              }
            }
            return true;
          }),
          { numRuns, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    console.info(
      `text fields tried: ${fields.length} in ${new Set(fields.map((f) => `${f.method} ${f.url}`)).size} routes; ` +
        `requests: ${requests}; statuses: ${JSON.stringify(Object.fromEntries(statuses))}; 5xx faults: ${failures.length}`,
    );
    expect(fields.length).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });
});
