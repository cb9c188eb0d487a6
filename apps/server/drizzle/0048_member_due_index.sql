-- Hand-written (issue 31; decision 0155; docs/domain.md, §12 "B4 Reports"). The member-due report's
-- first page is the parish's owing members, largest unpaid total first (`ORDER BY unpaid_paise DESC,
-- member_id`, 25 rows). The index of migration 0004 could not give that order: it was made
-- `DESC NULLS LAST` where `DESC` means NULLS FIRST, and it does not start with the parish that every
-- statement of a request is held to (row-level security, decision 0121). So the page read and sorted
-- every owing member of every parish. This index starts with the parish and orders as the query does
-- (the column is NOT NULL, so the nulls' place changes no answer); it replaces the old one.
DROP INDEX IF EXISTS "member_payment_summary_unpaid_idx";--> statement-breakpoint
CREATE INDEX "member_payment_summary_parish_unpaid_idx" ON "member_payment_summary" USING btree ("parish_id", "unpaid_paise" DESC NULLS FIRST, "member_id") WHERE "member_payment_summary"."unpaid_paise" > 0;
