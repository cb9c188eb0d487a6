import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { financialYearLabel, financialYearOf } from '@parish/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { statementTexts } from '../../i18n/en/portal-lazy.ts';
import { addLazyEnglish } from '../../i18n/en/sign-in-code.ts';
import { errorText } from '../../lib/error-text.ts';

addLazyEnglish({ portal: { statement: statementTexts } });

/** The financial years offered: this one (by the phone's date) and the two before, newest first, as '2026-27'. */
export function statementYears(today: Date): string[] {
  const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-01`;
  const current = financialYearOf(iso);
  return [current, current - 1, current - 2].map(financialYearLabel);
}

/**
 * The member's yearly statement (issue 29 item 8, decision 0139; `docs/domain.md`, §8 "Yearly
 * statement"): a financial year to choose and a button that downloads
 * `GET /api/customer/statement.pdf?fy=2026-27` (dues raised, paid with receipt numbers, concessions,
 * balance). The download code loads on the click (decision 0042); a failure shows the server's
 * reason in the member's language.
 */
export function StatementCard() {
  const { t } = useTranslation();
  const years = statementYears(new Date());
  const [fy, setFy] = useState(years[0] ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const { downloadStatementPdf } = await import('../../lib/receipt-pdf.ts');
      await downloadStatementPdf(fy);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="statement-title">
      <Stack gap="xs">
        <Title order={2} fz={18} id="statement-title">
          {t('portal.statement.title')}
        </Title>
        <Text size="sm">{t('portal.statement.intro')}</Text>
        <FormError message={error} title={t('common.error')} />
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('portal.statement.year')}
            data={years}
            value={fy}
            onChange={(event) => setFy(event.currentTarget.value)}
          />
          <Button variant="default" loading={busy} onClick={() => void download()}>
            {t('portal.statement.download')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
