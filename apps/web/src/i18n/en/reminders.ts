/** English texts of the reminders screens (part of the one catalogue, see ../en.ts). */
export const reminders = {} as const;
