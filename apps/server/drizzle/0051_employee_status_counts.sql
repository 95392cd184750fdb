-- employee_status_counts: every employee counted by unit, status and whether mandatory documents are missing
-- (missing_mandatory_docs > 0, kept per employee by the triggers of migration 0004). The dashboard summary's unit
-- figures (active, on notice, active with documents missing) and the employee list's total (unfiltered, or filtered
-- by unit and status only) read these few rows instead of counting the employees. Kept by statement triggers on
-- employees (inserted, deleted, or a changed unit, status or missing count); a truncate clears them.
CREATE TABLE IF NOT EXISTS employee_status_counts (
  unit_id integer NOT NULL,
  status varchar(10) NOT NULL,
  missing_docs boolean NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (unit_id, status, missing_docs)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_employee_status_counts_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO employee_status_counts AS c (unit_id, status, missing_docs, n)
    SELECT unit_id, status, missing_mandatory_docs > 0, count(*)::int FROM new_rows
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (unit_id, status, missing_docs) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO employee_status_counts AS c (unit_id, status, missing_docs, n)
    SELECT unit_id, status, missing_mandatory_docs > 0, -count(*)::int FROM old_rows
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (unit_id, status, missing_docs) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO employee_status_counts AS c (unit_id, status, missing_docs, n)
    SELECT x.unit_id, x.status, x.missing_docs, sum(x.d)::int FROM (
        SELECT unit_id, status, missing_mandatory_docs > 0 AS missing_docs, 1 AS d FROM new_rows
        UNION ALL
        SELECT unit_id, status, missing_mandatory_docs > 0, -1 FROM old_rows
      ) x
    GROUP BY 1, 2, 3 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (unit_id, status, missing_docs) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employees_status_counts_ins AFTER INSERT ON employees
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_employee_status_counts_keep();
--> statement-breakpoint
CREATE TRIGGER employees_status_counts_del AFTER DELETE ON employees
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_employee_status_counts_keep();
--> statement-breakpoint
CREATE TRIGGER employees_status_counts_upd AFTER UPDATE ON employees
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_employee_status_counts_keep();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_employee_status_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM employee_status_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employees_status_counts_truncate AFTER TRUNCATE ON employees
FOR EACH STATEMENT EXECUTE FUNCTION hr_employee_status_counts_clear();
--> statement-breakpoint
DELETE FROM employee_status_counts;
--> statement-breakpoint
INSERT INTO employee_status_counts (unit_id, status, missing_docs, n)
SELECT unit_id, status, missing_mandatory_docs > 0, count(*)::int FROM employees
GROUP BY 1, 2, 3;
