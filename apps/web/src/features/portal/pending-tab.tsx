import { Alert, Anchor, Button, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatINR, sumPaise, type CustomerPayments, type PaymentRecord } from '@parish/shared';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PendingItem } from './pending-item.tsx';
import { paiseOf } from '../../lib/money.ts';
import { groupPending, orderAmounts, selectablePayments, type PendingGroups } from './payment-rules.ts';
import type { ConfirmMode } from './use-payment-flow.ts';
import { CheckoutInProgressBanner } from './checkout-in-progress-banner.tsx';

/** Props of the Pending tab. */
export interface PendingTabProps {
  data: CustomerPayments | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
  entered: Readonly<Record<string, string>>;
  onEnter: (paymentId: string, text: string) => void;
  processing: boolean;
  onRequest: (mode: ConfirmMode, payments: PaymentRecord[]) => void;
}

const duesPaise = (payments: readonly PaymentRecord[]) => sumPaise(payments.map((p) => paiseOf(p.amount)));

/**
 * The Pending tab (`docs/domain.md`, §2 "Pending tab"): Select All ('Select All Available' while arrears
 * block), 'Pay Selected (amount)', the red 'Clear Arrears First' banner with 'Clear All Arrears
 * (total)', the Arrears, Miscellaneous and Current Due sections (current dues greyed and blocked
 * while arrears are unpaid), loading, load error with 'Try again', and 'All Caught Up!'.
 */
export function PendingTab(props: PendingTabProps) {
  const { t } = useTranslation();
  const { data, isLoading, isError, onRetry, selected, onSelectedChange, entered, processing, onRequest } = props;

  if (isLoading) {
    return (
      <Group gap="sm" py="xl" justify="center" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('portal.pending.loading')}</Text>
      </Group>
    );
  }
  if (isError || !data) {
    return (
      <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden />}>
        <Text fw={600}>{t('portal.pending.loadError')}</Text>
        <Anchor component="button" type="button" onClick={onRetry}>
          {t('portal.pending.tryAgain')}
        </Anchor>
      </Alert>
    );
  }

  const groups = groupPending(data.items);
  const blocking = data.arrearsBlocking || groups.arrears.length > 0;
  const selectable = selectablePayments(groups, blocking);
  if (groups.arrears.length + groups.misc.length + groups.current.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Stack align="center" gap={4}>
          <IconCircleCheck size={40} color="var(--mantine-color-green-7)" aria-hidden />
          <Title order={2} fz="lg">
            {t('portal.pending.emptyTitle')}
          </Title>
          <Text c="gray.7">{t('portal.pending.emptyText')}</Text>
        </Stack>
      </Paper>
    );
  }

  const chosen = selectable.filter((payment) => selected.has(payment._id));
  const chosenTotal = orderAmounts(chosen, entered)?.totalPaise ?? duesPaise(chosen);
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  const toggle = (paymentId: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(paymentId);
    else next.delete(paymentId);
    onSelectedChange(next);
  };
  const clearArrears = () => onRequest('arrears', groups.arrears);
  const item = (payment: PaymentRecord, blocked: boolean) => (
    <PendingItem
      key={payment._id}
      payment={payment}
      selected={!blocked && selected.has(payment._id)}
      blocked={blocked}
      disabled={processing}
      entered={entered[payment._id] ?? ''}
      onToggle={toggle}
      onEnter={props.onEnter}
      onPayNow={(one) => onRequest('single', [one])}
      onClearArrears={clearArrears}
    />
  );

  return (
    <Stack gap="md">
      <CheckoutInProgressBanner
        payments={data.items}
        processing={processing}
        onContinue={(open) => onRequest(open.length === 1 ? 'single' : 'selected', open)}
      />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Checkbox
          label={blocking ? t('portal.pending.selectAllAvailable') : t('portal.pending.selectAll')}
          checked={allChosen}
          indeterminate={chosen.length > 0 && !allChosen}
          disabled={processing || selectable.length === 0}
          onChange={(event) =>
            onSelectedChange(event.currentTarget.checked ? new Set(selectable.map((p) => p._id)) : new Set())
          }
        />
        {chosen.length > 0 ? (
          <Button disabled={processing} onClick={() => onRequest('selected', chosen)}>
            {t('portal.pending.paySelected', { amount: formatINR(chosenTotal) })}
          </Button>
        ) : null}
      </Group>
      {groups.arrears.length > 0 ? (
        <ArrearsBanner groups={groups} processing={processing} onClear={clearArrears} />
      ) : null}
      <Section
        title={t('portal.pending.arrearsSection', { count: groups.arrears.length })}
        show={groups.arrears.length > 0}
      >
        {groups.arrears.map((payment) => item(payment, false))}
      </Section>
      <Section title={t('portal.pending.miscSection', { count: groups.misc.length })} show={groups.misc.length > 0}>
        {groups.misc.map((payment) => item(payment, false))}
      </Section>
      <Section
        title={
          blocking
            ? t('portal.pending.currentBlockedSection')
            : t('portal.pending.currentSection', { count: groups.current.length })
        }
        show={groups.current.length > 0}
      >
        {groups.current.map((payment) => item(payment, blocking))}
      </Section>
    </Stack>
  );
}

function ArrearsBanner({
  groups,
  processing,
  onClear,
}: {
  groups: PendingGroups;
  processing: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="filled"
      title={t('portal.pending.bannerTitle')}
      icon={<IconAlertTriangle aria-hidden />}
      role="region"
      aria-label={t('portal.pending.bannerTitle')}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('portal.pending.bannerText', { count: groups.arrears.length })}</Text>
        <Button color="white" c="red.9" variant="filled" size="sm" disabled={processing} onClick={onClear}>
          {t('portal.pending.clearAllArrears', { amount: formatINR(duesPaise(groups.arrears)) })}
        </Button>
      </Stack>
    </Alert>
  );
}

function Section({ title, show, children }: { title: string; show: boolean; children: ReactNode }) {
  if (!show) return null;
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
