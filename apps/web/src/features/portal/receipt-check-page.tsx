import { Alert, Container, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import {
  formatDisplayDate,
  formatINR,
  rupeesToPaise,
  type ReceiptCheck,
  type receiptCheckContracts,
} from '@parish/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { apiRequest, routeOf } from '../../lib/api-request.ts';
import { errorText } from '../../lib/error-text.ts';
import { useParishName } from '../../lib/settings.ts';
import { receiptCheckTexts } from '../../i18n/en/portal-lazy.ts';
import { addLazyEnglish } from '../../i18n/en/sign-in-code.ts';

addLazyEnglish({ portal: { receiptCheck: receiptCheckTexts } });

/** The call by method and path: the contract objects hold zod schemas, kept out of a member's download. */
const CHECK = routeOf<typeof receiptCheckContracts.check>('GET', '/api/receipt-check/:token');

/**
 * The public page of a receipt's check link (`/r/:token`; issue 29 item 7, decision 0137): anyone
 * holding a printed or shared receipt scans its QR code and reads whether the receipt is genuine,
 * voided, or of test money, with its number, date (dd/mm/yyyy), amount (₹, Indian grouping) and
 * the member's initials only. No sign-in; in the visitor's language, with the switcher.
 */
export default function ReceiptCheckPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const parish = useParishName();
  const check = useQuery<ReceiptCheck>({
    queryKey: ['receipt-check', token],
    queryFn: ({ signal }) => apiRequest(CHECK, { params: { token } }, { signal }),
    retry: false,
  });
  const unknown = check.error instanceof ApiError && check.error.status === 404;
  const data = check.data;
  return (
    <Container size={520} py="xl" component="main">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={1} size="h2">
            {t('portal.receiptCheck.title')}
          </Title>
          <LanguageSwitcher />
        </Group>
        {parish ? <Text c="dimmed">{parish}</Text> : null}
        {check.isLoading ? <Loader aria-label={t('portal.receiptCheck.loading')} /> : null}
        {unknown ? (
          <Alert color="red" role="alert">
            {t('portal.receiptCheck.unknown')}
          </Alert>
        ) : check.error ? (
          <Alert color="red" role="alert">
            {errorText(check.error)}
          </Alert>
        ) : null}
        {data ? <Verdict data={data} parish={parish} /> : null}
      </Stack>
    </Container>
  );
}

/** The verdict and the receipt's few facts. */
function Verdict({ data, parish }: { data: ReceiptCheck; parish: string }) {
  const { t } = useTranslation();
  const valid = data.status === 'valid';
  return (
    <>
      <Alert
        color={valid ? 'green' : 'red'}
        role="status"
        title={valid ? t('portal.receiptCheck.validTitle') : t('portal.receiptCheck.voidedTitle')}
      >
        {t(valid ? 'portal.receiptCheck.valid' : 'portal.receiptCheck.voided', { parish })}
      </Alert>
      {data.test ? (
        <Alert color="orange" title={t('portal.receiptCheck.testTitle')}>
          {t('portal.receiptCheck.test')}
        </Alert>
      ) : null}
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          {(
            [
              [t('portal.receiptCheck.number'), <bdi key="n">{data.receiptNumber}</bdi>],
              [t('portal.receiptCheck.date'), formatDisplayDate(data.date)],
              [t('portal.receiptCheck.amount'), formatINR(rupeesToPaise(data.amount))],
              [t('portal.receiptCheck.member'), <bdi key="m">{data.initials}</bdi>],
              [
                t('portal.receiptCheck.status'),
                valid ? t('portal.receiptCheck.statusValid') : t('portal.receiptCheck.statusVoided'),
              ],
            ] as const
          ).map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%">{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {t('portal.receiptCheck.privacy')}
      </Text>
    </>
  );
}
