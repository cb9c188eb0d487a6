-- The member search's trigram index keeps at most 256 kB of new entries in its pending list,
-- not the 4 MB default (issue 18). PGlite runs no autovacuum, so the list was merged only when it
-- reached 4 MB; until then every search read the whole list, and the planner, costing that,
-- scanned all members even for a search the index answers in a millisecond (a three-digit number:
-- 8-10 ms against 1-2 ms on 20,000 members). Inserting members costs a little more (20,000 in one
-- statement: 1.4 s -> 2.2-2.8 s on PGlite; fastupdate off would be 10 s). The list is merged now.
ALTER INDEX "members_search_text_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
SELECT gin_clean_pending_list('members_search_text_trgm_idx'::regclass);
