-- Hand-written (issue 29 item 1, decision 0138; docs/domain.md, "Sign-in with a code on WhatsApp"
-- and "WhatsApp consent"). member_sign_in_codes: the one live sign-in code of a member, sent on
-- WhatsApp: only an HMAC of it (code_hash, hex), when it stops working (expires_at, 5 minutes after
-- it was sent) and the wrong tries it still allows (tries_left, from 5). A new code replaces the
-- row; a used or spent code deletes it. members.whatsapp_consent_*: when and how the member agreed
-- to messages the parish starts (DPDP Act notice and consent, Meta's opt-in), and when they
-- withdrew it; nulls are "not recorded" (members from before keep getting reminders unless opted out).
CREATE TABLE "member_sign_in_codes" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"member_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries_left" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_sign_in_codes_pkey" PRIMARY KEY("parish_id","member_id"),
	CONSTRAINT "member_sign_in_codes_tries_check" CHECK ("tries_left" >= 0 AND "tries_left" <= 5)
);--> statement-breakpoint
ALTER TABLE "member_sign_in_codes" ADD CONSTRAINT "member_sign_in_codes_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
ALTER TABLE "member_sign_in_codes" ADD CONSTRAINT "member_sign_in_codes_member_id_members_id_fk" FOREIGN KEY ("parish_id","member_id") REFERENCES "members"("parish_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "member_sign_in_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "member_sign_in_codes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "member_sign_in_codes" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "whatsapp_consent_method" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "whatsapp_consent_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_whatsapp_consent_method_check" CHECK (
	("whatsapp_consent_method" IS NULL) = ("whatsapp_consent_at" IS NULL)
	AND ("whatsapp_consent_method" IS NULL OR "whatsapp_consent_method" IN ('portal', 'counter', 'sign_in_code', 'import')));
