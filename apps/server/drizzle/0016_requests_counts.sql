-- request_counts: how many requests there are per kind, unit and status, kept here by statement triggers whatever
-- writes the rows (screens, seed, SQL), so the allRequest lists' total is a sum of a few rows instead of a count
-- over hundreds of thousands. Each trigger adds the statement's changes grouped by key, in key order (concurrent
-- writers lock the counter rows in the same order).
CREATE OR REPLACE FUNCTION hr_request_counts_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO request_counts AS c (kind, unit_id, status, n)
    SELECT kind, unit_id, status, count(*)::int FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (kind, unit_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO request_counts AS c (kind, unit_id, status, n)
    SELECT kind, unit_id, status, -count(*)::int FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (kind, unit_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO request_counts AS c (kind, unit_id, status, n)
    SELECT kind, unit_id, status, sum(d)::int FROM (
      SELECT kind, unit_id, status, 1 AS d FROM new_rows
      UNION ALL
      SELECT kind, unit_id, status, -1 AS d FROM old_rows
    ) x GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (kind, unit_id, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER requests_counts_ins AFTER INSERT ON requests
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_request_counts_add();
--> statement-breakpoint
CREATE TRIGGER requests_counts_del AFTER DELETE ON requests
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_request_counts_add();
--> statement-breakpoint
CREATE TRIGGER requests_counts_upd AFTER UPDATE ON requests
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_request_counts_add();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_request_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM request_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER requests_counts_truncate AFTER TRUNCATE ON requests
FOR EACH STATEMENT EXECUTE FUNCTION hr_request_counts_clear();
--> statement-breakpoint
DELETE FROM request_counts;
--> statement-breakpoint
INSERT INTO request_counts (kind, unit_id, status, n)
SELECT kind, unit_id, status, count(*)::int FROM requests GROUP BY 1, 2, 3;
