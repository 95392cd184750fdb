-- The salary slips' report-totals triggers (0019) fire in replica mode too, so the salary run's COPY may check its
-- foreign keys once (lib/bulk.ts foreignKeysOnce sets session_replication_role = replica for the COPY alone on
-- PGlite) and a run's kept totals are still dropped when its slips change.
ALTER TABLE salary_slips ENABLE ALWAYS TRIGGER salary_slips_report_totals_ins;
--> statement-breakpoint
ALTER TABLE salary_slips ENABLE ALWAYS TRIGGER salary_slips_report_totals_del;
--> statement-breakpoint
ALTER TABLE salary_slips ENABLE ALWAYS TRIGGER salary_slips_report_totals_upd;
--> statement-breakpoint
ALTER TABLE salary_slips ENABLE ALWAYS TRIGGER salary_slips_report_totals_truncate;
