import { Checkbox, Group, NativeSelect, Stack } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@parish/shared';
import { useTranslation } from 'react-i18next';

/** The languages offered to members and their default, as the settings form holds them. */
export interface MemberLanguages {
  memberLanguages: Language[];
  defaultLanguage: Language;
}

/**
 * The parish's member languages on the Settings page (issue 28 item 4, decision 0135): a checkbox
 * for each of English, Malayalam, Hindi and Tamil (each named in its own script) and the default
 * for a member whose browser has no saved choice, chosen among the checked ones. Unchecking the
 * default makes the first checked language the default; the last checked one cannot be unchecked
 * (at least one is offered). Staff screens keep all four.
 */
export function MemberLanguagesFields({
  value,
  onChange,
  error,
}: {
  value: MemberLanguages;
  onChange: (next: MemberLanguages) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const { memberLanguages, defaultLanguage } = value;
  function choose(checked: string[]) {
    const offered = LANGUAGES.filter((language) => checked.includes(language));
    if (offered.length === 0) return;
    const first = offered[0] ?? 'en';
    onChange({
      memberLanguages: offered,
      defaultLanguage: offered.includes(defaultLanguage) ? defaultLanguage : first,
    });
  }
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label={t('settings.memberLanguages')}
        description={t('settings.memberLanguagesHint')}
        value={memberLanguages}
        onChange={choose}
        error={error}
      >
        <Group mt="xs" gap="md">
          {LANGUAGES.map((language) => (
            <Checkbox
              key={language}
              value={language}
              label={LANGUAGE_NAMES[language]}
              lang={language}
              disabled={memberLanguages.length === 1 && memberLanguages[0] === language}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <NativeSelect
        label={t('settings.defaultLanguage')}
        description={t('settings.defaultLanguageHint')}
        data={memberLanguages.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
        value={defaultLanguage}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          if (isLanguage(chosen)) onChange({ memberLanguages, defaultLanguage: chosen });
        }}
      />
    </Stack>
  );
}
