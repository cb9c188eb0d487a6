import { Container, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { LanguageSwitcher } from '../../components/language-switcher.tsx';

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
          <Title order={1} size="h2">
            {title}
          </Title>
          <LanguageSwitcher />
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
