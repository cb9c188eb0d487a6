import { Alert, Checkbox, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { MemberImportPreview, RowError, UploadCsvPreview, UploadMismatch } from '@parish/shared';
import { useTranslation } from 'react-i18next';

/** Row errors listed in an upload's answer or dry run; the rest are counted. */
const SHOWN_ERRORS = 100;

/** One count of an upload's answer or dry run: a small label over the number. */
export function Figure({ label, value }: { label: string; value: number }) {
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

/**
 * The row errors of an upload or its dry run, in a yellow alert under `title`: the first
 * {@link SHOWN_ERRORS} listed as "Row n: message", the rest counted. Nothing when there are none.
 */
export function RowErrorList({ errors, title }: { errors: readonly RowError[]; title: string }) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <Alert color="yellow" title={title}>
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
  );
}

/** The table rows of one mismatch: one line per field, the tick box and row spanning them. */
function MismatchRows({
  mismatch,
  ticked,
  onTick,
}: {
  mismatch: UploadMismatch;
  ticked: boolean;
  onTick: ((row: number, on: boolean) => void) | undefined;
}) {
  const { t } = useTranslation();
  const span = mismatch.fields.length;
  return (
    <>
      {mismatch.fields.map((field, index) => (
        <Table.Tr key={field.field}>
          {index === 0 ? (
            <>
              {onTick ? (
                <Table.Td rowSpan={span}>
                  <Checkbox
                    aria-label={t('paymentHeads.csv.dryRun.applyRow', {
                      row: mismatch.row,
                      parishNumber: mismatch.parishNumber,
                      name: mismatch.memberName,
                    })}
                    checked={ticked}
                    onChange={(event) => onTick(mismatch.row, event.currentTarget.checked)}
                  />
                </Table.Td>
              ) : null}
              <Table.Td rowSpan={span}>{mismatch.row}</Table.Td>
              <Table.Td rowSpan={span}>{mismatch.parishNumber}</Table.Td>
            </>
          ) : null}
          <Table.Td>
            {field.field === 'name' ? t('paymentHeads.csv.dryRun.fieldName') : t('paymentHeads.csv.dryRun.fieldPhone')}
          </Table.Td>
          <Table.Td>
            {field.csvValue} {field.invalid ? t('paymentHeads.csv.dryRun.invalid') : null}
          </Table.Td>
          <Table.Td>{field.memberValue}</Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

/** What {@link DryRunReview} shows: the dues matrix's dry run, or the member import's. */
export type DryRun = { kind: 'dues'; preview: UploadCsvPreview } | { kind: 'members'; preview: MemberImportPreview };

/**
 * The dry run of an upload (decision 0110; `docs/domain.md`, §5 "Account head CSV" and "Member CSV
 * import"): the counts of rows creating a member, matching their member (the dues) or already
 * present (the members), mismatched and in error, the heads that would be created, a table of the
 * mismatches (field, the file's value, the member's current value) and the row errors. For the
 * dues each mismatch has a tick box (`accepted`, `onTick`); a member import never applies one.
 * Nothing is written until Upload.
 */
export function DryRunReview({
  dryRun,
  accepted = new Set(),
  onTick,
}: {
  dryRun: DryRun;
  accepted?: ReadonlySet<number>;
  onTick?: (row: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const { preview } = dryRun;
  const dues = dryRun.kind === 'dues' ? dryRun.preview : null;
  const matched = dues ? dues.toApply.length : dryRun.kind === 'members' ? dryRun.preview.present.length : 0;
  const tickable = dues ? onTick : undefined;
  return (
    <Stack gap="sm" aria-live="polite">
      <Title order={3} fz="md">
        {t('paymentHeads.csv.dryRun.title')}
      </Title>
      <Text size="sm">{t(dues ? 'paymentHeads.csv.dryRun.intro' : 'paymentHeads.csv.dryRun.membersIntro')}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={t('paymentHeads.csv.dryRun.toCreate')} value={preview.toCreate.length} />
        <Figure
          label={t(dues ? 'paymentHeads.csv.dryRun.toApply' : 'paymentHeads.csv.dryRun.present')}
          value={matched}
        />
        <Figure label={t('paymentHeads.csv.dryRun.mismatches')} value={preview.mismatches.length} />
        <Figure label={t('paymentHeads.csv.dryRun.errors')} value={preview.errors.length} />
      </SimpleGrid>
      {dues && dues.headsToCreate.length > 0 ? (
        <Text size="sm">{t('paymentHeads.csv.dryRun.headsToCreate', { names: dues.headsToCreate.join(', ') })}</Text>
      ) : null}
      {preview.mismatches.length > 0 ? (
        <Stack gap={4}>
          <Title order={4} fz="sm">
            {t(tickable ? 'paymentHeads.csv.dryRun.mismatchTitle' : 'paymentHeads.csv.dryRun.membersMismatchTitle')}
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table withTableBorder withColumnBorders fz="sm">
              <Table.Thead>
                <Table.Tr>
                  {tickable ? <Table.Th>{t('paymentHeads.csv.dryRun.apply')}</Table.Th> : null}
                  <Table.Th>{t('paymentHeads.csv.dryRun.row')}</Table.Th>
                  <Table.Th>{t('paymentHeads.csv.dryRun.parishNumber')}</Table.Th>
                  <Table.Th>{t('paymentHeads.csv.dryRun.field')}</Table.Th>
                  <Table.Th>{t('paymentHeads.csv.dryRun.inFile')}</Table.Th>
                  <Table.Th>{t('paymentHeads.csv.dryRun.current')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.mismatches.map((mismatch) => (
                  <MismatchRows
                    key={mismatch.row}
                    mismatch={mismatch}
                    ticked={accepted.has(mismatch.row)}
                    onTick={tickable}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {tickable ? <Text size="sm">{t('paymentHeads.csv.dryRun.ticked', { count: accepted.size })}</Text> : null}
        </Stack>
      ) : null}
      <RowErrorList
        errors={preview.errors}
        title={t('paymentHeads.csv.dryRun.errorsTitle', { count: preview.errors.length })}
      />
    </Stack>
  );
}
