import { Button, FileInput, Group, Image, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { updateParishSettingsSchema } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/error-text.ts';
import { SETTINGS_KEY, useParishSettings } from '../../lib/settings.ts';
import { saveParishSettings, type SettingsBody } from './api.ts';

const MAX_LOGO_BYTES = 200_000;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Parish settings screen (admin): name, address, contact and logo for the landing page and receipts. */
export default function ParishSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useParishSettings();
  const [form, setForm] = useState({ name: '', address: '', contact: '', logoUrl: '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) {
      const { name, address, contact, logoUrl } = settings.data;
      setForm({ name, address, contact, logoUrl });
    }
  }, [settings.data]);
  const save = useMutation({
    mutationFn: (body: SettingsBody) => saveParishSettings(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      notifications.show({ color: 'green', message: t('settings.saved') });
    },
    onError: (caught) => setError(errorText(caught)),
  });
  async function chooseLogo(file: File | null) {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      setError(t('settings.logoTooLarge'));
      return;
    }
    setForm({ ...form, logoUrl: await readAsDataUrl(file) });
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateParishSettingsSchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  }
  if (settings.isPending) return <Text>{t('settings.loading')}</Text>;
  return (
    <Stack maw={640}>
      <Title order={1} fz={24}>
        {t('settings.title')}
      </Title>
      <Paper withBorder p="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <FormError message={error} />
            <TextInput
              label={t('settings.name')}
              value={form.name}
              onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
              required
            />
            <Textarea
              label={t('settings.address')}
              value={form.address}
              onChange={(event) => setForm({ ...form, address: event.currentTarget.value })}
              autosize
              minRows={2}
            />
            <TextInput
              label={t('settings.contact')}
              value={form.contact}
              onChange={(event) => setForm({ ...form, contact: event.currentTarget.value })}
            />
            {form.logoUrl ? <Image src={form.logoUrl} alt={t('settings.logo')} h={64} w="auto" fit="contain" /> : null}
            <FileInput
              label={t('settings.logoUpload')}
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(file) => void chooseLogo(file)}
              clearable
            />
            <TextInput
              label={t('settings.logoUrl')}
              value={form.logoUrl.startsWith('data:') ? '' : form.logoUrl}
              onChange={(event) => setForm({ ...form, logoUrl: event.currentTarget.value })}
            />
            <Group justify="space-between">
              <Button
                variant="subtle"
                color="red"
                onClick={() => setForm({ ...form, logoUrl: '' })}
                disabled={!form.logoUrl}
              >
                {t('settings.removeLogo')}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('common.saving') : t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
