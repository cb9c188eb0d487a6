-- Hand-written (issue 28 item 7, decision 0129; docs/domain.md, "Wards"). The ward leader: a staff
-- account confined to one ward of its parish. The role joins staff_role; the ward is a column of
-- staff_users with a composite foreign key by parish (docs/parishes.md), so a leader can only lead
-- a ward of their own parish. A ward with a leader cannot be deleted (ON DELETE restrict), as one
-- with members. The check compares the role as text: a new enum value may not be used in the
-- transaction that adds it.
ALTER TYPE "staff_role" ADD VALUE IF NOT EXISTS 'ward_leader';--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "ward_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_ward_id_wards_id_fk" FOREIGN KEY ("parish_id", "ward_id") REFERENCES "wards"("parish_id", "id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_ward_leader_ward_check" CHECK (("role"::text = 'ward_leader') = ("ward_id" is not null));--> statement-breakpoint
CREATE INDEX "staff_users_ward_idx" ON "staff_users" USING btree ("parish_id", "ward_id") WHERE "ward_id" is not null;
