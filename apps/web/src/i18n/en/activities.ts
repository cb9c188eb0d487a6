/** English texts of the activities screens (part of the one catalogue, see ../en.ts). */
export const activities = {} as const;
