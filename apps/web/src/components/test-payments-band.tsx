import { Box } from '@mantine/core';
import type { healthContracts } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { apiRequest, routeOf } from '../lib/api-request.ts';

/** The health call by method and path (the contract object holds zod schemas, kept out of the member's download). */
const HEALTH = routeOf<typeof healthContracts.get>('GET', '/api/health');

/** Least height of the band, in px; a text too long for one line (Tamil at 375 px) wraps and the band grows. */
const BAND_HEIGHT = 28;

/**
 * "Test payments: no real money" (`docs/domain.md`, §10 "Payment mode"): a band along the bottom
 * of every screen while any gateway runs in sandbox mode (the server's own simulated gateway, as in
 * the demo parish) or with test credentials (decision 0119), read from `GET /api/health` once per
 * page load. Nothing in live or off mode.
 */
export function TestPaymentsBand() {
  const { t } = useTranslation();
  const health = useQuery({
    queryKey: ['health', 'payment-modes'],
    queryFn: () => apiRequest(HEALTH),
    staleTime: Infinity,
  });
  // The rule of `sandboxPayments` (shared), written out: its module brings zod schemas along.
  const shown = health.data
    ? Object.values(health.data.payments).some((mode) => mode === 'sandbox' || mode === 'test')
    : false;
  const band = useRef<HTMLDivElement>(null);
  // The page keeps as much room below its content as the band takes, one line or two.
  useEffect(() => {
    const element = band.current;
    if (!shown || !element) return undefined;
    const keepRoom = () => {
      document.body.style.paddingBottom = `${Math.max(BAND_HEIGHT, element.offsetHeight)}px`;
    };
    keepRoom();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keepRoom);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      document.body.style.paddingBottom = '';
    };
  }, [shown]);
  if (!shown) return null;
  return (
    <Box
      ref={band}
      role="status"
      data-testid="test-payments-band"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      mih={BAND_HEIGHT}
      py={4}
      px="xs"
      bg="yellow.3"
      c="dark.9"
      fz="sm"
      fw={700}
      ta="center"
      lh={1.4}
      style={{ zIndex: 1000, pointerEvents: 'none' }}
    >
      {t('refunds.band')}
    </Box>
  );
}
