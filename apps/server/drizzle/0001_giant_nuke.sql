CREATE TABLE "academic_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "academic_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "academic_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "apk_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_code" integer NOT NULL,
	"version_name" varchar(40) NOT NULL,
	"min_supported_version_code" integer NOT NULL,
	"is_force_update" boolean DEFAULT false NOT NULL,
	"release_notes" text DEFAULT '' NOT NULL,
	"release_date" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"pin_code" varchar(10),
	"city_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "campuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "career_openings" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(150) NOT NULL,
	"designation_id" integer,
	"department_id" integer,
	"vacancies" integer DEFAULT 1 NOT NULL,
	"closing_date" date,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "career_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"step_order" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"state_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "earning_deductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"code" varchar(30) NOT NULL,
	"print_name" varchar(120) NOT NULL,
	"is_earning" boolean DEFAULT true NOT NULL,
	"is_printed" boolean DEFAULT true NOT NULL,
	"is_calculative" boolean DEFAULT false NOT NULL,
	"is_net_pay_head" boolean DEFAULT false NOT NULL,
	"is_over_time_head" boolean DEFAULT false NOT NULL,
	"is_total_lwop_head" boolean DEFAULT false NOT NULL,
	"print_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "education_modes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "employee_doc_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"code" varchar(30),
	"is_mandatory" boolean DEFAULT false NOT NULL,
	"allowed_file_types" varchar(120) DEFAULT 'pdf,jpg,jpeg,png' NOT NULL,
	"max_size_kb" integer DEFAULT 2048 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fellowship_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "holiday_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_id" integer NOT NULL,
	"unit_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_date" date NOT NULL,
	"name" varchar(150) NOT NULL,
	"holiday_type" varchar(10) DEFAULT 'national' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "job_natures" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "leave_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(10) NOT NULL,
	"is_paid" boolean DEFAULT true NOT NULL,
	"yearly_quota" numeric(5, 1) DEFAULT '0' NOT NULL,
	"accrual" varchar(10) DEFAULT 'yearly' NOT NULL,
	"carry_forward_limit" numeric(5, 1) DEFAULT '0' NOT NULL,
	"is_encashable" boolean DEFAULT false NOT NULL,
	"half_day_allowed" boolean DEFAULT true NOT NULL,
	"applicable_gender" varchar(10) DEFAULT 'all' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "marital_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "mobile_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(8) NOT NULL,
	"name" varchar(150) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "patent_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "responsibilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(30) NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"grace_minutes" integer DEFAULT 0 NOT NULL,
	"half_day_min_hours" numeric(4, 2) DEFAULT '4.00' NOT NULL,
	"full_day_min_hours" numeric(4, 2) DEFAULT '8.00' NOT NULL,
	"is_night_shift" boolean DEFAULT false NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"country_id" integer NOT NULL,
	"is_union_territory" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "unit_career_opening_map" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"career_opening_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "unit_career_step_map" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"career_step_id" integer NOT NULL,
	"step_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "unit_department_map" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "unit_designation_map" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"designation_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "unit_earning_deduction_map" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"earning_deduction_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "unit_employee_doc_type_map" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"employee_doc_type_id" integer NOT NULL,
	"is_mandatory" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "unit_salary_approvers" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "writtens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_openings" ADD CONSTRAINT "career_openings_designation_id_designations_id_fk" FOREIGN KEY ("designation_id") REFERENCES "public"."designations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_openings" ADD CONSTRAINT "career_openings_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_units" ADD CONSTRAINT "holiday_units_holiday_id_holidays_id_fk" FOREIGN KEY ("holiday_id") REFERENCES "public"."holidays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_units" ADD CONSTRAINT "holiday_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_career_opening_map" ADD CONSTRAINT "unit_career_opening_map_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_career_opening_map" ADD CONSTRAINT "unit_career_opening_map_career_opening_id_career_openings_id_fk" FOREIGN KEY ("career_opening_id") REFERENCES "public"."career_openings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_career_step_map" ADD CONSTRAINT "unit_career_step_map_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_career_step_map" ADD CONSTRAINT "unit_career_step_map_career_step_id_career_steps_id_fk" FOREIGN KEY ("career_step_id") REFERENCES "public"."career_steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_department_map" ADD CONSTRAINT "unit_department_map_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_department_map" ADD CONSTRAINT "unit_department_map_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_designation_map" ADD CONSTRAINT "unit_designation_map_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_designation_map" ADD CONSTRAINT "unit_designation_map_designation_id_designations_id_fk" FOREIGN KEY ("designation_id") REFERENCES "public"."designations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_earning_deduction_map" ADD CONSTRAINT "unit_earning_deduction_map_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_earning_deduction_map" ADD CONSTRAINT "unit_earning_deduction_map_earning_deduction_id_earning_deductions_id_fk" FOREIGN KEY ("earning_deduction_id") REFERENCES "public"."earning_deductions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_employee_doc_type_map" ADD CONSTRAINT "unit_employee_doc_type_map_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_employee_doc_type_map" ADD CONSTRAINT "unit_employee_doc_type_map_employee_doc_type_id_employee_doc_types_id_fk" FOREIGN KEY ("employee_doc_type_id") REFERENCES "public"."employee_doc_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_salary_approvers" ADD CONSTRAINT "unit_salary_approvers_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_salary_approvers" ADD CONSTRAINT "unit_salary_approvers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "academic_domains_name_uq" ON "academic_domains" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "academic_domains_active_idx" ON "academic_domains" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_sessions_name_uq" ON "academic_sessions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "academic_sessions_active_idx" ON "academic_sessions" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_statuses_name_uq" ON "academic_statuses" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "academic_statuses_active_idx" ON "academic_statuses" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "apk_versions_code_uq" ON "apk_versions" USING btree ("version_code");--> statement-breakpoint
