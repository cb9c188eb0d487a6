import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import * as contracts from './index.ts';
import { pathParamNames, type ApiContract } from './contract.ts';

const groups = Object.entries(contracts as unknown as Record<string, Record<string, ApiContract>>).filter(([name]) =>
  name.endsWith('Contracts'),
);
const all = groups.flatMap(([group, members]) =>
  Object.entries(members).map(([name, contract]) => [`${group}.${name}`, contract] as const),
);

describe('API contracts', () => {
  it('describe every endpoint the web app calls, each method and path once', () => {
    expect(all.length).toBeGreaterThanOrEqual(45);
    const routes = all.map(([, contract]) => `${contract.method} ${contract.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(all)('%s: the params schema has exactly the path parameters', (_name, contract) => {
    const names = pathParamNames(contract.path);
    if (names.length === 0) {
      expect(contract.params).toBeUndefined();
      return;
    }
    expect(contract.params).toBeInstanceOf(z.ZodObject);
    expect(Object.keys((contract.params as z.ZodObject).shape).sort()).toEqual([...names].sort());
  });

  it.each(all)('%s: reads take no body', (_name, contract) => {
    if (contract.method === 'GET') expect(contract.body).toBeUndefined();
    expect(contract.path.startsWith('/api/')).toBe(true);
  });

  it('reads the parameter names of a path in order', () => {
    expect(pathParamNames('/api/members')).toEqual([]);
    expect(pathParamNames('/api/payments/:id/collect')).toEqual(['id']);
    expect(pathParamNames('/api/a/:first/b/:second_2')).toEqual(['first', 'second_2']);
  });
});
