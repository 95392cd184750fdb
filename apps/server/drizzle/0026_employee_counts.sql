-- employee_counts: the employees counted by unit, department and weekly offs, among those whose employment does not
-- depend on the day asked about except through their joining date: no exit date and not exited. The admin dashboard's
-- headcount and today's attendance read them instead of every employee: employed on a day = these counts, less
-- those of them who join after the day, plus those with an exit date who have joined by the day and not left before
-- it (both read off partial indexes: few rows for today). Kept by statement triggers on employees (inserted,
-- deleted, or a changed unit, department, weekly offs, exit date or status); a truncate clears them.
CREATE TABLE IF NOT EXISTS employee_counts (
  unit_id integer NOT NULL,
  department_id integer NOT NULL,
  weekly_offs smallint[] NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (unit_id, department_id, weekly_offs)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_employee_counts_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO employee_counts AS c (unit_id, department_id, weekly_offs, n)
    SELECT unit_id, department_id, weekly_offs, count(*)::int FROM new_rows
    WHERE exit_date IS NULL AND status <> 'exited'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (unit_id, department_id, weekly_offs) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO employee_counts AS c (unit_id, department_id, weekly_offs, n)
    SELECT unit_id, department_id, weekly_offs, -count(*)::int FROM old_rows
    WHERE exit_date IS NULL AND status <> 'exited'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (unit_id, department_id, weekly_offs) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO employee_counts AS c (unit_id, department_id, weekly_offs, n)
    SELECT x.unit_id, x.department_id, x.weekly_offs, sum(x.d)::int FROM (
        SELECT unit_id, department_id, weekly_offs, 1 AS d FROM new_rows WHERE exit_date IS NULL AND status <> 'exited'
        UNION ALL
        SELECT unit_id, department_id, weekly_offs, -1 AS d FROM old_rows WHERE exit_date IS NULL AND status <> 'exited'
      ) x
    GROUP BY 1, 2, 3 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (unit_id, department_id, weekly_offs) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employees_counts_ins AFTER INSERT ON employees
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_employee_counts_keep();
--> statement-breakpoint
CREATE TRIGGER employees_counts_del AFTER DELETE ON employees
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_employee_counts_keep();
--> statement-breakpoint
CREATE TRIGGER employees_counts_upd AFTER UPDATE ON employees
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_employee_counts_keep();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_employee_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM employee_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employees_counts_truncate AFTER TRUNCATE ON employees
FOR EACH STATEMENT EXECUTE FUNCTION hr_employee_counts_clear();
--> statement-breakpoint
DELETE FROM employee_counts;
--> statement-breakpoint
INSERT INTO employee_counts (unit_id, department_id, weekly_offs, n)
SELECT unit_id, department_id, weekly_offs, count(*)::int FROM employees
WHERE exit_date IS NULL AND status <> 'exited'
GROUP BY 1, 2, 3;
