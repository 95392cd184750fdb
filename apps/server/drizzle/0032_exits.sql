CREATE TABLE "exit_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"separation_id" integer NOT NULL,
	"side" varchar(10) NOT NULL,
	"label" varchar(150) NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "exit_adjustments_side_ck" CHECK ("exit_adjustments"."side" in ('earning', 'deduction')),
	CONSTRAINT "exit_adjustments_amount_ck" CHECK ("exit_adjustments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "exit_encashment_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"leave_type_id" integer NOT NULL,
	"max_days" numeric(5, 1) DEFAULT '0' NOT NULL,
	"wage_basis" varchar(10) DEFAULT 'basic_da' NOT NULL,
	"divisor" smallint DEFAULT 30 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "exit_encashment_rules_basis_ck" CHECK ("exit_encashment_rules"."wage_basis" in ('basic_da', 'gross')),
	CONSTRAINT "exit_encashment_rules_divisor_ck" CHECK ("exit_encashment_rules"."divisor" between 1 and 31)
);
--> statement-breakpoint
CREATE TABLE "exit_settlement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"kind" varchar(20) NOT NULL,
	"side" varchar(10) NOT NULL,
	"head_id" integer,
	"label" varchar(150) NOT NULL,
	"amount" bigint NOT NULL,
	"basis" text DEFAULT '' NOT NULL,
	"exempt" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "exit_settlement_lines_side_ck" CHECK ("exit_settlement_lines"."side" in ('earning', 'deduction'))
);
--> statement-breakpoint
CREATE TABLE "exit_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"separation_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'computed' NOT NULL,
	"last_day" date NOT NULL,
	"due_date" date NOT NULL,
	"salary_month" varchar(7),
	"notice_waived" boolean DEFAULT false NOT NULL,
	"waiver_reason" text,
	"earnings" bigint DEFAULT 0 NOT NULL,
	"deductions" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"approval_id" integer,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "exit_settlements_status_ck" CHECK ("exit_settlements"."status" in ('computed', 'approved', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "notice_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"designation_id" integer,
	"days" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "notice_periods_days_ck" CHECK ("notice_periods"."days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "separations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"disablement" boolean DEFAULT false NOT NULL,
	"notice_given_on" date NOT NULL,
	"last_day_requested" date NOT NULL,
	"last_day" date NOT NULL,
	"notice_days" smallint NOT NULL,
	"reason" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"approval_id" integer,
	"separated_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "separations_type_ck" CHECK ("separations"."type" in ('resignation', 'termination', 'retirement', 'death', 'fixed_term_end', 'absconding')),
	CONSTRAINT "separations_status_ck" CHECK ("separations"."status" in ('pending', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "separations_dates_ck" CHECK ("separations"."last_day" >= "separations"."notice_given_on" and "separations"."last_day_requested" >= "separations"."notice_given_on")
);
--> statement-breakpoint
ALTER TABLE "exit_adjustments" ADD CONSTRAINT "exit_adjustments_separation_id_separations_id_fk" FOREIGN KEY ("separation_id") REFERENCES "public"."separations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_encashment_rules" ADD CONSTRAINT "exit_encashment_rules_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_settlement_lines" ADD CONSTRAINT "exit_settlement_lines_settlement_id_exit_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."exit_settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_settlements" ADD CONSTRAINT "exit_settlements_separation_id_separations_id_fk" FOREIGN KEY ("separation_id") REFERENCES "public"."separations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_settlements" ADD CONSTRAINT "exit_settlements_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_settlements" ADD CONSTRAINT "exit_settlements_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_periods" ADD CONSTRAINT "notice_periods_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_periods" ADD CONSTRAINT "notice_periods_designation_id_designations_id_fk" FOREIGN KEY ("designation_id") REFERENCES "public"."designations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "separations" ADD CONSTRAINT "separations_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "separations" ADD CONSTRAINT "separations_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exit_adjustments_sep_idx" ON "exit_adjustments" USING btree ("separation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exit_encashment_rules_uq" ON "exit_encashment_rules" USING btree ("leave_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exit_settlement_lines_uq" ON "exit_settlement_lines" USING btree ("settlement_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "exit_settlements_open_uq" ON "exit_settlements" USING btree ("separation_id") WHERE "exit_settlements"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "exit_settlements_unit_idx" ON "exit_settlements" USING btree ("unit_id","status","due_date");--> statement-breakpoint
CREATE INDEX "exit_settlements_salary_idx" ON "exit_settlements" USING btree ("employee_id","salary_month");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_periods_uq" ON "notice_periods" USING btree ("unit_id",coalesce("designation_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "separations_open_uq" ON "separations" USING btree ("employee_id") WHERE "separations"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "separations_unit_idx" ON "separations" USING btree ("unit_id","status","last_day");