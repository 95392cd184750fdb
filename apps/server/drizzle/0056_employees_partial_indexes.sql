-- Fewer index writes for each new employee (issue 30): employees_unit_idx dropped (a unit's rows are found through
-- employees_dashboard_idx, a unit's page by code walks employees_code_sort_idx); the status, category, manager, shift and
-- device PIN indexes hold only the rows that can match their queries (status other than active, the column not null).
DROP INDEX "employees_unit_idx";--> statement-breakpoint
DROP INDEX "employees_category_idx";--> statement-breakpoint
DROP INDEX "employees_status_idx";--> statement-breakpoint
DROP INDEX "employees_manager_idx";--> statement-breakpoint
DROP INDEX "employees_shift_idx";--> statement-breakpoint
DROP INDEX "employees_device_user_uq";--> statement-breakpoint
CREATE INDEX "employees_category_idx" ON "employees" USING btree ("category_id") WHERE "employees"."category_id" is not null;--> statement-breakpoint
CREATE INDEX "employees_status_idx" ON "employees" USING btree ("status") WHERE "employees"."status" <> 'active';--> statement-breakpoint
CREATE INDEX "employees_manager_idx" ON "employees" USING btree ("reporting_manager_id") WHERE "employees"."reporting_manager_id" is not null;--> statement-breakpoint
CREATE INDEX "employees_shift_idx" ON "employees" USING btree ("shift_id") WHERE "employees"."shift_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_device_user_uq" ON "employees" USING btree ("device_user_id") WHERE "employees"."device_user_id" is not null;