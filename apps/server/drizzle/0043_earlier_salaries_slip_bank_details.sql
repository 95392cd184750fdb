CREATE TABLE "earlier_salaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"from_month" char(7),
	"to_month" char(7),
	"gross" bigint DEFAULT 0 NOT NULL,
	"hra_exempt" bigint DEFAULT 0 NOT NULL,
	"lta_exempt" bigint DEFAULT 0 NOT NULL,
	"other_exempt" bigint DEFAULT 0 NOT NULL,
	"other_exempt_section" varchar(20),
	"pf" bigint DEFAULT 0 NOT NULL,
	"pt" bigint DEFAULT 0 NOT NULL,
	"tds" bigint DEFAULT 0 NOT NULL,
	"prev_income" bigint DEFAULT 0 NOT NULL,
	"prev_pf" bigint DEFAULT 0 NOT NULL,
	"prev_pt" bigint DEFAULT 0 NOT NULL,
	"prev_tds" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "earlier_salaries_months_ck" CHECK (("earlier_salaries"."from_month" is null) = ("earlier_salaries"."to_month" is null) and "earlier_salaries"."from_month" <= "earlier_salaries"."to_month"),
	CONSTRAINT "earlier_salaries_amounts_ck" CHECK ("earlier_salaries"."gross" >= 0 and "earlier_salaries"."hra_exempt" >= 0 and "earlier_salaries"."lta_exempt" >= 0 and "earlier_salaries"."other_exempt" >= 0 and "earlier_salaries"."pf" >= 0 and "earlier_salaries"."pt" >= 0
        and "earlier_salaries"."tds" >= 0 and "earlier_salaries"."prev_income" >= 0 and "earlier_salaries"."prev_pf" >= 0 and "earlier_salaries"."prev_pt" >= 0 and "earlier_salaries"."prev_tds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "salary_slips" ADD COLUMN "pay_mode_id" smallint;--> statement-breakpoint
ALTER TABLE "salary_slips" ADD COLUMN "bank_account_no" varchar(18);--> statement-breakpoint
ALTER TABLE "salary_slips" ADD COLUMN "ifsc" char(11);--> statement-breakpoint
ALTER TABLE "salary_slips" ADD COLUMN "bank_name" varchar(120);--> statement-breakpoint
ALTER TABLE "salary_slips" ADD COLUMN "bank_branch" varchar(120);--> statement-breakpoint
ALTER TABLE "earlier_salaries" ADD CONSTRAINT "earlier_salaries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earlier_salaries_employee_year_idx" ON "earlier_salaries" USING btree ("employee_id","financial_year");