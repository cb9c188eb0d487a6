import { memberContracts, settingsContracts, type MemberImportPreview } from '@parish/shared';
import { screen, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { UploadMembersModal } from './upload-members-modal.tsx';

/**
 * The Upload Members dialog's dry run (issue 27 item 2, decision 0110): choosing a file shows the
 * rows to create, those already present, the mismatches with the file's value and the member's
 * (no tick box: a member import never applies one) and the skipped rows, before Upload.
 */

const CSV =
  'Name,Mobile,Parish Number\r\nBaby Chacko,9048123456,SM201\r\nThomas Mathew,9847012345,SM101\r\nNew Member,9048123457,SM203\r\n';

const PREVIEW: MemberImportPreview = {
  totalRows: 3,
  newWards: [],
  toCreate: [{ row: 3, parishNumber: 'SM203', name: 'New Member' }],
  present: [{ row: 2, parishNumber: 'SM101', name: 'Thomas Mathew' }],
  mismatches: [
    {
      row: 1,
      parishNumber: 'SM201',
      memberName: 'Soumya Cherian',
      fields: [{ field: 'phone', csvValue: '9048123456', memberValue: '919447000201', invalid: false }],
    },
  ],
  errors: [],
};

describe('the Upload Members dry run', () => {
  it('shows the dry run as soon as the file is chosen, with no tick box, and imports nothing yet', async () => {
    const sent: unknown[] = [];
    server.use(
      // The dialog names new wards in the parish's word (issue 28 item 7).
      on(settingsContracts.get).reply(() => ({
        name: 'St. Mary’s Church',
        address: '',
        contact: '',
        logoUrl: '',
        currency: 'INR',
      })),
      on(memberContracts.importPreview).reply(({ body }) => {
        sent.push(body.members.length);
        return PREVIEW;
      }),
      on(memberContracts.importRows).reply(() => {
        throw new Error('the dry run must not import');
      }),
    );
    const state = renderScreen(<UploadMembersModal opened onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: t('members.csv.title') });
    const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await state.user.upload(input, new File([CSV], 'members.csv', { type: 'text/csv' }));
    await within(dialog).findByText(t('paymentHeads.csv.dryRun.membersIntro'));
    expect(sent).toEqual([3]);
    for (const text of ['9048123456', '919447000201', 'SM201', t('paymentHeads.csv.dryRun.present')]) {
      expect(dialog).toHaveTextContent(text);
    }
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).getByRole('button', { name: t('members.csv.submit') })).toBeEnabled();
  });
});
