import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import * as shared from './index.ts';
import { fieldLabel, productIssueMessage, VALIDATION_TEXT, type RawIssue } from './validation-text.ts';

/*
 * `docs/domain.md`, §5 "Validation": no form and no error body shows the validator's own text. The
 * test walks every schema the package exports, feeds each field a set of bad values, and checks
 * that with the product's error map not one message is zod's own wording (which it collects by
 * parsing the same inputs without the map).
 */

const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'x',
  'x'.repeat(1001),
  -1,
  0,
  1.5,
  1e15,
  Number.NaN,
  true,
  {},
  [],
  ['x'],
  'not-a-uuid',
  '2026-02-30',
];

const schemas: [string, z.ZodObject][] = Object.entries(shared as Record<string, unknown>).flatMap(
  ([name, value]): [string, z.ZodObject][] => (value instanceof z.ZodObject ? [[name, value]] : []),
);

/** zod's own English wording (its locale), which no message may read like. */
const ZOD_WORDING =
  /^(Invalid input|Invalid option|Invalid string|Invalid element|Invalid key|Too small|Too big|Unrecognized key)|expected (string|number|int|array|object|boolean|nonoptional)|to have [<>]=?/;

/** A message made from one of {@link VALIDATION_TEXT}'s sentences. */
const PRODUCT_SENTENCE = new RegExp(
  `^(${Object.values(VALIDATION_TEXT)
    .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '.+'))
    .join('|')})$`,
);

/**
 * Every issue a schema gives for the bad values of each field: its message without the product's
 * map (the schema's own text, else zod's) and with it.
 */
function issues(schema: z.ZodObject): { raw: string; worded: string }[] {
  const out: { raw: string; worded: string }[] = [];
  const keys = Object.keys(schema.shape);
  for (const key of keys) {
    for (const value of BAD_VALUES) {
      const input = Object.fromEntries(keys.map((other) => [other, other === key ? value : undefined]));
      const raw = schema.safeParse(input);
      const worded = schema.safeParse(input, { error: (issue) => productIssueMessage(issue as RawIssue) });
      if (raw.success || worded.success) continue;
      raw.error.issues.forEach((issue, index) =>
        out.push({ raw: issue.message, worded: worded.error.issues[index]?.message ?? '' }),
      );
    }
  }
  return out;
}

describe("validation messages in the product's words", () => {
  it('walks every exported schema: no message is the validator’s own text', () => {
    expect(schemas.length).toBeGreaterThan(20);
    let worded = 0;
    for (const [name, schema] of schemas) {
      for (const issue of issues(schema)) {
        expect(issue.worded, name).not.toMatch(ZOD_WORDING);
        // Either the schema's own message (the same with and without the map), or a product sentence.
        if (issue.worded !== issue.raw) {
          expect(issue.worded, name).toMatch(PRODUCT_SENTENCE);
          worded += 1;
        }
      }
    }
    expect(worded).toBeGreaterThan(100);
  }, 60_000);

  it('words each kind of rule with its field and limit', () => {
    const schema = z.object({
      name: z.string().trim().min(1).max(150),
      year: z.number().int().min(2020).max(2030),
      memberIds: z.array(z.string()).min(1),
      role: z.enum(['admin', 'cashier']),
      email: z.email(),
    });
    const text = (input: unknown) => {
      const parsed = schema.safeParse(input, { error: (issue) => productIssueMessage(issue as RawIssue) });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    const ok = { name: 'St. Mary', year: 2026, memberIds: ['a'], role: 'admin', email: 'a@b.in' };
    expect(text({ ...ok, name: '' })).toEqual(['Name is required']);
    expect(text({ ...ok, name: 'x'.repeat(151) })).toEqual(['Name must be at most 150 characters']);
    expect(text({ ...ok, year: 2019 })).toEqual(['Year must be at least 2020']);
    expect(text({ ...ok, year: 2031 })).toEqual(['Year must be at most 2030']);
    expect(text({ ...ok, year: 2026.5 })).toEqual(['Year must be a whole number']);
    expect(text({ ...ok, year: 'abc' })).toEqual(['Year must be a number']);
    expect(text({ ...ok, memberIds: [] })).toEqual(['Please select at least 1 for members']);
    expect(text({ ...ok, role: 'owner' })).toEqual(['Please choose a valid role']);
    expect(text({ ...ok, email: 'nope' })).toEqual(['Please enter a valid email']);
    expect(text({ ...ok, name: undefined })).toEqual(['Name is required']);
  });

  it('a blank parish name reads as the product says, not "Too small: expected string to have >=1 characters"', () => {
    const parsed = shared.updateParishSettingsSchema.safeParse(
      { name: '', address: '', contact: '', logoUrl: '' },
      { error: (issue) => productIssueMessage(issue as RawIssue) },
    );
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Name is required');
  });

  it('names fields by their labels, else by their words', () => {
    expect(fieldLabel(['parishNumber'])).toBe('Parish number');
    expect(fieldLabel(['rows', 3, 'dueDate'])).toBe('Due date');
    expect(fieldLabel(['someNewField'])).toBe('Some new field');
    expect(fieldLabel([])).toBe(VALIDATION_TEXT.field);
  });
});
