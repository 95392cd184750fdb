CREATE TABLE "advance_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"advance_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"due_month" char(7) NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'due' NOT NULL,
	"recovered_run_id" integer,
	"note" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "bonus_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"bonus_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"basis" bigint DEFAULT 0 NOT NULL,
	"months_worked" smallint DEFAULT 0 NOT NULL,
	"days_worked" numeric(6, 2) DEFAULT '0' NOT NULL,
	"eligible" boolean DEFAULT true NOT NULL,
	"reason" varchar(200),
	"amount" bigint NOT NULL,
	"paid_run_id" integer
);
--> statement-breakpoint
CREATE TABLE "bonus_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer,
	"effective_from" char(7) NOT NULL,
	"eligibility_ceiling" bigint NOT NULL,
	"calculation_ceiling" bigint NOT NULL,
	"minimum_wage" bigint DEFAULT 0 NOT NULL,
	"min_days_worked" smallint DEFAULT 30 NOT NULL,
	"min_rate_percent" numeric(5, 2) DEFAULT '8.33' NOT NULL,
	"max_rate_percent" numeric(5, 2) DEFAULT '20' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"financial_year" smallint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"rate_percent" numeric(5, 2),
	"pay_with" varchar(10) NOT NULL,
	"pay_year" smallint,
	"pay_month" smallint,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"remarks" varchar(300),
	"approval_id" integer,
	"paid_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "monthly_attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"payable_days" numeric(5, 2) NOT NULL,
	"present_days" numeric(5, 2) NOT NULL,
	"lwop_days" numeric(5, 2) DEFAULT '0' NOT NULL,
	"ot_hours" numeric(6, 2) DEFAULT '0' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "payroll_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"heads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"employee_count" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"deductions" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_id" bigint,
	"approval_id" integer,
	"processed_at" timestamp with time zone,
	"processed_by" integer,
	"locked_at" timestamp with time zone,
	"locked_by" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "salary_advances" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"advance_amount" bigint NOT NULL,
	"no_of_emis" smallint NOT NULL,
	"monthly_emi" bigint NOT NULL,
	"effective_month" smallint NOT NULL,
	"effective_year" smallint NOT NULL,
	"remarks" varchar(300),
	"pay_mode_id" smallint DEFAULT 2 NOT NULL,
	"status" varchar(12) DEFAULT 'requested' NOT NULL,
	"approval_id" integer,
	"paid_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "salary_arrears" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"for_month" char(7) NOT NULL,
	"amount" bigint NOT NULL,
	"structure_id" integer NOT NULL,
	"paid_run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salary_formulas" (
	"id" serial PRIMARY KEY NOT NULL,
	"earning_deduction_id" integer NOT NULL,
	"unit_id" integer,
	"effective_from" char(7) NOT NULL,
	"formula" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "salary_slips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"employee_code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"designation_name" varchar(150) NOT NULL,
	"department_name" varchar(150) NOT NULL,
	"pay_mode_name" varchar(20),
	"uan_no" varchar(12),
	"amounts" jsonb NOT NULL,
	"gross" bigint NOT NULL,
	"deductions" bigint NOT NULL,
	"net" bigint NOT NULL,
	"attendance" jsonb NOT NULL,
	"arrears" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "salary_structures" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"effective_from" char(7) NOT NULL,
	"amounts" jsonb NOT NULL,
	"source" varchar(12) DEFAULT 'structure' NOT NULL,
	"remarks" varchar(300),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "advance_instalments" ADD CONSTRAINT "advance_instalments_advance_id_salary_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."salary_advances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_instalments" ADD CONSTRAINT "advance_instalments_recovered_run_id_payroll_runs_id_fk" FOREIGN KEY ("recovered_run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_lines" ADD CONSTRAINT "bonus_lines_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_lines" ADD CONSTRAINT "bonus_lines_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_lines" ADD CONSTRAINT "bonus_lines_paid_run_id_payroll_runs_id_fk" FOREIGN KEY ("paid_run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_rules" ADD CONSTRAINT "bonus_rules_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_attendance" ADD CONSTRAINT "monthly_attendance_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_advances" ADD CONSTRAINT "salary_advances_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_advances" ADD CONSTRAINT "salary_advances_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_advances" ADD CONSTRAINT "salary_advances_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_arrears" ADD CONSTRAINT "salary_arrears_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_arrears" ADD CONSTRAINT "salary_arrears_structure_id_salary_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."salary_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_arrears" ADD CONSTRAINT "salary_arrears_paid_run_id_payroll_runs_id_fk" FOREIGN KEY ("paid_run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_formulas" ADD CONSTRAINT "salary_formulas_earning_deduction_id_earning_deductions_id_fk" FOREIGN KEY ("earning_deduction_id") REFERENCES "public"."earning_deductions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_formulas" ADD CONSTRAINT "salary_formulas_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_slips" ADD CONSTRAINT "salary_slips_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_slips" ADD CONSTRAINT "salary_slips_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_structures" ADD CONSTRAINT "salary_structures_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advance_instalments_uq" ON "advance_instalments" USING btree ("advance_id","seq");--> statement-breakpoint
CREATE INDEX "advance_instalments_due_idx" ON "advance_instalments" USING btree ("due_month","status");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_lines_uq" ON "bonus_lines" USING btree ("bonus_id","employee_id");--> statement-breakpoint
CREATE INDEX "bonus_lines_employee_idx" ON "bonus_lines" USING btree ("employee_id","paid_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_rules_uq" ON "bonus_rules" USING btree (coalesce("unit_id", 0),"effective_from");--> statement-breakpoint
CREATE INDEX "bonuses_unit_year_idx" ON "bonuses" USING btree ("unit_id","financial_year");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_attendance_uq" ON "monthly_attendance" USING btree ("employee_id","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_runs_unit_month_uq" ON "payroll_runs" USING btree ("unit_id","year","month");--> statement-breakpoint
CREATE INDEX "payroll_runs_month_idx" ON "payroll_runs" USING btree ("year","month");--> statement-breakpoint
CREATE INDEX "salary_advances_employee_idx" ON "salary_advances" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "salary_advances_unit_status_idx" ON "salary_advances" USING btree ("unit_id","status");--> statement-breakpoint
CREATE INDEX "salary_arrears_employee_idx" ON "salary_arrears" USING btree ("employee_id","paid_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_formulas_uq" ON "salary_formulas" USING btree ("earning_deduction_id",coalesce("unit_id", 0),"effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_slips_run_employee_uq" ON "salary_slips" USING btree ("run_id","employee_id");--> statement-breakpoint
CREATE INDEX "salary_slips_employee_idx" ON "salary_slips" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_structures_uq" ON "salary_structures" USING btree ("employee_id","effective_from");