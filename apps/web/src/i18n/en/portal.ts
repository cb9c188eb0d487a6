/** English texts of the portal screens (part of the one catalogue, see ../en.ts). */
export const portal = {} as const;
