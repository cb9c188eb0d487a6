/** English texts of the payment-heads screens (part of the one catalogue, see ../en.ts). */
export const paymentHeads = {} as const;
