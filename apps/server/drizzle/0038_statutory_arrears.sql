CREATE TABLE "statutory_arrear_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"arrear_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"employee_code" varchar(50) NOT NULL,
	"name" varchar(200) NOT NULL,
	"uan" varchar(20),
	"epf_wages" bigint NOT NULL,
	"eps_wages" bigint NOT NULL,
	"edli_wages" bigint NOT NULL,
	"employee_share" bigint NOT NULL,
	"eps" bigint NOT NULL,
	"epf" bigint NOT NULL,
	"edli" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statutory_arrears" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"for_month" char(7) NOT NULL,
	"pay_month" char(7) NOT NULL,
	"kind" varchar(10) DEFAULT 'pf' NOT NULL,
	"basis" text NOT NULL,
	"members" integer NOT NULL,
	"epf_wages" bigint NOT NULL,
	"eps_wages" bigint NOT NULL,
	"edli_wages" bigint NOT NULL,
	"employee_share" bigint NOT NULL,
	"eps" bigint NOT NULL,
	"epf" bigint NOT NULL,
	"edli" bigint NOT NULL,
	"admin_charges" bigint NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"approval_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statutory_arrear_lines" ADD CONSTRAINT "statutory_arrear_lines_arrear_id_statutory_arrears_id_fk" FOREIGN KEY ("arrear_id") REFERENCES "public"."statutory_arrears"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statutory_arrear_lines" ADD CONSTRAINT "statutory_arrear_lines_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statutory_arrears" ADD CONSTRAINT "statutory_arrears_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statutory_arrears" ADD CONSTRAINT "statutory_arrears_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statutory_arrears" ADD CONSTRAINT "statutory_arrears_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statutory_arrears" ADD CONSTRAINT "statutory_arrears_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statutory_arrear_lines_arrear_idx" ON "statutory_arrear_lines" USING btree ("arrear_id");--> statement-breakpoint
CREATE INDEX "statutory_arrear_lines_employee_idx" ON "statutory_arrear_lines" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "statutory_arrears_run_idx" ON "statutory_arrears" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "statutory_arrears_unit_idx" ON "statutory_arrears" USING btree ("unit_id","pay_month");