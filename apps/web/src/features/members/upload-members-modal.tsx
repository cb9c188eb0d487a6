import { Alert, Button, FileInput, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import {
  MSG,
  memberRowsFromCsv,
  type MemberImportPreview,
  type MemberImportResult,
  type MemberImportRow,
} from '@parish/shared';
import { IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { DryRunReview } from '../../components/upload-dry-run.tsx';
import { previewMemberRows, useImportMembers } from './api.ts';
import { downloadMemberTemplate } from './member-template.ts';
import { useWardWords } from '../../lib/wards.ts';

/** A problem shown in the dialog: a title key and the text. */
interface UploadProblem {
  titleKey: string;
  message: string;
}

/** The outcome of reading a member CSV in the browser. */
type ReadResult = { ok: true; rows: MemberImportRow[] } | { ok: false; problem: UploadProblem };

/**
 * Reads a member CSV with papaparse (loaded only now, so it stays out of the page's first
 * chunk): UTF-8 with or without a byte-order mark, CRLF or LF, quoted fields with commas and
 * line breaks, blank and trailing lines. Broken quoting is the 'CSV Parse Error'; missing
 * columns or no data rows are 'Invalid CSV Format' (`docs/domain.md`, §5 "Error and outcome messages").
 */
async function readMemberCsv(file: File, parseError: string): Promise<ReadResult> {
  const parseProblem = { titleKey: 'members.csv.parseErrorTitle', message: parseError };
  try {
    const [text, { default: Papa }] = await Promise.all([file.text(), import('papaparse')]);
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
    // A one-column file has no delimiter to guess; that alone is not broken.
    if (parsed.errors.some((error) => error.type !== 'Delimiter')) return { ok: false, problem: parseProblem };
    const mapped = memberRowsFromCsv(parsed.data);
    if (!mapped.ok) return { ok: false, problem: { titleKey: 'members.csv.invalidFormat', message: mapped.error } };
    if (mapped.rows.length === 0) {
      return { ok: false, problem: { titleKey: 'members.csv.invalidFormat', message: MSG.csvNeedsRows } };
    }
    return { ok: true, rows: mapped.rows };
  } catch {
    return { ok: false, problem: parseProblem };
  }
}

function ImportResultView({ result }: { result: MemberImportResult }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color={result.imported > 0 ? 'green' : 'gray'} title={t('members.csv.resultTitle')}>
        {result.imported > 0 ? t('members.csv.imported', { count: result.imported }) : t('members.csv.importedNone')}
      </Alert>
      {result.errors.length > 0 ? (
        <Alert color="yellow" title={t('members.csv.skippedTitle')} role="status">
          <Text size="sm" mb="xs">
            {t('members.csv.skipped', { count: result.errors.length })}
          </Text>
          {/* A list that scrolls is a named region the keyboard can reach and scroll (issue 27, item 6). */}
          <ScrollArea.Autosize
            mah={240}
            type="auto"
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('members.csv.skippedList') }}
          >
            <List size="sm" spacing={2} data-testid="member-import-errors">
              {result.errors.map((error) => (
                <List.Item key={error.row}>{t('members.csv.rowError', error)}</List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The dry run of the chosen file (decision 0110): read in the browser, then `POST
 * /api/members/bulk/preview`. A file that cannot be read, or a refused dry run, becomes the
 * dialog's problem; a new choice (or none) clears the previous dry run.
 */
function useMemberDryRun(setProblem: (problem: UploadProblem | null) => void) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<MemberImportPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  async function check(file: File | null) {
    setPreview(null);
    setProblem(null);
    if (!file) return;
    setPreviewing(true);
    try {
      const read = await readMemberCsv(file, t('members.csv.parseError'));
      if (!read.ok) setProblem(read.problem);
      else setPreview(await previewMemberRows(read.rows));
    } catch (caught) {
      setProblem({
        titleKey: 'members.csv.uploadErrorTitle',
        message: t('members.csv.uploadError', { message: errorText(caught) }),
      });
    } finally {
      setPreviewing(false);
    }
  }
  return { preview, previewing, check, clear: () => setPreview(null) };
}

/**
 * The member CSV upload dialog (`docs/domain.md`, §2 "Members page" and §5 "Member CSV import"):
 * template download, file choice and its dry run (decision 0110: rows to create, already present,
 * mismatches with the member holding the parish number, skipped rows), upload to `POST
 * /api/members/bulk`, then the result: how many
 * were imported and a warning listing each skipped row ("Row 6: Please enter a valid email
 * address").
 */
export function UploadMembersModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useImportMembers();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [reading, setReading] = useState(false);
  const dryRun = useMemberDryRun(setProblem);
  const wardWords = useWardWords();

  function reset() {
    setFile(null);
    setProblem(null);
    dryRun.clear();
    upload.reset();
  }

  function close() {
    reset();
    onClose();
  }

  async function downloadTemplate() {
    try {
      await downloadMemberTemplate();
    } catch {
      setProblem({ titleKey: 'common.error', message: t('members.csv.templateFailed') });
    }
  }

  async function submit() {
    if (!file) return;
    setProblem(null);
    setReading(true);
    const read = await readMemberCsv(file, t('members.csv.parseError'));
    setReading(false);
    if (!read.ok) {
      setProblem(read.problem);
      return;
    }
    upload.mutate(read.rows, {
      onError: (caught) => {
        const text = errorText(caught);
        setProblem({
          titleKey: 'members.csv.uploadErrorTitle',
          message: text.includes('Cannot read properties of undefined')
            ? t('members.csv.invalidResponse')
            : t('members.csv.uploadError', { message: text }),
        });
      },
    });
  }

  const busy = reading || upload.isPending || dryRun.previewing;
  return (
    <Modal opened={opened} onClose={close} title={t('members.csv.title')} size="xl">
      <Stack>
        {problem ? (
          <Alert color="red" role="alert" title={t(problem.titleKey)}>
            {problem.message}
          </Alert>
        ) : null}
        {upload.data ? (
          <>
            <ImportResultView result={upload.data} />
            <Group justify="flex-end">
              <Button variant="default" onClick={reset}>
                {t('members.csv.another')}
              </Button>
              <Button onClick={close}>{t('common.close')}</Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">{t('members.csv.intro')}</Text>
            <Group>
              <Button
                variant="light"
                leftSection={<IconDownload size={18} aria-hidden />}
                onClick={() => void downloadTemplate()}
              >
                {t('members.csv.downloadTemplate')}
              </Button>
            </Group>
            <FileInput
              label={t('members.csv.file')}
              placeholder={t('members.csv.filePlaceholder')}
              accept=".csv,text/csv"
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                void dryRun.check(chosen);
              }}
              leftSection={<IconFileTypeCsv size={18} aria-hidden />}
              clearable
            />
            {dryRun.preview ? <DryRunReview dryRun={{ kind: 'members', preview: dryRun.preview }} /> : null}
            {dryRun.preview && dryRun.preview.newWards.length > 0 ? (
              <Alert color="blue" role="status">
                {t('wards.importNew', { wards: wardWords.wards, names: dryRun.preview.newWards.join(', ') })}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                leftSection={<IconUpload size={18} aria-hidden />}
                disabled={!file}
                loading={busy}
                onClick={() => void submit()}
              >
                {busy ? t('members.csv.uploading') : t('members.csv.submit')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
