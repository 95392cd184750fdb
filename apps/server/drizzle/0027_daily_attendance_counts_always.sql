-- The stored days' counts triggers (0019) fire in replica mode too, so the days' upsert may check its foreign key once
-- (lib/bulk.ts foreignKeysOnce sets session_replication_role = replica for its statements alone, on PGlite) and
-- daily_attendance_counts still follows every insert, update, delete and truncate of daily_attendance.
ALTER TABLE daily_attendance ENABLE ALWAYS TRIGGER daily_attendance_counts_ins;
--> statement-breakpoint
ALTER TABLE daily_attendance ENABLE ALWAYS TRIGGER daily_attendance_counts_del;
--> statement-breakpoint
ALTER TABLE daily_attendance ENABLE ALWAYS TRIGGER daily_attendance_counts_upd;
--> statement-breakpoint
ALTER TABLE daily_attendance ENABLE ALWAYS TRIGGER daily_attendance_counts_truncate;
