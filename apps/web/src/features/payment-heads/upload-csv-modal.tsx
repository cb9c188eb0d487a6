import { Button, FileInput, Group, LoadingOverlay, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { MSG } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { downloadCsvTemplate, uploadCsv, type UploadAnswer } from './api.ts';
import { CsvPreview } from './csv-preview.tsx';
import { isMalformedAnswer } from './errors.ts';
import { UploadResult } from './upload-result.tsx';
import { usePhone } from './use-phone.ts';

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

/** The upload answer, checked to carry its counts. */
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
            {rows ? <CsvPreview rows={rows} updatePending={updatePending} onUpdatePending={setUpdatePending} /> : null}
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
