import {
  Button,
  FileInput,
  Group,
  Image,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { CredentialsCard } from './credentials-card.tsx';
import { HolidaysCard } from './holidays-card.tsx';
import { LedgerMappingCard } from './ledger-mapping-card.tsx';
import { MemberLanguagesFields } from './member-languages-fields.tsx';
import { Registration80gCard } from './registration-80g-card.tsx';
import { TimeZoneCard } from './time-zone-card.tsx';
import { UpiSettingsCard } from './upi-settings-card.tsx';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  RECEIPT_LANGUAGES,
  WARD_LABELS,
  updateParishSettingsSchema,
  type Language,
  type WardLabel,
} from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { PublicAddressWarning } from '../../components/public-address-warning.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formErrorOf, formErrors, parseValues, schemaValidator } from '../../lib/form-validation.ts';
import { SETTINGS_KEY, useParishSettings } from '../../lib/settings.ts';
import { saveParishSettings, type SettingsBody } from './api.ts';
import { BackupPanel } from './backup-panel.tsx';
import { WhatsAppSettingsCard } from '../../components/whatsapp/whatsapp-settings-card.tsx';

const MAX_LOGO_BYTES = 200_000;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** What the parish calls its wards: "Ward" or "Family unit" (issue 28 item 7, decision 0126). */
function WardLabelSelect(props: Record<string, unknown>) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('wards.labelSetting')}
      data={WARD_LABELS.map((label) => ({ value: label, label: t(`wards.labelOptions.${label}`) }))}
      {...props}
    />
  );
}

/** The form's values before the settings have arrived. */
const EMPTY_SETTINGS = {
  name: '',
  address: '',
  contact: '',
  logoUrl: '',
  receiptLanguage: '',
  maxLineAmount: 1_00_00_000,
  wardLabel: 'ward' as WardLabel,
  memberLanguages: [...LANGUAGES] as Language[],
  defaultLanguage: 'en' as Language,
} satisfies SettingsBody;

/** A form error as text, or undefined. */
function errorString(error: unknown): string | undefined {
  return typeof error === 'string' ? error : undefined;
}

/**
 * The form's rules, made once: a new function each render would give Mantine's `setFieldValue` a
 * new identity each render, and the effect that copies the loaded settings into the form would then
 * undo every keystroke (found by e2e/onboarding.spec.ts).
 */
const validateSettings = schemaValidator<SettingsBody>(updateParishSettingsSchema);

/**
 * Parish settings screen (admin): name, address, contact and logo for the landing page and
 * receipts; a warning above them when PUBLIC_URL is not a public address (decision 0117); what the
 * parish calls its wards, "Ward" or "Family unit" (issue 28 item 7, decision 0126); the languages
 * offered to members and their default, and the parish's time zone (issue 28 item 4, decision 0135).
 */
export default function ParishSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useParishSettings();
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY_SETTINGS,
    validate: validateSettings,
    transformValues: (values) => parseValues(updateParishSettingsSchema, values),
  });
  const { setFieldValue, setErrors } = form;
  const error = formErrorOf(form.errors)?.message ?? null;
  useEffect(() => {
    if (!settings.data) return;
    // Field by field: replacing the values at once would also clear a shown message.
    const { name, address, contact, logoUrl, receiptLanguage = '', maxLineAmount = 1_00_00_000 } = settings.data;
    const { memberLanguages = [...LANGUAGES], defaultLanguage = 'en' } = settings.data;
    const wardLabel = settings.data.wardLabel ?? 'ward';
    const fields = { name, address, contact, logoUrl, receiptLanguage, maxLineAmount, wardLabel, memberLanguages };
    for (const [field, value] of Object.entries({ ...fields, defaultLanguage })) {
      setFieldValue(field as keyof SettingsBody, value);
    }
  }, [settings.data, setFieldValue]);
  const save = useMutation({
    mutationFn: (body: SettingsBody) => saveParishSettings(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      notifications.show({ color: 'green', message: t('settings.saved') });
    },
    onError: (caught) => setErrors(formErrors(errorText(caught))),
  });
  async function chooseLogo(file: File | null) {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      setErrors(formErrors(t('settings.logoTooLarge')));
      return;
    }
    setFieldValue('logoUrl', await readAsDataUrl(file));
  }
  if (settings.isPending) return <Text>{t('settings.loading')}</Text>;
  const { logoUrl, memberLanguages, defaultLanguage } = form.values;
  return (
    <Stack maw={640}>
      <Title order={1} fz={24}>
        {t('settings.title')}
      </Title>
      <PublicAddressWarning />
      <Paper withBorder p="lg">
        <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate>
          <Stack>
            <FormError message={error} />
            <TextInput label={t('settings.name')} {...form.getInputProps('name')} required />
            <Textarea label={t('settings.address')} {...form.getInputProps('address')} autosize minRows={2} />
            <TextInput label={t('settings.contact')} {...form.getInputProps('contact')} />
            {logoUrl ? <Image src={logoUrl} alt={t('settings.logo')} h={64} w="auto" fit="contain" /> : null}
            <FileInput
              label={t('settings.logoUpload')}
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(file) => void chooseLogo(file)}
              clearable
            />
            <TextInput
              label={t('settings.logoUrl')}
              value={logoUrl.startsWith('data:') ? '' : logoUrl}
              onChange={(event) => setFieldValue('logoUrl', event.currentTarget.value)}
            />
            <NativeSelect
              label={t('settings.receiptLanguage')}
              description={t('settings.receiptLanguageHint')}
              data={RECEIPT_LANGUAGES.map((language) => ({
                value: language,
                label: language ? LANGUAGE_NAMES[language] : t('settings.receiptEnglishOnly'),
              }))}
              {...form.getInputProps('receiptLanguage')}
            />
            <NumberInput
              label={t('settings.maxLineAmount')}
              description={t('settings.maxLineAmountHint')}
              min={0.01}
              max={1_00_00_000}
              decimalScale={2}
              thousandSeparator=","
              thousandsGroupStyle="lakh"
              prefix="₹"
              {...form.getInputProps('maxLineAmount')}
            />
            <WardLabelSelect {...form.getInputProps('wardLabel')} />
            <MemberLanguagesFields
              value={{ memberLanguages, defaultLanguage }}
              onChange={(next) => form.setValues(next)}
              error={errorString(form.errors.memberLanguages ?? form.errors.defaultLanguage)}
            />
            <Group justify="space-between">
              <Button variant="subtle" color="red" onClick={() => setFieldValue('logoUrl', '')} disabled={!logoUrl}>
                {t('settings.removeLogo')}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('common.saving') : t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <TimeZoneCard />
      <BackupPanel />
      <WhatsAppSettingsCard />
      <UpiSettingsCard />
      <Registration80gCard />
      <CredentialsCard />
      <LedgerMappingCard />
      <HolidaysCard />
    </Stack>
  );
}
