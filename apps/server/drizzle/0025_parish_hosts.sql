-- Hand-written (issue 28 item 3, decision 0125; docs/parishes.md, docs/deploy.md "One server for a
-- diocese"). A parish is found by the host name a request names: its own domain or a subdomain of
-- the diocese's. Global table: a host belongs to exactly one parish, and the lookup happens before
-- the request's parish is known. "host" is lower-case, without port or trailing dot.
CREATE TABLE "parish_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"parish_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parish_hosts_host_normal" CHECK (length("host") <= 253 AND "host" ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$')
);--> statement-breakpoint
ALTER TABLE "parish_hosts" ADD CONSTRAINT "parish_hosts_parish_id_parishes_id_fk" FOREIGN KEY ("parish_id") REFERENCES "parishes"("id");--> statement-breakpoint
CREATE INDEX "parish_hosts_parish_id_idx" ON "parish_hosts" ("parish_id");
