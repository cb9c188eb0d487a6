import { Box, Button, Card, Container, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconChartBar,
  IconCurrencyRupee,
  IconDeviceMobile,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { LanguageSwitcher, useParishDefaultLanguage } from '../../components/language-switcher.tsx';
import { useParishSettings } from '../../lib/settings.ts';

const FEATURES = ['members', 'payments', 'reminders', 'reports', 'portal', 'secure'] as const;
const FEATURE_ICONS: Record<(typeof FEATURES)[number], typeof IconUsers> = {
  members: IconUsers,
  payments: IconCurrencyRupee,
  reminders: IconBrandWhatsapp,
  reports: IconChartBar,
  portal: IconDeviceMobile,
  secure: IconShieldLock,
};

/** The public landing page (`docs/domain.md`, §1 "Landing page"). */
export default function Landing() {
  const { t } = useTranslation();
  const settings = useParishSettings();
  useParishDefaultLanguage();
  const name = settings.data?.name ?? '';
  return (
    <Box component="main" py={{ base: 'xl', sm: 60 }} bg="gray.0" mih="100vh">
      <Container size="lg">
        <Group justify="flex-end" mb="sm">
          <LanguageSwitcher />
        </Group>
        <Stack align="center" gap="md" ta="center" mb={48}>
          {settings.data?.logoUrl ? <Image src={settings.data.logoUrl} alt="" h={72} w="auto" fit="contain" /> : null}
          <Title order={1} fz={{ base: 28, sm: 40 }}>
            {name}
          </Title>
          <Text size="lg" c="gray.7">
            {t('landing.subtitle')}
          </Text>
          <Group justify="center" mt="sm">
            <Button component={Link} to="/admin/login" size="md">
              {t('landing.adminPortal')}
            </Button>
            <Button component={Link} to="/customer/login" size="md" variant="outline">
              {t('landing.memberLogin')}
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map((feature) => {
            const Icon = FEATURE_ICONS[feature];
            return (
              <Card key={feature} withBorder padding="lg" component="section" aria-labelledby={`feature-${feature}`}>
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden mb="sm">
                  <Icon size={26} stroke={1.6} />
                </ThemeIcon>
                <Title order={2} fz="lg" id={`feature-${feature}`}>
                  {t(`landing.features.${feature}.title`)}
                </Title>
                <Text c="gray.7" mt={6}>
                  {t(`landing.features.${feature}.text`)}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
