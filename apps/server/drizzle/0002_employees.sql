CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "employee_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"reason" varchar(300),
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "employee_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"doc_type_id" integer NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"mime_type" varchar(60) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" char(64) NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" integer
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"father_name" varchar(150),
	"gender" varchar(10) NOT NULL,
	"date_of_birth" date NOT NULL,
	"marital_status_id" integer,
	"blood_group" varchar(4),
	"mobile_code_id" integer,
	"mobile" varchar(15) NOT NULL,
	"alternate_mobile" varchar(15),
	"email" varchar(200),
	"present_address" text,
	"present_country_id" integer,
	"present_state_id" integer,
	"present_city_id" integer,
	"present_area_id" integer,
	"present_pincode" varchar(6),
	"permanent_address" text,
	"permanent_country_id" integer,
	"permanent_state_id" integer,
	"permanent_city_id" integer,
	"permanent_area_id" integer,
	"permanent_pincode" varchar(6),
	"emergency_contact_name" varchar(150),
	"emergency_contact_relation" varchar(60),
	"emergency_contact_mobile" varchar(15),
	"photo_key" varchar(200),
	"unit_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"designation_id" integer NOT NULL,
	"category_id" integer,
	"position_id" integer,
	"job_nature_id" integer,
	"division_id" integer,
	"region_id" integer,
	"date_of_joining" date NOT NULL,
	"confirmation_date" date,
	"reporting_manager_id" integer,
	"shift_id" integer,
	"weekly_offs" smallint[] DEFAULT '{0}'::smallint[] NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"exit_date" date,
	"exit_reason" varchar(300),
	"pan" char(10),
	"aadhaar_last4" char(4),
	"uan" varchar(12),
	"pf_number" varchar(40),
	"esi_number" varchar(17),
	"pf_applicable" boolean DEFAULT false NOT NULL,
	"esi_applicable" boolean DEFAULT false NOT NULL,
	"pt_applicable" boolean DEFAULT true NOT NULL,
	"pay_mode_id" smallint DEFAULT 2 NOT NULL,
	"bank_account_no" varchar(18),
	"ifsc" char(11),
	"bank_name" varchar(120),
	"bank_branch" varchar(120),
	"education_mode_id" integer,
	"academic_domain_id" integer,
	"academic_status_id" integer,
	"fellowship_status_id" integer,
	"patent_status_id" integer,
	"responsibility_id" integer,
	"written_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "employee_change_requests" ADD CONSTRAINT "employee_change_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_change_requests" ADD CONSTRAINT "employee_change_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_change_requests" ADD CONSTRAINT "employee_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD CONSTRAINT "employee_documents_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD CONSTRAINT "employee_documents_doc_type_id_employee_doc_types_id_fk" FOREIGN KEY ("doc_type_id") REFERENCES "public"."employee_doc_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD CONSTRAINT "employee_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_marital_status_id_marital_statuses_id_fk" FOREIGN KEY ("marital_status_id") REFERENCES "public"."marital_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_mobile_code_id_mobile_codes_id_fk" FOREIGN KEY ("mobile_code_id") REFERENCES "public"."mobile_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_present_country_id_countries_id_fk" FOREIGN KEY ("present_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_present_state_id_states_id_fk" FOREIGN KEY ("present_state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_present_city_id_cities_id_fk" FOREIGN KEY ("present_city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_present_area_id_areas_id_fk" FOREIGN KEY ("present_area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_permanent_country_id_countries_id_fk" FOREIGN KEY ("permanent_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_permanent_state_id_states_id_fk" FOREIGN KEY ("permanent_state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_permanent_city_id_cities_id_fk" FOREIGN KEY ("permanent_city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_permanent_area_id_areas_id_fk" FOREIGN KEY ("permanent_area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_designation_id_designations_id_fk" FOREIGN KEY ("designation_id") REFERENCES "public"."designations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_job_nature_id_job_natures_id_fk" FOREIGN KEY ("job_nature_id") REFERENCES "public"."job_natures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_education_mode_id_education_modes_id_fk" FOREIGN KEY ("education_mode_id") REFERENCES "public"."education_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_academic_domain_id_academic_domains_id_fk" FOREIGN KEY ("academic_domain_id") REFERENCES "public"."academic_domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_academic_status_id_academic_statuses_id_fk" FOREIGN KEY ("academic_status_id") REFERENCES "public"."academic_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_fellowship_status_id_fellowship_statuses_id_fk" FOREIGN KEY ("fellowship_status_id") REFERENCES "public"."fellowship_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_patent_status_id_patent_statuses_id_fk" FOREIGN KEY ("patent_status_id") REFERENCES "public"."patent_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_responsibility_id_responsibilities_id_fk" FOREIGN KEY ("responsibility_id") REFERENCES "public"."responsibilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_written_id_writtens_id_fk" FOREIGN KEY ("written_id") REFERENCES "public"."writtens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ecr_employee_idx" ON "employee_change_requests" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "ecr_status_idx" ON "employee_change_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "employee_documents_employee_idx" ON "employee_documents" USING btree ("employee_id","doc_type_id");--> statement-breakpoint
CREATE INDEX "employee_documents_type_idx" ON "employee_documents" USING btree ("doc_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_code_uq" ON "employees" USING btree (lower("employee_code"));--> statement-breakpoint
CREATE INDEX "employees_unit_idx" ON "employees" USING btree ("unit_id","employee_code");--> statement-breakpoint
CREATE INDEX "employees_department_idx" ON "employees" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "employees_designation_idx" ON "employees" USING btree ("designation_id");--> statement-breakpoint
CREATE INDEX "employees_category_idx" ON "employees" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "employees_status_idx" ON "employees" USING btree ("status");--> statement-breakpoint
CREATE INDEX "employees_code_sort_idx" ON "employees" USING btree ("employee_code","id");--> statement-breakpoint
CREATE INDEX "employees_name_sort_idx" ON "employees" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "employees_name_trgm_idx" ON "employees" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "employees_code_trgm_idx" ON "employees" USING gin ("employee_code" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "employees_mobile_trgm_idx" ON "employees" USING gin ("mobile" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "employees_doj_idx" ON "employees" USING btree ("date_of_joining","id");--> statement-breakpoint
CREATE INDEX "employees_manager_idx" ON "employees" USING btree ("reporting_manager_id");--> statement-breakpoint
CREATE INDEX "employees_shift_idx" ON "employees" USING btree ("shift_id");