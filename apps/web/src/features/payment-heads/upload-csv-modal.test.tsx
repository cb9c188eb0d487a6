import { paymentContracts, type ContractBody, type UploadCsvPreview, type UploadCsvResult } from '@parish/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { UploadCsvModal } from './upload-csv-modal.tsx';

/**
 * The Upload Dues CSV dialog's dry run (issue 27 item 2, decision 0110): choosing the file shows
 * the counts, the mismatches with the file's value and the member's, each with a tick box reachable
 * from the keyboard, and the row errors; Upload sends the ticked rows as `accept`.
 */

const CSV =
  'ParishNumber,Name,Phone,Building Fund 2026\r\nSM201,Baby Chacko,9048123456,2000\r\nSM101,Thomas Mathew,9847012345,2000\r\n';

const PREVIEW: UploadCsvPreview = {
  totalRows: 3,
  toCreate: [],
  toApply: [{ row: 2, parishNumber: 'SM101', name: 'Thomas Mathew' }],
  mismatches: [
    {
      row: 1,
      parishNumber: 'SM201',
      memberName: 'Soumya Cherian',
      fields: [
        { field: 'name', csvValue: 'Baby Chacko', memberValue: 'Soumya Cherian', invalid: false },
        { field: 'phone', csvValue: '9048123456', memberValue: '919447000201', invalid: false },
      ],
    },
  ],
  errors: [{ row: 3, message: 'Parish number is required' }],
  headsToCreate: ['Building Fund 2026'],
};

const RESULT: UploadCsvResult = {
  status: 'success',
  totalRows: 2,
  success: [{ row: 2, parishNumber: 'SM101', payments: 1 }],
  errors: [],
  membersCreated: 0,
  paymentHeadsCreated: 1,
  whatsappSent: [],
  paymentsAssigned: 1,
  paymentsChanged: 0,
  paymentsUnchanged: 0,
  pendingAmountsDiffer: 0,
};

/** Answers the dry run and the upload; records the upload bodies. */
function answers() {
  const uploads: ContractBody<typeof paymentContracts.uploadCsv>[] = [];
  server.use(
    on(paymentContracts.uploadCsvPreview).reply(() => PREVIEW),
    on(paymentContracts.uploadCsv).reply(({ body }) => {
      uploads.push(body);
      return RESULT;
    }),
  );
  return uploads;
}

const uploadButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: t('paymentHeads.csv.submit') });

/** Opens the dialog and chooses the file, which runs the dry run; returns the dialog. */
async function checkFile() {
  const state = renderScreen(<UploadCsvModal opened onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: t('paymentHeads.csv.title') });
  const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await state.user.upload(input, new File([CSV], 'dues.csv', { type: 'text/csv' }));
  await within(dialog).findByText(t('paymentHeads.csv.dryRun.title'));
  await waitFor(() => expect(uploadButton(dialog)).toBeEnabled());
  return { ...state, dialog };
}

const tickBox = (dialog: HTMLElement) =>
  within(dialog).getByRole('checkbox', {
    name: t('paymentHeads.csv.dryRun.applyRow', { row: 1, parishNumber: 'SM201', name: 'Soumya Cherian' }),
  });

describe('the Upload Dues CSV dry run', () => {
  it('shows the counts, each mismatched field with both values, and the row errors before anything is written', async () => {
    const uploads = answers();
    const { dialog } = await checkFile();
    for (const text of ['Baby Chacko', 'Soumya Cherian', '9048123456', '919447000201', 'Parish number is required']) {
      expect(dialog).toHaveTextContent(text);
    }
    expect(dialog).toHaveTextContent(t('paymentHeads.csv.dryRun.headsToCreate', { names: 'Building Fund 2026' }));
    expect(tickBox(dialog)).not.toBeChecked();
    expect(uploads).toEqual([]);
  });

  it('sends a mismatch only when ticked (from the keyboard), and the others not', async () => {
    const uploads = answers();
    const { dialog, user } = await checkFile();
    tickBox(dialog).focus();
    await user.keyboard(' ');
    expect(tickBox(dialog)).toBeChecked();
    await user.click(uploadButton(dialog));
    await within(dialog).findByText(t('paymentHeads.csv.resultTitle'));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.accept).toEqual([1]);
  });

  it('applies without the unticked mismatch', async () => {
    const uploads = answers();
    const { dialog, user } = await checkFile();
    await user.click(uploadButton(dialog));
    await within(dialog).findByText(t('paymentHeads.csv.resultTitle'));
    expect(uploads[0]?.accept).toEqual([]);
  });
});
