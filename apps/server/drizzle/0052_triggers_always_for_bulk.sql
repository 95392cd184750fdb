-- The triggers of employees and salary_slips fire in replica mode too (ENABLE ALWAYS, as 0021 did for the slips'
-- report totals), so the bulk writes may check their foreign keys once (lib/bulk.ts foreignKeysOnce: one statement
-- checks every distinct referenced id, then session_replication_role = replica for the writes alone, on PGlite) while
-- every figure the triggers keep is still kept. A table with any trigger not ENABLE ALWAYS loses the shortcut: the
-- slips' net-paid triggers (0030) had cost the salary run's COPY two foreign-key queries a slip (and on PGlite a file
-- size look-up each), the employee import the same per employee. The restore turns ALWAYS triggers off itself.
ALTER TABLE salary_slips ENABLE ALWAYS TRIGGER salary_slips_net_paid_ins;
--> statement-breakpoint
ALTER TABLE salary_slips ENABLE ALWAYS TRIGGER salary_slips_net_paid_del;
--> statement-breakpoint
ALTER TABLE salary_slips ENABLE ALWAYS TRIGGER salary_slips_net_paid_upd;
--> statement-breakpoint
ALTER TABLE salary_slips ENABLE ALWAYS TRIGGER salary_slips_net_paid_truncate;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_missing_docs;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_counts_ins;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_counts_del;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_counts_upd;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_counts_truncate;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_daily_attendance_counts;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_status_counts_ins;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_status_counts_del;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_status_counts_upd;
--> statement-breakpoint
ALTER TABLE employees ENABLE ALWAYS TRIGGER employees_status_counts_truncate;
