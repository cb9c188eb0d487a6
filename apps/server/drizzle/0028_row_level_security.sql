-- Row-level security by parish (issue 28 item 2, decisions 0121 and 0128).
-- The app works as the role parish_app (NOLOGIN, no superuser, no BYPASSRLS): it switches to it
-- with SET ROLE after connecting (src/db/parish-scope.ts). Every parish table is held by the
-- policy parish_isolation, FORCEd so that a table owner without superuser is held too: a row is
-- seen and written only when its parish_id is request_parish_id() (the setting app.parish_id);
-- with none set, a parish table reads as empty and refuses writes. The global tables
-- (src/db/parish-tables.ts GLOBAL_TABLES) stay without a policy.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'parish_app') THEN
    CREATE ROLE parish_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;--> statement-breakpoint
-- A connecting user that is not a superuser must be a member of the role to SET ROLE to it.
DO $$ BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT parish_app TO %I', current_user);
  END IF;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO parish_app;--> statement-breakpoint
-- The migrations journal is read by backups and parish files (how many migrations a file carries).
DO $$ BEGIN
  IF EXISTS (SELECT FROM pg_namespace WHERE nspname = 'drizzle') THEN
    GRANT USAGE ON SCHEMA drizzle TO parish_app;
    GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO parish_app;
  END IF;
END $$;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO parish_app;--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO parish_app;--> statement-breakpoint
-- Tables and sequences later migrations make are granted as they are made.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO parish_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO parish_app;--> statement-breakpoint
-- Every table of the public schema with a parish_id column, but parish_hosts (global: read before
-- the request's parish is known): the policy, and a parish_id default without the fallback to the
-- home parish (decision 0124's transitional coalesce): a row is written in the request's parish.
DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'parish_id' AND NOT a.attisdropped
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
       AND c.relname NOT IN ('parishes', 'parish_hosts', 'login_throttle', 'backup_runs')
     ORDER BY c.relname
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN parish_id SET DEFAULT request_parish_id()', t.relname);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.relname);
    EXECUTE format('DROP POLICY IF EXISTS parish_isolation ON %I', t.relname);
    EXECUTE format('CREATE POLICY parish_isolation ON %I USING (parish_id = request_parish_id()) '
                   'WITH CHECK (parish_id = request_parish_id())', t.relname);
  END LOOP;
END $$;
