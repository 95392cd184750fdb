ALTER TABLE "unit_leave_type_map" ADD COLUMN "accrual" varchar(10);--> statement-breakpoint
ALTER TABLE "unit_leave_type_map" ADD COLUMN "max_consecutive_days" numeric(5, 1);--> statement-breakpoint
ALTER TABLE "unit_leave_type_map" ADD COLUMN "min_notice_days" integer;