-- Hand-written (issue 28 item 6, decision 0132; docs/parishes.md, "New parish checklist"). The
-- explicit choices a parish admin makes on the "Get started" checklist, which the data alone cannot
-- show: a step skipped for now ('skip'), online payment turned off ('off', gateway step), reminders
-- by wa.me links instead of the WhatsApp Cloud API ('wa.me', whatsapp step), and the checklist
-- dismissed ('dismissed', step 'checklist'). One row per parish and step; every other step's state
-- is derived from the data (settings, members, heads, reminder rounds).
CREATE TABLE "onboarding_choices" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"step" text NOT NULL,
	"choice" text NOT NULL,
	"chosen_by" text,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_choices_pkey" PRIMARY KEY("parish_id","step"),
	CONSTRAINT "onboarding_choices_step_check" CHECK ("step" in ('details', 'register', 'heads', 'upi', 'gateway', 'whatsapp', 'reminders', 'checklist')),
	CONSTRAINT "onboarding_choices_choice_check" CHECK (
		("choice" = 'skip' and "step" <> 'checklist')
		or ("choice" = 'off' and "step" = 'gateway')
		or ("choice" = 'wa.me' and "step" = 'whatsapp')
		or ("choice" = 'dismissed' and "step" = 'checklist'))
);--> statement-breakpoint
ALTER TABLE "onboarding_choices" ADD CONSTRAINT "onboarding_choices_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
-- A parish that already has members was set up before the checklist existed: its checklist starts
-- dismissed, so its admins keep landing on the dashboard (written before the policy is in force).
INSERT INTO "onboarding_choices" ("parish_id", "step", "choice")
	SELECT "p"."id", 'checklist', 'dismissed' FROM "parishes" "p"
	WHERE EXISTS (SELECT 1 FROM "members" "m" WHERE "m"."parish_id" = "p"."id");--> statement-breakpoint
ALTER TABLE "onboarding_choices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "onboarding_choices" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "onboarding_choices" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());
