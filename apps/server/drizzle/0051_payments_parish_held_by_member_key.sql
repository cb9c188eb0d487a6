-- Hand-written (issue 31, row "matrix import"; decision 0160). payments' own foreign key from
-- parish_id to parishes is dropped: it is implied by the composite key (parish_id, member_id)
-- REFERENCES members (parish_id, id), both columns NOT NULL, and members' own parish_id references
-- parishes; a member with payments cannot be deleted, so no parish can go while its payments stay.
-- Its check was a row-level trigger run for every payment written, 20,000 times per batch of the
-- account-head import, about an eighth of that insert (EXPLAIN ANALYZE, both engines).
ALTER TABLE "payments" DROP CONSTRAINT IF EXISTS "payments_parish_id_parishes_id_fk";
