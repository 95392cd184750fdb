ALTER TABLE "payroll_runs" ADD COLUMN "net_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- payroll_runs.net_paid: the amount paid of the run, each slip's net rounded to ₹10 half up on the rupee as its payslip
-- prints it (NET_PAY_ROUNDING; the same expression as modules/payroll/net-paid.ts netPaidSql), summed. Kept by the
-- database whenever a run's slips are written, changed or removed, so the run screen, the run list and the registers
-- read one figure per run instead of summing slips.
CREATE OR REPLACE FUNCTION hr_slip_net_paid(net bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT ((CASE WHEN net < 0 THEN -1 ELSE 1 END) * ((abs(net) / 100 + 5) / 10) * 1000)::bigint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_run_net_paid_refresh(run_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE payroll_runs r SET net_paid = coalesce((SELECT sum(hr_slip_net_paid(s.net)) FROM salary_slips s WHERE s.run_id = r.id), 0)
  WHERE r.id = ANY(run_ids)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_run_net_paid_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM hr_run_net_paid_refresh(ARRAY(SELECT DISTINCT run_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hr_run_net_paid_refresh(ARRAY(SELECT DISTINCT run_id FROM old_rows));
  ELSE
    PERFORM hr_run_net_paid_refresh(ARRAY(SELECT run_id FROM new_rows UNION SELECT run_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER salary_slips_net_paid_ins AFTER INSERT ON salary_slips
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_run_net_paid_keep();
--> statement-breakpoint
CREATE TRIGGER salary_slips_net_paid_del AFTER DELETE ON salary_slips
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_run_net_paid_keep();
--> statement-breakpoint
CREATE TRIGGER salary_slips_net_paid_upd AFTER UPDATE ON salary_slips
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hr_run_net_paid_keep();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hr_run_net_paid_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payroll_runs SET net_paid = 0 WHERE net_paid <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER salary_slips_net_paid_truncate AFTER TRUNCATE ON salary_slips
FOR EACH STATEMENT EXECUTE FUNCTION hr_run_net_paid_clear();
--> statement-breakpoint
-- Runs processed before this migration.
UPDATE payroll_runs r SET net_paid = x.paid
FROM (SELECT s.run_id, sum(hr_slip_net_paid(s.net))::bigint AS paid FROM salary_slips s GROUP BY s.run_id) x
WHERE x.run_id = r.id;
