import { pgEnum } from 'drizzle-orm/pg-core';

/** Staff roles (`docs/domain.md`, §6 "Who may do what"). Members are a table of their own. */
export const staffRole = pgEnum('staff_role', ['admin', 'cashier', 'ward_leader', 'accountant']);

/** Canonical payment head types (`docs/domain.md`, §3 "Payment heads"); legacy values are mapped on input. */
export const headType = pgEnum('head_type', ['arrear', 'current due', 'miscellaneous']);

/**
 * A payment's status (`docs/domain.md`, §4 "Payment status"). `waived`: a concession forgave the
 * whole due (`docs/domain.md`, §4 "Concessions"); it is not outstanding.
 */
export const paymentStatus = pgEnum('payment_status', ['pending', 'paid', 'failed', 'waived']);

/** Who settled a payment: a card gateway, or manual (direct collection by staff). */
export const paymentGateway = pgEnum('payment_gateway', ['worldline', 'razorpay', 'manual']);

/** An online transaction's status. */
export const transactionStatus = pgEnum('transaction_status', ['pending', 'success', 'failed']);

/** Who did something recorded in the audit trail. */
export const actorType = pgEnum('actor_type', ['staff', 'member', 'system', 'gateway']);

/** Whose refresh token it is. */
export const subjectType = pgEnum('subject_type', ['staff', 'member']);

/** A background job's state. */
export const jobStatus = pgEnum('job_status', ['queued', 'running', 'done', 'failed', 'cancelled']);
