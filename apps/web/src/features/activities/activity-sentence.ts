import { activitySentenceKind, activitySentenceVars, type Activity, type AUDIT_SENTENCE_WORDS } from '@parish/shared';
import type { TFunction } from 'i18next';

/**
 * An audit entry as a sentence in the catalogue's words (`activities.sentences.<action>`, else the
 * fallback), e.g. "Lissy (cashier) collected ₹1,500.00 from Thomas Mathew (SM001) for Church Tax
 * 2026, receipt 2026-27/000538".
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
  return t(key, vars);
}

/** An action's short label (`activities.actionLabels.<action>`), else the action as recorded. */
export function actionLabel(t: TFunction, action: string): string {
  return t(`activities.actionLabels.${action}`, { defaultValue: action });
}
