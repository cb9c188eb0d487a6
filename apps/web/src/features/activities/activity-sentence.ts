import {
  activityCount,
  activitySentenceKind,
  activitySentenceVars,
  type Activity,
  type AUDIT_SENTENCE_WORDS,
} from '@parish/shared';
import type { TFunction } from 'i18next';

/**
 * An audit entry as a sentence in the catalogue's words (`activities.sentences.<action>`, else the
 * fallback), e.g. "Lissy (cashier) collected ₹1,500.00 from Thomas Mathew (SM001) for Church Tax
 * 2026, receipt 2026-27/000538". A sentence that counts takes the plural form of its count
 * (i18next's rules: "created 1 account head", "created 3 account heads"), the count itself shown
 * with Indian grouping as the shared `activitySentenceVars` gives it.
 */
export function activitySentenceText(t: TFunction, activity: Activity): string {
  const words = t('activities.words', { returnObjects: true }) as typeof AUDIT_SENTENCE_WORDS;
  const vars = activitySentenceVars(activity, words, (action) => actionLabel(t, action));
  const kind = activitySentenceKind(activity);
  const key =
    kind === 'own'
      ? `activities.sentences.${activity.action}`
      : kind === 'fallbackAbout'
        ? 'activities.sentenceFallbackAbout'
        : 'activities.sentenceFallback';
  const count = activityCount(activity);
  return count === null ? t(key, vars) : t(key, { count, replace: vars });
}

/** An action's short label (`activities.actionLabels.<action>`), else the action as recorded. */
export function actionLabel(t: TFunction, action: string): string {
  return t(`activities.actionLabels.${action}`, { defaultValue: action });
}
