/** English texts of the admin's Export data screen (part of the one catalogue, see ../en.ts). */
export const exportData = {
  title: 'Export data',
  intro:
    'Download every member, account head and payment of the parish in one file, to keep a copy or to open in a spreadsheet.',
  format: 'Format',
  formats: {
    json: 'JSON (complete, for another program)',
    csv: 'CSV (one table, three sections)',
    xlsx: 'Excel workbook (.xlsx)',
  },
  download: 'Download export',
  preparing: 'Preparing the export...',
  received: '{{size}} received',
  done: 'Export downloaded: {{size}}.',
  failed: 'The export could not be downloaded. Please try again.',
  progressLabel: 'Export progress',
} as const;
