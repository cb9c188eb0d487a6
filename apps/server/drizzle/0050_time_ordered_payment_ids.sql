-- Hand-written (issue 31, decision 0157; docs/domain.md, §12 "D3 Streamed export").
-- time_ordered_uuid(): a UUID version 7 (RFC 9562, section 5.7): the first 48 bits the Unix time in
-- milliseconds (clock_timestamp, so each row of one statement gets its own instant), then the version
-- 7 and the variant bits, the rest random (taken from gen_random_uuid, which has the same variant).
-- PostgreSQL 15 has no uuidv7() (PostgreSQL 18, PGlite's engine, has one); this one works on both.
-- New payments take it as their id, so the ids of a parish's payments follow the order they were
-- written in, which is the heap's order: the export's pages by id read the table nearly in order.
-- Existing payments keep their random ids (a money record's id is never rewritten).
CREATE OR REPLACE FUNCTION time_ordered_uuid() RETURNS uuid
  LANGUAGE sql VOLATILE PARALLEL SAFE
  AS $$
    SELECT encode(
      set_bit(
        set_bit(
          overlay(uuid_send(gen_random_uuid())
                  PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
                  FROM 1 FOR 6),
          52, 1),
        53, 1),
      'hex')::uuid
  $$;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "id" SET DEFAULT time_ordered_uuid();
