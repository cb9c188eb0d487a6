-- Hand-written (issue 28 item 4, decision 0130; docs/parishes.md). Each parish's gateway
-- credentials and WhatsApp Cloud API settings, one row per field. A secret field's value is sealed
-- (AES-256-GCM, lib/secret-box.ts) with the key of SETTINGS_KEY, whose public id is kept in key_id so
-- that a value sealed under another key (a restore without the key) is recognised; such a value is
-- cleared (value '') and needs_reentry set. Non-secret ids (Razorpay key id and account id, Worldline
-- merchant code and scheme code, WhatsApp phone number id and business account id) are kept plain:
-- the webhooks find their parish by them.
CREATE TABLE "parish_credentials" (
	"parish_id" integer DEFAULT request_parish_id() NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"sealed" boolean NOT NULL,
	"key_id" text,
	"needs_reentry" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parish_credentials_pkey" PRIMARY KEY("parish_id","field"),
	CONSTRAINT "parish_credentials_sealed_key_check" CHECK (not "sealed" or "needs_reentry" or "key_id" is not null)
);--> statement-breakpoint
ALTER TABLE "parish_credentials" ADD CONSTRAINT "parish_credentials_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
-- A lookup by field and value not naming its parish (the webhooks' functions below; migration 0026's rule).
CREATE INDEX "parish_credentials_field_value_lookup_idx" ON "parish_credentials" USING btree ("field", "value");--> statement-breakpoint
-- The parish a webhook belongs to, found by the gateway's or Meta's own identifiers before any
-- parish is known (decision 0130): SECURITY DEFINER, owned by the migrations' owner, so that the
-- row-level policies (no parish set yet) do not hide the one row sought. Each answers one parish id
-- or NULL (none, or more than one: then the webhook is refused).
CREATE FUNCTION parish_of_gateway_order(p_gateway text, p_order_id text) RETURNS integer
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT CASE WHEN count(DISTINCT parish_id) = 1 THEN min(parish_id) END
    FROM transactions WHERE payment_gateway::text = p_gateway AND gateway_order_id = p_order_id
$$;--> statement-breakpoint
CREATE FUNCTION parish_of_credential(p_field text, p_value text) RETURNS integer
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT CASE WHEN count(DISTINCT parish_id) = 1 THEN min(parish_id) END
    FROM parish_credentials WHERE field = p_field AND NOT sealed AND value = p_value AND value <> ''
$$;--> statement-breakpoint
ALTER TABLE "parish_credentials" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "parish_credentials" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY parish_isolation ON "parish_credentials" USING (parish_id = request_parish_id()) WITH CHECK (parish_id = request_parish_id());
