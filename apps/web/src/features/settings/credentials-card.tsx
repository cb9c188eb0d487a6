import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  SECRET_CREDENTIAL_FIELDS,
  formatDisplayDate,
  settingsContracts,
  type CredentialField,
  type Credentials,
  type UpdateCredentials,
} from '@parish/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { apiRequest } from '../../lib/api-request.ts';
import { errorText } from '../../lib/error-text.ts';

/** The sections of the card: a title, an introduction and their fields in order. */
const SECTIONS = [
  {
    title: 'credentials.gatewaysTitle',
    intro: 'credentials.gatewaysIntro',
    groups: [
      {
        title: 'credentials.razorpay',
        fields: ['razorpayKeyId', 'razorpayKeySecret', 'razorpayWebhookSecret', 'razorpayAccountId'],
      },
      { title: 'credentials.worldline', fields: ['worldlineMerchantId', 'worldlineSalt', 'worldlineSchemeCode'] },
    ],
  },
  {
    title: 'credentials.whatsappTitle',
    intro: 'credentials.whatsappIntro',
    groups: [
      {
        title: null,
        fields: [
          'whatsappPhoneNumberId',
          'whatsappAccessToken',
          'whatsappAppSecret',
          'whatsappVerifyToken',
          'whatsappBusinessAccountId',
        ],
      },
    ],
  },
] as const;

const HINTS: ReadonlySet<string> = new Set([
  'razorpayKeyId',
  'razorpayWebhookSecret',
  'razorpayAccountId',
  'worldlineMerchantId',
  'whatsappPhoneNumberId',
]);

const isSecret = (field: CredentialField): boolean => (SECRET_CREDENTIAL_FIELDS as readonly string[]).includes(field);

type Values = Record<CredentialField, string>;

/** The form's starting values: each plain id as saved, each secret empty (never sent to the browser). */
function initialValues(data: Credentials): Values {
  const values = {} as Values;
  for (const section of SECTIONS) {
    for (const group of section.groups) {
      for (const field of group.fields) {
        const state = data.fields[field];
        values[field] = 'value' in state ? state.value : '';
      }
    }
  }
  return values;
}

/**
 * What to send: a typed secret, a changed plain id (null when emptied); untouched fields are left
 * out, so they are kept.
 */
function changes(data: Credentials, values: Values): UpdateCredentials {
  const body: UpdateCredentials = {};
  for (const [field, value] of Object.entries(values) as [CredentialField, string][]) {
    const typed = value.trim();
    if (isSecret(field)) {
      if (typed !== '') body[field] = typed;
      continue;
    }
    const state = data.fields[field];
    const saved = 'value' in state ? state.value : '';
    if (typed !== saved) body[field] = typed === '' ? null : typed;
  }
  return body;
}

function CredentialsForm({ data }: { data: Credentials }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<Values>({ mode: 'controlled', initialValues: initialValues(data) });
  const save = useMutation({
    mutationFn: (body: UpdateCredentials) => apiRequest(settingsContracts.saveCredentials, { body }),
    onSuccess: (answer, body) => {
      const removedOnly = Object.values(body).every((value) => value === null);
      const [removed] = Object.keys(body) as CredentialField[];
      notifications.show({
        color: 'green',
        title: t('common.success'),
        message:
          removedOnly && removed
            ? t('credentials.removed', { field: t(`credentials.fields.${removed}`) })
            : t('credentials.saved'),
      });
      queryClient.setQueryData(['settings', 'credentials'], answer);
      form.setValues(initialValues(answer));
      form.resetDirty(initialValues(answer));
    },
  });

  function describe(field: CredentialField): string | undefined {
    const state = data.fields[field];
    if (state.needsReentry) return t('credentials.reenter');
    if (isSecret(field)) {
      return state.set && state.updatedAt
        ? t('credentials.keepHint', { date: formatDisplayDate(state.updatedAt) })
        : HINTS.has(field)
          ? t(`credentials.hints.${field as 'razorpayWebhookSecret'}`)
          : undefined;
    }
    return HINTS.has(field) ? t(`credentials.hints.${field as 'razorpayKeyId'}`) : undefined;
  }

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(changes(data, values)))} noValidate>
      <Stack gap="md">
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorText(save.error)}
          </Alert>
        ) : null}
        {data.homeEnvFallback ? (
          <Text size="sm" c="dimmed">
            {t('credentials.homeFallback')}
          </Text>
        ) : null}
        {SECTIONS.map((section) => (
          <Stack key={section.title} gap="sm">
            <Title order={3} fz="md">
              {t(section.title)}
            </Title>
            <Text size="sm">{t(section.intro)}</Text>
            {section.groups.map((group) => (
              <Stack key={group.title ?? section.title} gap="xs">
                {group.title ? (
                  <Title order={4} fz="sm">
                    {t(group.title)}
                  </Title>
                ) : null}
                {group.fields.map((field) => {
                  const state = data.fields[field];
                  const label = t(`credentials.fields.${field}`);
                  if (!isSecret(field)) {
                    return (
                      <TextInput
                        key={field}
                        label={label}
                        description={describe(field)}
                        autoComplete="off"
                        maxLength={100}
                        {...form.getInputProps(field)}
                      />
                    );
                  }
                  return (
                    <Group key={field} align="flex-end" gap="xs" wrap="nowrap">
                      <PasswordInput
                        style={{ flex: 1, minWidth: 0 }}
                        label={label}
                        description={describe(field)}
                        placeholder={state.set ? '••••••••' : t('credentials.notSet')}
                        autoComplete="new-password"
                        maxLength={500}
                        error={state.needsReentry ? true : undefined}
                        {...form.getInputProps(field)}
                      />
                      {state.set ? (
                        <Button
                          variant="subtle"
                          color="red"
                          disabled={save.isPending}
                          aria-label={t('credentials.remove', { field: label })}
                          onClick={() => save.mutate({ [field]: null })}
                        >
                          ✕
                        </Button>
                      ) : null}
                    </Group>
                  );
                })}
              </Stack>
            ))}
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('credentials.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The parish's gateway credentials and WhatsApp number on the Settings page (admin; issue 28 item 4,
 * decision 0130): the plain ids shown as saved, each secret only as set (with its date) or not,
 * never its value; a secret a restore cleared asks to be entered again.
 */
export function CredentialsCard() {
  const { t } = useTranslation();
  const credentials = useQuery({
    queryKey: ['settings', 'credentials'],
    queryFn: () => apiRequest(settingsContracts.credentials, {}),
  });
  return (
    <Paper withBorder p="md" maw={640}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('credentials.gatewaysTitle')} · {t('credentials.whatsappTitle')}
        </Title>
        {credentials.isError ? (
          <Text c="red.9" role="alert">
            {errorText(credentials.error)}
          </Text>
        ) : null}
        {credentials.data ? <CredentialsForm data={credentials.data} /> : null}
      </Stack>
    </Paper>
  );
}
