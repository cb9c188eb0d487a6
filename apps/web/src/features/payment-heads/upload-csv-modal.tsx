import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  LoadingOverlay,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { MSG } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { FormError } from '../../components/form-error.tsx';
import { downloadCsvTemplate, uploadCsv, type UploadAnswer } from './api.ts';
import { isMalformedAnswer } from './errors.ts';
import { usePhone } from './use-phone.ts';

/** Rows of the preview (`docs/domain.md`, §2 "Page sizes and timings": first 5 data rows). */
const PREVIEW_ROWS = 5;
/** Row errors listed in the answer; the rest are counted. */
const SHOWN_ERRORS = 100;

/**
 * Parses a CSV file into rows of cells with papaparse (loaded on demand, so it stays out of the
 * entry chunk). Blank lines are dropped; a BOM is removed.
 * @throws Error when papaparse reports a parse error.
 */
export async function parseCsvFile(file: File): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      complete: (result) => {
        const fatal = result.errors.find((issue) => issue.type !== 'Delimiter');
        if (fatal) reject(new Error(fatal.message));
        else resolve(result.data.map((row) => row.map((cell) => String(cell ?? ''))));
      },
      error: (caught) => reject(caught),
    });
  });
}

/**
 * Whether the upload answer calls for the "send reminders manually" advice (`docs/domain.md`, §5
 * "Account head CSV").
 */
export function needsWhatsappAdvice(answer: UploadAnswer): boolean {
  const sent = Array.isArray(answer.whatsappSent) ? answer.whatsappSent : [];
  if (sent.length === 0) return true;
  return sent.some(
    (entry) => typeof entry === 'object' && entry !== null && (entry as { success?: unknown }).success === false,
  );
}

function checkAnswer(answer: UploadAnswer): UploadAnswer {
  // A body without the counts is the failure `docs/domain.md`, §5 "Error and outcome messages"
  // calls 'Cannot read properties of undefined'.
  if (typeof answer?.totalRows !== 'number')
    throw new TypeError("Cannot read properties of undefined (reading 'totalRows')");
  return answer;
}

/**
 * Upload CSV dialog (`docs/domain.md`, §2 "Manage Account Heads page" and §5 "Account head CSV"):
 * template download, file → papaparse → preview of the first 5 data rows → Upload (busy overlay) →
 * the answer with counts, row errors and, when WhatsApp notifications were not sent, the advice to
 * send reminders from the Send Reminders page.
 */
