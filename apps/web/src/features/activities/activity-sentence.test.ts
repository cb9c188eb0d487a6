import { activitySentence, type Activity } from '@parish/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import { en } from '../../i18n/en.ts';
import { enStaff } from '../../i18n/en-staff.ts';
import { activitySentenceText } from './activity-sentence.ts';

/**
 * Issue 27, item 5: an activity sentence that counts reads in the singular for one ("created 1
 * account head"), on the screen (i18next's plural keys) and in the server's download (the shared
 * English template), the count grouped the Indian way.
 */
describe('activitySentenceText', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    resources: { en: { translation: { ...en, ...enStaff } } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });

  it('counts an activity in the singular or plural, the count grouped the Indian way', () => {
    const entry = (created: number): Activity => ({
      _id: 1,
      occurredAt: '2026-11-22T10:00:00.000Z',
      actorType: 'staff',
      actorId: null,
      actorName: 'Lissy',
      action: 'payment_head.bulk_created',
      entityType: 'payment_head',
      entityId: null,
      before: null,
      after: { created: Array.from({ length: created }, () => ({})), errors: [] },
      actorRole: 'admin',
      subject: { member: null, head: null, staff: null },
    });
    expect(activitySentenceText(i18n.t, entry(1))).toBe('Lissy (admin) created 1 account head');
    expect(activitySentence(entry(1))).toBe('Lissy (admin) created 1 account head');
    expect(activitySentenceText(i18n.t, entry(3))).toBe('Lissy (admin) created 3 account heads');
    expect(activitySentenceText(i18n.t, entry(123456))).toBe('Lissy (admin) created 1,23,456 account heads');
    expect(activitySentence(entry(123456))).toBe('Lissy (admin) created 1,23,456 account heads');
  });
});
