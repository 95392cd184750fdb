DROP INDEX "payroll_runs_unit_month_uq";--> statement-breakpoint
ALTER TABLE "salary_arrears" ALTER COLUMN "structure_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "attendance_cutoff_day" smallint;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "parent_run_id" integer;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "employee_ids" jsonb;--> statement-breakpoint
ALTER TABLE "salary_arrears" ADD COLUMN "kind" varchar(12) DEFAULT 'structure' NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_arrears" ADD COLUMN "days" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "salary_arrears" ADD COLUMN "reason" varchar(300);--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_parent_run_id_payroll_runs_id_fk" FOREIGN KEY ("parent_run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_runs_parent_idx" ON "payroll_runs" USING btree ("parent_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_runs_unit_month_uq" ON "payroll_runs" USING btree ("unit_id","year","month") WHERE "payroll_runs"."parent_run_id" is null;