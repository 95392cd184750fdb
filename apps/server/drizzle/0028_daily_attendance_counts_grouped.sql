-- The stored days' counts trigger (0019) with the weekly-off test made once per group instead of once per row: the rows
-- are grouped first by the employee's weekly offs (the array itself), then `weekly_offs && hr_weekly_off_codes(day)` is
-- worked out for each group and the groups summed again by the counts' key. Same counts; for a unit's new month
-- (15,500 rows in one statement) the trigger's query took about 17 ms instead of 35 on PGlite (the array overlap a row
-- was most of it).
CREATE OR REPLACE FUNCTION hr_daily_attendance_counts_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO daily_attendance_counts AS c (day, unit_id, employed, weekly_off, status, has_in, late, manual, n)
    SELECT g.day, g.unit_id, g.employed, g.weekly_offs && hr_weekly_off_codes(g.day), g.status, g.has_in, g.late, g.manual, sum(g.n)::int
    FROM (
      SELECT r.day, e.unit_id,
        e.date_of_joining <= r.day AND (e.exit_date IS NULL OR e.exit_date >= r.day) AND NOT (e.status = 'exited' AND e.exit_date IS NULL) AS employed,
        e.weekly_offs, r.status, r.first_in IS NOT NULL AS has_in, r.late_minutes > 0 AS late, r.is_manual AS manual, count(*) AS n
      FROM new_rows r JOIN employees e ON e.id = r.employee_id
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) g
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(g.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, unit_id, employed, weekly_off, status, has_in, late, manual) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO daily_attendance_counts AS c (day, unit_id, employed, weekly_off, status, has_in, late, manual, n)
    SELECT g.day, g.unit_id, g.employed, g.weekly_offs && hr_weekly_off_codes(g.day), g.status, g.has_in, g.late, g.manual, sum(g.n)::int
    FROM (
      SELECT r.day, e.unit_id,
        e.date_of_joining <= r.day AND (e.exit_date IS NULL OR e.exit_date >= r.day) AND NOT (e.status = 'exited' AND e.exit_date IS NULL) AS employed,
        e.weekly_offs, r.status, r.first_in IS NOT NULL AS has_in, r.late_minutes > 0 AS late, r.is_manual AS manual, -count(*) AS n
      FROM old_rows r JOIN employees e ON e.id = r.employee_id
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) g
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(g.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, unit_id, employed, weekly_off, status, has_in, late, manual) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO daily_attendance_counts AS c (day, unit_id, employed, weekly_off, status, has_in, late, manual, n)
    SELECT g.day, g.unit_id, g.employed, g.weekly_offs && hr_weekly_off_codes(g.day), g.status, g.has_in, g.late, g.manual, sum(g.n)::int
    FROM (
      SELECT r.day, e.unit_id,
        e.date_of_joining <= r.day AND (e.exit_date IS NULL OR e.exit_date >= r.day) AND NOT (e.status = 'exited' AND e.exit_date IS NULL) AS employed,
        e.weekly_offs, r.status, r.first_in IS NOT NULL AS has_in, r.late_minutes > 0 AS late, r.is_manual AS manual, sum(r.d) AS n
      FROM (SELECT *, 1 AS d FROM new_rows UNION ALL SELECT *, -1 AS d FROM old_rows) r JOIN employees e ON e.id = r.employee_id
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) g
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(g.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (day, unit_id, employed, weekly_off, status, has_in, late, manual) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
