import { Button, FileInput, Group, LoadingOverlay, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { MSG } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { downloadCsvTemplate, previewUploadCsv, uploadCsv, type UploadAnswer } from './api.ts';
import { CsvPreview } from './csv-preview.tsx';
import { DryRunReview } from '../../components/upload-dry-run.tsx';
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

/** A failure shown in the dialog: its title and message. */
type DialogError = { title: string; message: string };

/**
 * The steps of the Upload CSV dialog (decision 0110): the parsed file, the dry run and the rows
 * ticked in it, then the upload's answer. Choosing another file (or "Upload another file") starts
 * over; the upload sends the ticked rows as `accept`.
 */
function useUploadSteps() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<string[][] | null>(null);
  const [error, setError] = useState<DialogError | null>(null);
  const [answer, setAnswer] = useState<UploadAnswer | null>(null);
  const [updatePending, setUpdatePending] = useState(false);
  const [accepted, setAccepted] = useState<ReadonlySet<number>>(new Set());
  const failure = (title: string) => (caught: Error) =>
    setError({
      title,
      message: isMalformedAnswer(caught)
        ? t('paymentHeads.csv.malformed')
        : t('paymentHeads.csv.uploadError', { message: caught.message }),
    });
  const check = useMutation({
    mutationFn: (csvData: string[][]) => previewUploadCsv(csvData),
    onMutate: () => setError(null),
    onError: failure(t('paymentHeads.csv.checkErrorTitle')),
  });
  const upload = useMutation({
    mutationFn: (csvData: string[][]) => uploadCsv(csvData, updatePending, [...accepted]).then(checkAnswer),
    onSuccess: async (result) => {
      setAnswer(result);
      await queryClient.invalidateQueries();
      notifications.show({ color: 'green', message: t('paymentHeads.csv.done', { count: result.totalRows }) });
    },
    onError: failure(t('paymentHeads.csv.uploadErrorTitle')),
  });
  function reset() {
    setRows(null);
    setError(null);
    setAnswer(null);
    setUpdatePending(false);
    setAccepted(new Set());
    check.reset();
    upload.reset();
  }
  function tick(row: number, on: boolean) {
    setAccepted((before) => {
      const next = new Set(before);
      if (on) next.add(row);
      else next.delete(row);
      return next;
    });
  }
  return {
    rows,
    setRows,
    error,
    setError,
    answer,
    updatePending,
    setUpdatePending,
    accepted,
    tick,
    check,
    upload,
    reset,
  };
}

/**
 * Upload CSV dialog (`docs/domain.md`, §2 "Manage Account Heads page" and §5 "Account head CSV"):
 * template download, file → papaparse → preview of the first 5 data rows and the dry run (decision
 * 0110: rows to create and apply, the mismatches to tick, row errors) → Upload (busy overlay) with
 * the ticked rows → the answer with counts, row errors and, when WhatsApp
 * notifications were not sent, the advice to send reminders from the Send Reminders page.
 */
export function UploadCsvModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [file, setFile] = useState<File | null>(null);
  const steps = useUploadSteps();
  const { rows, answer, check, upload } = steps;
  const busy = upload.isPending || check.isPending;

  function close() {
    if (busy) return;
    steps.reset();
    setFile(null);
    onClose();
  }

  async function choose(next: File | null) {
    steps.reset();
    setFile(next);
    if (!next) return;
    try {
      const parsed = await parseCsvFile(next);
      if (parsed.length < 2) {
        steps.setError({ title: t('paymentHeads.csv.invalidFormatTitle'), message: MSG.csvNeedsRows });
        return;
      }
      steps.setRows(parsed);
      steps.check.mutate(parsed);
    } catch {
      steps.setError({ title: t('paymentHeads.csv.parseErrorTitle'), message: t('paymentHeads.csv.parseError') });
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
        <LoadingOverlay visible={busy} zIndex={10} overlayProps={{ blur: 1 }} />
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
              clearButtonProps={{ 'aria-label': t('paymentHeads.csv.clearFile') }}
            />
            <FormError message={steps.error?.message ?? null} title={steps.error?.title} />
            {rows ? (
              <CsvPreview rows={rows} updatePending={steps.updatePending} onUpdatePending={steps.setUpdatePending} />
            ) : null}
            {check.data ? (
              <DryRunReview
                dryRun={{ kind: 'dues', preview: check.data }}
                accepted={steps.accepted}
                onTick={steps.tick}
              />
            ) : null}
          </>
        )}
        <UploadButtons
          steps={steps}
          busy={busy}
          onClose={close}
          onAgain={() => {
            steps.reset();
            setFile(null);
          }}
        />
      </Stack>
    </Modal>
  );
}

/**
 * The dialog's buttons: Close always; "Upload another file" after the answer, else Upload (disabled
 * until the file is parsed and its dry run has answered).
 */
function UploadButtons({
  steps,
  busy,
  onClose,
  onAgain,
}: {
  steps: ReturnType<typeof useUploadSteps>;
  busy: boolean;
  onClose: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const { rows, answer, check, upload } = steps;
  return (
    <Group justify="flex-end">
      {answer ? (
        <Button variant="default" onClick={onAgain}>
          {t('paymentHeads.csv.again')}
        </Button>
      ) : null}
      <Button variant="default" onClick={onClose} disabled={busy}>
        {t('paymentHeads.csv.close')}
      </Button>
      {answer ? null : (
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => rows && upload.mutate(rows)}
          disabled={!rows || !check.data}
          loading={upload.isPending}
        >
          {t('paymentHeads.csv.submit')}
        </Button>
      )}
    </Group>
  );
}
