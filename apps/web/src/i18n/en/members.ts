/** English texts of the members screens (part of the one catalogue, see ../en.ts). */
export const members = {} as const;
