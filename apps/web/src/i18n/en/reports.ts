/** English texts of the reports screens (part of the one catalogue, see ../en.ts). */
export const reports = {} as const;
