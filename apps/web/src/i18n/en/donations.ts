/**
 * Back-office texts of donations under section 80G (issue 30 item 8, decision 0148): the trust's
 * registration on Parish Settings, a member's PAN, and the Form 10BD / 10BE downloads.
 */
export const donations = {
  registration: {
    title: '80G registration',
    hint: 'When the parish trust is registered under section 80G, receipts of donation heads dated within the validity carry the trust’s name, PAN, registration number and validity, the donor’s PAN and the 80G statement. Leave every field empty if the trust has no registration.',
    trustName: 'Trust name',
    trustPan: 'Trust PAN',
    registrationNumber: '80G registration number (URN)',
    registrationNumberHint: 'As on the approval (Form 10AC), e.g. AAATT1234AF20214',
    validFrom: 'Valid from',
    validTo: 'Valid to',
    save: 'Save 80G registration',
    saved: '80G registration saved.',
  },
  pan: {
    label: 'PAN (for 80G donations)',
    hint: '5 letters, 4 digits, 1 letter. Printed masked on receipts; shown in full to admins only.',
    masked: 'PAN on record: {{pan}}',
    none: 'No PAN on record.',
    save: 'Save PAN',
    saved: 'PAN saved.',
  },
  exports: {
    title: 'Form 10BD (80G donations)',
    intro: 'The donations of a financial year as Form 10BD asks for them: one row per donor, donation type and mode of receipt. Cash donations above ₹2,000 are flagged as not eligible. Each donor’s Form 10BE details print from the member’s PAN dialog.',
    year: 'Financial year',
    download: 'Download Form 10BD (CSV)',
    failed: 'The download did not finish. Check the 80G registration in Parish Settings and try again.',
    certificate: 'Print Form 10BE details for {{year}}',
  },
};
