/** English texts of the backup panel on the Parish Settings page (part of the one catalogue, see ../en.ts). */
export const backups = {
  title: 'Backups',
  last: 'Last backup: {{when}} ({{size}}, {{kind}})',
  daily: 'daily',
  manual: 'manual',
  none: 'No backup has been taken yet.',
  schedule: 'A backup is taken every day at 02:00 and the last {{keep}} are kept.',
  off: 'Daily backups are off (BACKUP_KEEP=0).',
  encrypted: 'Backups are encrypted with the backup passphrase.',
  copied: 'A copy of each backup goes to the second folder (BACKUP_COPY_DIR).',
  noCopy: 'No second folder is set: keep a copy of the backups on another disk (BACKUP_COPY_DIR).',
  loading: 'Loading backups...',
} as const;
