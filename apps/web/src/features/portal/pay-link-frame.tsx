import { Container, Group, Stack, Title } from '@mantine/core';
import type { Language } from '@parish/shared';
import i18next from 'i18next';
import { useEffect, type ReactNode } from 'react';

import { LanguageSwitcher, useParishLanguages } from '../../components/language-switcher.tsx';
import { changeLanguage, savedLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useParishSettings } from '../../lib/settings.ts';

/** A refused link (tampered, expired, revoked, links off): the page sends the member to sign in. */
export function linkRefused(error: unknown): boolean {
  return error instanceof ApiError && [403, 404].includes(error.status);
}

/** The member sign-in for a link's mobile (`docs/domain.md`, §2 "Member login screen"). */
export function signInFor(mobile: string): string {
  return `/customer/login?mobile=${encodeURIComponent(mobile)}&type=payment`;
}

/**
 * Opens a payment link's page in the member's saved language (the pay view's `language`, decision
 * 0140) when the parish offers it, else in the browser's saved choice when offered, else in the
 * parish's default (decision 0135, as `useParishDefaultLanguage`). None of these is remembered as
 * the browser's choice; the switcher's is.
 * @param preferred the member's language; null when they have none; undefined while not known yet
 */
export function usePayLinkLanguage(preferred: Language | null | undefined): void {
  const settings = useParishSettings();
  const { offered, defaultLanguage } = useParishLanguages();
  const ready = Boolean(settings.data) && preferred !== undefined;
  const offeredText = offered.join(',');
  useEffect(() => {
    if (!ready) return;
    const wanted =
      [preferred, savedLanguage()].find((language) => language && offeredText.split(',').includes(language)) ??
      defaultLanguage;
    if (wanted !== i18next.language) void changeLanguage(wanted, { remember: false }).catch(() => undefined);
  }, [ready, preferred, offeredText, defaultLanguage]);
}

/**
 * The frame of a payment link's pages (`/pay/:mobile/:token` and its confirmation page; decision
 * 0140): the language switcher the other member pages use (the parish's offered languages,
 * decision 0135), the page's title and its content, narrow enough for a phone.
 */
export function PayLinkFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={520} py="xl" px="md" component="main">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Title order={1} size="h2" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {/* The switcher keeps its width: a long title in Tamil squeezed it to two letters at 375 px. */}
          <div style={{ flexShrink: 0 }}>
            <LanguageSwitcher />
          </div>
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
