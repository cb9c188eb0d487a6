/** English texts of the collections screens (part of the one catalogue, see ../en.ts). */
export const collections = {} as const;
