import { describe, expect, it } from 'vitest';

import { cleanFilters, fileNameOf } from './api.ts';

describe('report CSV download', () => {
  it('sends only the filters that say something, trimmed', () => {
    expect(
      cleanFilters({ from: '2026-04-01', to: null, search: '  Mathew ', transactionId: '   ', sortOrder: 'desc' }),
    ).toEqual({ from: '2026-04-01', search: 'Mathew', sortOrder: 'desc' });
  });

  it("names the file as the server's Content-Disposition says, else the dated fallback", () => {
    const fallback = 'daily_collection_report_2026-11-22.csv';
    expect(fileNameOf(`attachment; filename="daily.csv"; filename*=UTF-8''daily%20%E2%82%B9.csv`, fallback)).toBe(
      'daily ₹.csv',
    );
    expect(fileNameOf('attachment; filename="member_analysis_report_2026-11-22.csv"', fallback)).toBe(
      'member_analysis_report_2026-11-22.csv',
    );
    expect(fileNameOf('attachment; filename=plain.csv', fallback)).toBe('plain.csv');
    expect(fileNameOf(null, fallback)).toBe(fallback);
    expect(fileNameOf('inline', fallback)).toBe(fallback);
  });
});
