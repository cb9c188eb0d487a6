import { Badge, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  STATEMENT_DATE_FORMATS,
  type BankAccount,
  type BankPreset,
  type BankPresetKey,
  type ColumnMapping,
  type StatementDateFormat,
} from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { confirmPreset, saveAccount } from './api.ts';

const DEFAULT_MAPPING: ColumnMapping = {
  dateColumn: 1,
  dateFormat: 'DD/MM/YYYY',
  narrationColumn: 2,
  referenceColumn: 3,
  debitColumn: 4,
  creditColumn: 5,
  balanceColumn: 6,
  skipRows: 1,
  footerRows: 0,
};

const COLUMN_FIELDS = [
  'dateColumn',
  'narrationColumn',
  'referenceColumn',
  'debitColumn',
  'creditColumn',
  'balanceColumn',
] as const;

/**
 * A bank account's name, bank layout (preset) and statement columns (decision 0149): a new account
 * (no `account`) or the chosen one. Choosing a preset fills the columns; a preset not yet confirmed
 * by the parish shows "Unverified" and a Confirm button. `mapping` and `onMappingChange` share the
 * columns with the preview, so a file can be previewed before the columns are saved.
 */
export function AccountForm(props: {
  account: BankAccount | null;
  presets: BankPreset[];
  mapping: ColumnMapping;
  onMappingChange: (mapping: ColumnMapping) => void;
  onSaved: (account: BankAccount) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(props.account?.name ?? '');
  const [preset, setPreset] = useState<BankPresetKey | null>(props.account?.preset ?? null);
  const chosen = props.presets.find((item) => item.key === preset);
  const save = useMutation({
    mutationFn: () => saveAccount({ name, preset, mapping: props.mapping }, props.account?._id),
    onSuccess: (account) => {
      notifications.show({ color: 'green', title: t('common.success'), message: t('bank.saved') });
      void queryClient.invalidateQueries({ queryKey: ['bank'] });
      props.onSaved(account);
    },
    onError: (error) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) }),
  });

  return (
    <Stack gap="sm">
      <TextInput
        label={t('bank.accountName')}
        placeholder={t('bank.accountNamePlaceholder')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        required
        maxLength={100}
      />
      <Select
        label={t('bank.preset')}
        data={[
          { value: '', label: t('bank.presetNone') },
          ...props.presets.map((item) => ({ value: item.key, label: item.bank })),
        ]}
        value={preset ?? ''}
        allowDeselect={false}
        onChange={(value) => {
          const next = props.presets.find((item) => item.key === value);
          setPreset(next?.key ?? null);
          props.onMappingChange(next ? next.mapping : DEFAULT_MAPPING);
        }}
      />
      {chosen ? <PresetStatus preset={chosen} /> : null}
      <MappingFields mapping={props.mapping} onChange={props.onMappingChange} />
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={name.trim() === ''}>
          {t('bank.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A whole number typed in a field, at least `min`. */
const whole = (value: string | number, min: number) => Math.max(min, Math.trunc(Number(value) || 0));

/** The statement columns of a mapping: the date format, each column's number, the rows to skip. */
function MappingFields({ mapping, onChange }: { mapping: ColumnMapping; onChange: (mapping: ColumnMapping) => void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<ColumnMapping>) => onChange({ ...mapping, ...patch });
  return (
    <>
      <Text fw={600} size="sm">
        {t('bank.mapping')}
      </Text>
      <Text size="xs" c="gray.7">
        {t('bank.mappingHelp')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Select
          label={t('bank.dateFormat')}
          data={[...STATEMENT_DATE_FORMATS]}
          value={mapping.dateFormat}
          allowDeselect={false}
          onChange={(value) => value && set({ dateFormat: value as StatementDateFormat })}
        />
        {COLUMN_FIELDS.map((field) => (
          <NumberInput
            key={field}
            label={t(`bank.${field}`)}
            min={field === 'referenceColumn' ? 0 : 1}
            max={50}
            allowDecimal={false}
            value={field === 'referenceColumn' ? (mapping.referenceColumn ?? 0) : mapping[field]}
            onChange={(value) =>
              field === 'referenceColumn'
                ? set({ referenceColumn: whole(value, 0) === 0 ? null : whole(value, 0) })
                : set({ [field]: whole(value, 1) })
            }
          />
        ))}
        <NumberInput
          label={t('bank.skipRows')}
          min={0}
          max={100}
          allowDecimal={false}
          value={mapping.skipRows}
          onChange={(value) => set({ skipRows: whole(value, 0) })}
        />
        <NumberInput
          label={t('bank.footerRows')}
          min={0}
          max={100}
          allowDecimal={false}
          value={mapping.footerRows}
          onChange={(value) => set({ footerRows: whole(value, 0) })}
        />
      </SimpleGrid>
    </>
  );
}

/** Whether a preset is confirmed by the parish (by whom), or unverified with a Confirm button; its usual headers. */
function PresetStatus({ preset }: { preset: BankPreset }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: (key: BankPresetKey) => confirmPreset(key),
    onSuccess: () => {
      notifications.show({
        color: 'green',
        title: t('common.success'),
        message: t('bank.presetConfirmed', { bank: preset.bank }),
      });
      void queryClient.invalidateQueries({ queryKey: ['bank', 'accounts'] });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) }),
  });
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {preset.confirmedAt ? (
          <Badge color="green.8">{t('bank.confirmed', { name: preset.confirmedBy ?? '' })}</Badge>
        ) : (
          <>
            <Badge color="orange.9">{t('bank.unverified')}</Badge>
            <Button size="xs" variant="light" loading={confirm.isPending} onClick={() => confirm.mutate(preset.key)}>
              {t('bank.confirmPreset')}
            </Button>
          </>
        )}
      </Group>
      {preset.confirmedAt ? null : (
        <Text size="xs" c="gray.7">
          {t('bank.confirmPresetHelp')}
        </Text>
      )}
      <Text size="xs" c="gray.7">
        {preset.headers.filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

/** The columns a new account starts from. */
export const NEW_ACCOUNT_MAPPING = DEFAULT_MAPPING;