CREATE INDEX "apk_versions_active_idx" ON "apk_versions" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_city_name_uq" ON "areas" USING btree ("city_id",lower("name"));--> statement-breakpoint
CREATE INDEX "areas_city_idx" ON "areas" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "areas_active_idx" ON "areas" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "campuses_name_uq" ON "campuses" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "campuses_active_idx" ON "campuses" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "career_openings_title_uq" ON "career_openings" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "career_openings_designation_idx" ON "career_openings" USING btree ("designation_id");--> statement-breakpoint
CREATE INDEX "career_openings_department_idx" ON "career_openings" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "career_openings_status_idx" ON "career_openings" USING btree ("status");--> statement-breakpoint
CREATE INDEX "career_openings_active_idx" ON "career_openings" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "career_steps_name_uq" ON "career_steps" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "career_steps_active_idx" ON "career_steps" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_uq" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "categories_active_idx" ON "categories" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_state_name_uq" ON "cities" USING btree ("state_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cities_state_idx" ON "cities" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "cities_active_idx" ON "cities" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_name_uq" ON "countries" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "countries_active_idx" ON "countries" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "divisions_name_uq" ON "divisions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "divisions_active_idx" ON "divisions" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "earning_deductions_code_uq" ON "earning_deductions" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "earning_deductions_name_uq" ON "earning_deductions" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "earning_deductions_net_pay_uq" ON "earning_deductions" USING btree ("is_net_pay_head") WHERE "earning_deductions"."is_net_pay_head" and "earning_deductions"."is_active";--> statement-breakpoint
CREATE INDEX "earning_deductions_active_idx" ON "earning_deductions" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "earning_deductions_print_order_idx" ON "earning_deductions" USING btree ("print_order");--> statement-breakpoint
CREATE UNIQUE INDEX "education_modes_name_uq" ON "education_modes" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "education_modes_active_idx" ON "education_modes" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_doc_types_name_uq" ON "employee_doc_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "edt_active_idx" ON "employee_doc_types" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "fellowship_statuses_name_uq" ON "fellowship_statuses" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "fellowship_statuses_active_idx" ON "fellowship_statuses" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_units_uq" ON "holiday_units" USING btree ("holiday_id","unit_id");--> statement-breakpoint
CREATE INDEX "holiday_units_unit_idx" ON "holiday_units" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_date_name_uq" ON "holidays" USING btree ("holiday_date",lower("name"));--> statement-breakpoint
CREATE INDEX "holidays_date_idx" ON "holidays" USING btree ("holiday_date");--> statement-breakpoint
CREATE INDEX "holidays_active_idx" ON "holidays" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "job_natures_name_uq" ON "job_natures" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "job_natures_active_idx" ON "job_natures" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_types_code_uq" ON "leave_types" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "leave_types_name_uq" ON "leave_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "leave_types_active_idx" ON "leave_types" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "marital_statuses_name_uq" ON "marital_statuses" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "marital_statuses_active_idx" ON "marital_statuses" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_codes_code_uq" ON "mobile_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "mobile_codes_active_idx" ON "mobile_codes" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "patent_statuses_name_uq" ON "patent_statuses" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "patent_statuses_active_idx" ON "patent_statuses" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_name_uq" ON "positions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "positions_active_idx" ON "positions" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_name_uq" ON "regions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "regions_active_idx" ON "regions" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "responsibilities_name_uq" ON "responsibilities" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "responsibilities_active_idx" ON "responsibilities" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_code_uq" ON "shifts" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_name_uq" ON "shifts" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "shifts_active_idx" ON "shifts" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "states_country_name_uq" ON "states" USING btree ("country_id",lower("name"));--> statement-breakpoint
CREATE INDEX "states_country_idx" ON "states" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "states_active_idx" ON "states" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_career_opening_map_uq" ON "unit_career_opening_map" USING btree ("unit_id","career_opening_id");--> statement-breakpoint
CREATE INDEX "ucom_opening_idx" ON "unit_career_opening_map" USING btree ("career_opening_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_career_step_map_uq" ON "unit_career_step_map" USING btree ("unit_id","career_step_id");--> statement-breakpoint
CREATE INDEX "ucsm_step_idx" ON "unit_career_step_map" USING btree ("career_step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_department_map_uq" ON "unit_department_map" USING btree ("unit_id","department_id");--> statement-breakpoint
CREATE INDEX "udm_department_idx" ON "unit_department_map" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_designation_map_uq" ON "unit_designation_map" USING btree ("unit_id","designation_id");--> statement-breakpoint
CREATE INDEX "udsm_designation_idx" ON "unit_designation_map" USING btree ("designation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_earning_deduction_map_uq" ON "unit_earning_deduction_map" USING btree ("unit_id","earning_deduction_id");--> statement-breakpoint
CREATE INDEX "uedm_head_idx" ON "unit_earning_deduction_map" USING btree ("earning_deduction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_employee_doc_type_map_uq" ON "unit_employee_doc_type_map" USING btree ("unit_id","employee_doc_type_id");--> statement-breakpoint
CREATE INDEX "uedtm_doc_type_idx" ON "unit_employee_doc_type_map" USING btree ("employee_doc_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_salary_approvers_uq" ON "unit_salary_approvers" USING btree ("unit_id","user_id");--> statement-breakpoint
CREATE INDEX "usa_user_idx" ON "unit_salary_approvers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "usa_unit_level_idx" ON "unit_salary_approvers" USING btree ("unit_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "writtens_name_uq" ON "writtens" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "writtens_active_idx" ON "writtens" USING btree ("is_active");