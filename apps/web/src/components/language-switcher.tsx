import { NativeSelect } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { changeLanguage } from '../i18n/index.ts';

/**
 * The member side's language switcher (`docs/domain.md`, "Member languages"): English, Malayalam,
 * Hindi, Tamil, each named in its own script. The browser remembers the choice
 * (`changeLanguage`); `onChange` runs after the switch, for the portal to keep it on the member's
 * record too. A native select: light on a phone, and the phone's own picker.
 */
export function LanguageSwitcher({ onChange }: { onChange?: (language: Language) => void }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <NativeSelect
      size="xs"
      w={120}
      label={t('language.label')}
      value={current}
      data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        if (isLanguage(chosen)) void changeLanguage(chosen).then(() => onChange?.(chosen));
      }}
    />
  );
}
