-- Figures the reports and the admin dashboard read, kept exactly by the database (CONVENTIONS: "a figure the database
-- can keep exactly is kept there by triggers"), so a screen sums a few rows instead of scanning a month or a day.
--
-- report_run_totals: the totals of a final (approved or locked) salary run: slips, gross, deductions, net and each
-- head's amount ('h' || head id, paise), worked out once when the run becomes final. A change to a run's slips drops
-- its totals (the registers then sum the slips, as they do for a processed run).
CREATE TABLE IF NOT EXISTS report_run_totals (
  run_id integer NOT NULL REFERENCES payroll_runs(id) ON DELETE CASCADE,
  item varchar(24) NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (run_id, item)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_report_run_totals_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_run_totals WHERE run_id = NEW.id;
  IF NEW.status IN ('approved', 'locked') THEN
    INSERT INTO report_run_totals (run_id, item, amount)
    SELECT NEW.id, x.item, x.amount FROM (
      SELECT '#slips' AS item, count(*)::bigint AS amount FROM salary_slips WHERE run_id = NEW.id
      UNION ALL SELECT 'gross', coalesce(sum(gross), 0)::bigint FROM salary_slips WHERE run_id = NEW.id
      UNION ALL SELECT 'deductions', coalesce(sum(deductions), 0)::bigint FROM salary_slips WHERE run_id = NEW.id
      UNION ALL SELECT 'net', coalesce(sum(net), 0)::bigint FROM salary_slips WHERE run_id = NEW.id
      UNION ALL
      SELECT 'h' || a.key, sum((a.value #>> '{}')::numeric)::bigint
      FROM salary_slips s CROSS JOIN LATERAL jsonb_each(s.amounts) a
      WHERE s.run_id = NEW.id AND jsonb_typeof(a.value) = 'number'
      GROUP BY a.key
    ) x;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payroll_runs_report_totals AFTER INSERT OR UPDATE OF status ON payroll_runs
FOR EACH ROW EXECUTE FUNCTION hr_report_run_totals_keep();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_report_run_totals_drop() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    DELETE FROM report_run_totals WHERE run_id IN (SELECT DISTINCT run_id FROM new_rows);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM report_run_totals WHERE run_id IN (SELECT DISTINCT run_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER salary_slips_report_totals_ins AFTER INSERT ON salary_slips
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_report_run_totals_drop();
--> statement-breakpoint
CREATE TRIGGER salary_slips_report_totals_del AFTER DELETE ON salary_slips
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_report_run_totals_drop();
--> statement-breakpoint
CREATE TRIGGER salary_slips_report_totals_upd AFTER UPDATE ON salary_slips
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_report_run_totals_drop();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_report_run_totals_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_run_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER salary_slips_report_totals_truncate AFTER TRUNCATE ON salary_slips
FOR EACH STATEMENT EXECUTE FUNCTION hr_report_run_totals_clear();
--> statement-breakpoint
INSERT INTO report_run_totals (run_id, item, amount)
SELECT r.id, x.item, x.amount FROM payroll_runs r CROSS JOIN LATERAL (
  SELECT '#slips' AS item, count(*)::bigint AS amount FROM salary_slips WHERE run_id = r.id
  UNION ALL SELECT 'gross', coalesce(sum(gross), 0)::bigint FROM salary_slips WHERE run_id = r.id
  UNION ALL SELECT 'deductions', coalesce(sum(deductions), 0)::bigint FROM salary_slips WHERE run_id = r.id
  UNION ALL SELECT 'net', coalesce(sum(net), 0)::bigint FROM salary_slips WHERE run_id = r.id
  UNION ALL
  SELECT 'h' || a.key, sum((a.value #>> '{}')::numeric)::bigint
  FROM salary_slips s CROSS JOIN LATERAL jsonb_each(s.amounts) a
  WHERE s.run_id = r.id AND jsonb_typeof(a.value) = 'number'
  GROUP BY a.key
) x
WHERE r.status IN ('approved', 'locked')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- daily_attendance_counts: the stored daily rows counted by day, the employee's unit, whether the employee is
-- employed that day (joined on or before it, not exited before it), whether the day is one of the employee's weekly
-- offs, and the row's status, first punch, lateness and manual marking: what the admin dashboard's today's
-- attendance needs to bucket a unit's day without joining its employees to their rows. Kept by statement triggers
-- on daily_attendance (its rows) and on employees (a changed unit, joining or exit date, status or weekly offs moves
-- the employee's rows from one key to another).
CREATE OR REPLACE FUNCTION hr_weekly_off_codes(d date) RETURNS smallint[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[extract(dow FROM d)::smallint, (10 * ((extract(day FROM d)::int - 1) / 7 + 1) + extract(dow FROM d)::int)::smallint]
    || CASE WHEN extract(month FROM d + 7) <> extract(month FROM d) THEN ARRAY[(60 + extract(dow FROM d)::int)::smallint] ELSE '{}'::smallint[] END
$$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS daily_attendance_counts (
  day date NOT NULL,
  unit_id integer NOT NULL,
  employed boolean NOT NULL,
  weekly_off boolean NOT NULL,
  status varchar(4) NOT NULL,
  has_in boolean NOT NULL,
  late boolean NOT NULL,
  manual boolean NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (day, unit_id, employed, weekly_off, status, has_in, late, manual)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_daily_attendance_counts_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO daily_attendance_counts AS c (day, unit_id, employed, weekly_off, status, has_in, late, manual, n)
    SELECT r.day, e.unit_id,
      e.date_of_joining <= r.day AND (e.exit_date IS NULL OR e.exit_date >= r.day) AND NOT (e.status = 'exited' AND e.exit_date IS NULL),
      e.weekly_offs && hr_weekly_off_codes(r.day), r.status, r.first_in IS NOT NULL, r.late_minutes > 0, r.is_manual, sum(d)::int
    FROM (SELECT *, 1 AS d FROM new_rows) r JOIN employees e ON e.id = r.employee_id
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, unit_id, employed, weekly_off, status, has_in, late, manual) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO daily_attendance_counts AS c (day, unit_id, employed, weekly_off, status, has_in, late, manual, n)
    SELECT r.day, e.unit_id,
      e.date_of_joining <= r.day AND (e.exit_date IS NULL OR e.exit_date >= r.day) AND NOT (e.status = 'exited' AND e.exit_date IS NULL),
      e.weekly_offs && hr_weekly_off_codes(r.day), r.status, r.first_in IS NOT NULL, r.late_minutes > 0, r.is_manual, sum(d)::int
    FROM (SELECT *, -1 AS d FROM old_rows) r JOIN employees e ON e.id = r.employee_id
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, unit_id, employed, weekly_off, status, has_in, late, manual) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO daily_attendance_counts AS c (day, unit_id, employed, weekly_off, status, has_in, late, manual, n)
    SELECT r.day, e.unit_id,
      e.date_of_joining <= r.day AND (e.exit_date IS NULL OR e.exit_date >= r.day) AND NOT (e.status = 'exited' AND e.exit_date IS NULL),
      e.weekly_offs && hr_weekly_off_codes(r.day), r.status, r.first_in IS NOT NULL, r.late_minutes > 0, r.is_manual, sum(d)::int
    FROM (SELECT *, 1 AS d FROM new_rows UNION ALL SELECT *, -1 AS d FROM old_rows) r JOIN employees e ON e.id = r.employee_id
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, unit_id, employed, weekly_off, status, has_in, late, manual) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER daily_attendance_counts_ins AFTER INSERT ON daily_attendance
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_daily_attendance_counts_rows();
--> statement-breakpoint
CREATE TRIGGER daily_attendance_counts_del AFTER DELETE ON daily_attendance
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_daily_attendance_counts_rows();
--> statement-breakpoint
CREATE TRIGGER daily_attendance_counts_upd AFTER UPDATE ON daily_attendance
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_daily_attendance_counts_rows();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_daily_attendance_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM daily_attendance_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER daily_attendance_counts_truncate AFTER TRUNCATE ON daily_attendance
FOR EACH STATEMENT EXECUTE FUNCTION hr_daily_attendance_counts_clear();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_daily_attendance_counts_staff() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_attendance_counts AS c (day, unit_id, employed, weekly_off, status, has_in, late, manual, n)
    SELECT r.day, x.unit_id,
      x.date_of_joining <= r.day AND (x.exit_date IS NULL OR x.exit_date >= r.day) AND NOT (x.status = 'exited' AND x.exit_date IS NULL),
      x.weekly_offs && hr_weekly_off_codes(r.day), r.status, r.first_in IS NOT NULL, r.late_minutes > 0, r.is_manual, sum(d)::int
    FROM (
        SELECT o.id, o.unit_id, o.date_of_joining, o.exit_date, o.status, o.weekly_offs, -1 AS d
        FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.unit_id, o.date_of_joining, o.exit_date, o.status, o.weekly_offs) IS DISTINCT FROM (n.unit_id, n.date_of_joining, n.exit_date, n.status, n.weekly_offs)
        UNION ALL
        SELECT n.id, n.unit_id, n.date_of_joining, n.exit_date, n.status, n.weekly_offs, 1 AS d
        FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.unit_id, o.date_of_joining, o.exit_date, o.status, o.weekly_offs) IS DISTINCT FROM (n.unit_id, n.date_of_joining, n.exit_date, n.status, n.weekly_offs)
      ) x JOIN daily_attendance r ON r.employee_id = x.id
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, unit_id, employed, weekly_off, status, has_in, late, manual) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employees_daily_attendance_counts AFTER UPDATE ON employees
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_daily_attendance_counts_staff();
--> statement-breakpoint
DELETE FROM daily_attendance_counts;
--> statement-breakpoint
INSERT INTO daily_attendance_counts AS c (day, unit_id, employed, weekly_off, status, has_in, late, manual, n)
    SELECT r.day, e.unit_id,
      e.date_of_joining <= r.day AND (e.exit_date IS NULL OR e.exit_date >= r.day) AND NOT (e.status = 'exited' AND e.exit_date IS NULL),
      e.weekly_offs && hr_weekly_off_codes(r.day), r.status, r.first_in IS NOT NULL, r.late_minutes > 0, r.is_manual, sum(d)::int
    FROM (SELECT *, 1 AS d FROM daily_attendance) r JOIN employees e ON e.id = r.employee_id
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, unit_id, employed, weekly_off, status, has_in, late, manual) DO UPDATE SET n = c.n + excluded.n;
