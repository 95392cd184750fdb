CREATE TABLE "bank_file_layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"bank_name" varchar(100),
	"file_type" varchar(8) DEFAULT 'csv' NOT NULL,
	"delimiter" varchar(2) DEFAULT ',' NOT NULL,
	"heading_row" boolean DEFAULT true NOT NULL,
	"header_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"date_format" varchar(12) DEFAULT 'DD/MM/YYYY' NOT NULL,
	"file_extension" varchar(8) DEFAULT 'csv' NOT NULL,
	"source" varchar(400),
	"is_built_in" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "salary_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"status" varchar(8) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"value_date" date,
	"reference" varchar(40),
	"cheque_no" varchar(20),
	"cheque_date" date,
	"failure_reason" varchar(300),
	"failed_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "unit_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"account_no" varchar(34) NOT NULL,
	"ifsc" char(11) NOT NULL,
	"bank_name" varchar(120) NOT NULL,
	"branch" varchar(120) NOT NULL,
	"branch_address" varchar(300),
	"client_code" varchar(40),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "unit_bank_accounts_unit_id_unique" UNIQUE("unit_id")
);
--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_bank_accounts" ADD CONSTRAINT "unit_bank_accounts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_file_layouts_name_uq" ON "bank_file_layouts" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "salary_payments_run_employee_uq" ON "salary_payments" USING btree ("run_id","employee_id");--> statement-breakpoint
CREATE INDEX "salary_payments_employee_idx" ON "salary_payments" USING btree ("employee_id");