import { MEMBER_CSV_TEMPLATE_EXAMPLE, MEMBER_CSV_TEMPLATE_HEADER, neutralizeCsvRows } from '@parish/shared';

import { saveBlob } from '../../lib/table-download.ts';

/** The file name of the member CSV template (`docs/domain.md`, §2 "File names"). */
export const MEMBER_TEMPLATE_FILE = 'member_template.csv';

/**
 * The template's CSV text: the header Name, Mobile, Parish Number, Alternate Contact, Current
 * Location, Email, Address and one example row, CRLF line ends, no final line end. papaparse is
 * loaded only when asked for.
 */
export async function memberTemplateCsv(): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(neutralizeCsvRows([[...MEMBER_CSV_TEMPLATE_HEADER], [...MEMBER_CSV_TEMPLATE_EXAMPLE]]), {
    newline: '\r\n',
  });
}

/**
 * Saves `member_template.csv` ({@link memberTemplateCsv}): UTF-8 with a byte-order mark and a CRLF
 * after the last row, so that Excel opens it as it writes it.
 * @throws when the browser cannot make the file (the caller shows 'Failed to download template').
 */
export async function downloadMemberTemplate(): Promise<void> {
  const csv = await memberTemplateCsv();
  saveBlob(new Blob(['\uFEFF', csv, '\r\n'], { type: 'text/csv;charset=utf-8' }), MEMBER_TEMPLATE_FILE);
}