export function UploadCsvModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<string[][] | null>(null);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const [answer, setAnswer] = useState<UploadAnswer | null>(null);
  const [updatePending, setUpdatePending] = useState(false);

  const upload = useMutation({
    mutationFn: (csvData: string[][]) => uploadCsv(csvData, updatePending).then(checkAnswer),
    onSuccess: async (result) => {
      setAnswer(result);
      await queryClient.invalidateQueries();
      notifications.show({ color: 'green', message: t('paymentHeads.csv.done', { count: result.totalRows }) });
    },
    onError: (caught) =>
      setError({
        title: t('paymentHeads.csv.uploadErrorTitle'),
        message: isMalformedAnswer(caught)
          ? t('paymentHeads.csv.malformed')
          : t('paymentHeads.csv.uploadError', { message: caught.message }),
      }),
  });

  function reset() {
    setFile(null);
    setRows(null);
    setError(null);
    setAnswer(null);
    setUpdatePending(false);
    upload.reset();
  }

  function close() {
    if (upload.isPending) return;
    reset();
    onClose();
  }

  async function choose(next: File | null) {
    reset();
    setFile(next);
    if (!next) return;
    try {
      const parsed = await parseCsvFile(next);
      if (parsed.length < 2) {
        setError({ title: t('paymentHeads.csv.invalidFormatTitle'), message: MSG.csvNeedsRows });
        return;
      }
      setRows(parsed);
    } catch {
      setError({ title: t('paymentHeads.csv.parseErrorTitle'), message: t('paymentHeads.csv.parseError') });
    }
  }

  async function template() {
    try {
      await downloadCsvTemplate();
    } catch {
      notifications.show({ color: 'red', title: t('common.error'), message: t('paymentHeads.csv.templateError') });
    }
  }

  const header = rows?.[0] ?? [];
  const preview = rows?.slice(1, 1 + PREVIEW_ROWS) ?? [];
  return (
    <Modal opened={opened} onClose={close} title={t('paymentHeads.csv.title')} size="xl" fullScreen={phone}>
      <Stack pos="relative">
        <LoadingOverlay visible={upload.isPending} zIndex={10} overlayProps={{ blur: 1 }} />
        <Text size="sm">{t('paymentHeads.csv.intro')}</Text>
        <Group>
          <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void template()}>
            {t('paymentHeads.csv.template')}
          </Button>
        </Group>
        {answer ? (
          <UploadResult answer={answer} />
        ) : (
          <>
            <FileInput
              label={t('paymentHeads.csv.file')}
              placeholder={t('paymentHeads.csv.filePlaceholder')}
              accept=".csv,text/csv"
              value={file}
              onChange={(next) => void choose(next)}
              clearable
            />
            <FormError message={error?.message ?? null} title={error?.title} />
            {rows ? (
              <Stack gap="xs">
                <Title order={3} fz="md">
                  {t('paymentHeads.csv.preview', { count: rows.length - 1 })}
                </Title>
                <Table.ScrollContainer minWidth={Math.max(320, header.length * 110)}>
                  <Table striped withTableBorder fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        {header.map((cell, index) => (
                          <Table.Th key={index}>{cell}</Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {preview.map((row, rowIndex) => (
                        <Table.Tr key={rowIndex}>
                          {header.map((_, index) => (
                            <Table.Td key={index}>{row[index] ?? ''}</Table.Td>
                          ))}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Checkbox
                  label={t('yearEnd.csv.updatePending')}
                  description={t('yearEnd.csv.updatePendingHelp')}
                  checked={updatePending}
                  onChange={(event) => setUpdatePending(event.currentTarget.checked)}
                />
              </Stack>
            ) : null}
          </>
        )}
        <Group justify="flex-end">
          {answer ? (
            <Button variant="default" onClick={reset}>
              {t('paymentHeads.csv.again')}
            </Button>
          ) : null}
          <Button variant="default" onClick={close} disabled={upload.isPending}>
            {t('paymentHeads.csv.close')}
          </Button>
          {answer ? null : (
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => rows && upload.mutate(rows)}
              disabled={!rows}
              loading={upload.isPending}
            >
              {t('paymentHeads.csv.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </div>
  );
}

function UploadResult({ answer }: { answer: UploadAnswer }) {
  const { t } = useTranslation();
  const errors = Array.isArray(answer.errors) ? answer.errors : [];
  const success = Array.isArray(answer.success) ? answer.success : [];
  const statusText =
    answer.status === 'processing'
      ? t('paymentHeads.csv.processing')
      : answer.status === 'success'
        ? null
        : t('paymentHeads.csv.initiated');
  return (
    <Stack gap="sm" aria-live="polite">
      <Title order={3} fz="md">
        {t('paymentHeads.csv.resultTitle')}
      </Title>
      {statusText ? <Alert color="blue">{statusText}</Alert> : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={t('paymentHeads.csv.totalRows')} value={answer.totalRows} />
        <Figure label={t('paymentHeads.csv.successRows')} value={success.length} />
        <Figure label={t('paymentHeads.csv.membersCreated')} value={answer.membersCreated} />
        <Figure label={t('paymentHeads.csv.headsCreated')} value={answer.paymentHeadsCreated} />
        <Figure label={t('yearEnd.csv.assigned')} value={answer.paymentsAssigned ?? 0} />
        <Figure label={t('yearEnd.csv.changed')} value={answer.paymentsChanged ?? 0} />
        <Figure label={t('yearEnd.csv.unchanged')} value={answer.paymentsUnchanged ?? 0} />
      </SimpleGrid>
      {(answer.pendingAmountsDiffer ?? 0) > 0 ? (
        <Alert color="blue">{t('yearEnd.csv.differ', { count: answer.pendingAmountsDiffer })}</Alert>
      ) : null}
      {errors.length > 0 ? (
        <Alert color="yellow" title={t('paymentHeads.csv.errorsTitle', { count: errors.length })}>
          <List size="sm" spacing={2}>
            {errors.slice(0, SHOWN_ERRORS).map((issue, index) => (
              <List.Item key={index}>
                {t('paymentHeads.csv.row')} {issue.row}: {issue.message}
              </List.Item>
            ))}
          </List>
          {errors.length > SHOWN_ERRORS ? (
            <Text size="sm">{t('paymentHeads.csv.moreErrors', { count: errors.length - SHOWN_ERRORS })}</Text>
          ) : null}
        </Alert>
      ) : null}
      {needsWhatsappAdvice(answer) ? (
        <Alert color="orange" title={t('paymentHeads.csv.whatsappTitle')}>
          <Text size="sm">{t('paymentHeads.csv.whatsappAdvice')}</Text>
          <Button component={Link} to="/admin/reminders" variant="subtle" size="compact-sm" mt={4} px={0}>
            {t('paymentHeads.csv.openReminders')}
          </Button>
        </Alert>
      ) : null}
    </Stack>
  );
}
