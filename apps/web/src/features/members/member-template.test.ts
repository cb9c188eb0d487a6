import { describe, expect, it } from 'vitest';

import { memberTemplateCsv } from './member-template.ts';

describe('member CSV template', () => {
  it('has the header and one example row, CRLF line ends, a quoted address', async () => {
    const csv = await memberTemplateCsv();
    expect(csv.split('\r\n')).toEqual([
      'Name,Mobile,Parish Number,Alternate Contact,Current Location,Email,Address',
      'Thomas Mathew,9847012345,SM101,9847012346,Kottayam,thomas.mathew@example.in,"Puthenpurayil House, Pala Road, Kottayam 686001"',
    ]);
  });
});
