import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  calendarDateIn,
  DEFAULT_PARISH_TIMEZONE,
  donationsContracts,
  financialYearLabel,
  financialYearOf,
} from '@parish/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { toApiError } from '../../lib/api-client.ts';
import { apiRequest, apiResponse } from '../../lib/api-request.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { printDocument } from '../../lib/print-receipt.ts';

/** The member's PAN as a donor, under its own key (never part of the member record). */
function panKey(memberId: string) {
  return ['members', memberId, 'pan'] as const;
}

/**
 * A member's PAN for 80G donations in the edit-member dialog (admin; issue 30 item 8, decision
 * 0148): typed and saved on its own button (the server checks the format and answers why not),
 * blank removes it; beside it, the member's Form 10BE details of this financial year to print.
 * Not a `<form>`: it sits inside the member form. Nothing for other roles.
 */
export function MemberPanField({ memberId }: { memberId: string }) {
  return useAuth().user?.role === 'admin' ? <AdminPanField memberId={memberId} /> : null;
}

function AdminPanField({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: panKey(memberId),
    queryFn: () => apiRequest(donationsContracts.memberPan, { params: { id: memberId } }),
  });
  const [typed, setTyped] = useState<string | null>(null);
  const value = typed ?? stored.data?.pan ?? '';
  const save = useMutation({
    mutationFn: (pan: string) =>
      apiRequest(donationsContracts.saveMemberPan, { params: { id: memberId }, body: { pan } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(panKey(memberId), saved);
      setTyped(null);
      notifications.show({ color: 'green', title: t('common.success'), message: t('donations.pan.saved') });
    },
  });
  const year = financialYearLabel(financialYearOf(calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE)));
  const print = () =>
    void printDocument(async () => {
      const response = await apiResponse(
        donationsContracts.form10be,
        { params: { id: memberId }, query: { fy: year } },
        'throw',
      );
      if (!response.ok) throw await toApiError(response);
      return response.text();
    }).catch((caught: unknown) =>
      notifications.show({ color: 'red', title: t('common.error'), message: errorText(caught) }),
    );
  return (
    <Stack gap="xs">
      <FormError message={save.isError ? errorText(save.error) : null} />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('donations.pan.label')}
          description={t('donations.pan.hint')}
          value={value}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          maxLength={12}
          styles={{ input: { textTransform: 'uppercase' } }}
          style={{ flex: 1, minWidth: 200 }}
          disabled={stored.isPending || save.isPending}
        />
        <Button type="button" variant="light" loading={save.isPending} onClick={() => save.mutate(value)}>
          {t('donations.pan.save')}
        </Button>
      </Group>
      {stored.data && stored.data.pan === null ? (
        <Text size="sm" c="dimmed">
          {t('donations.pan.none')}
        </Text>
      ) : null}
      <Anchor component="button" type="button" size="sm" onClick={print} style={{ alignSelf: 'flex-start' }}>
        {t('donations.exports.certificate', { year })}
      </Anchor>
    </Stack>
  );
}
