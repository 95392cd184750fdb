CREATE TABLE "daily_attendance" (
	"employee_id" integer NOT NULL,
	"day" date NOT NULL,
	"unit_id" integer NOT NULL,
	"shift_id" integer,
	"status" varchar(4) NOT NULL,
	"first_in" timestamp with time zone,
	"last_out" timestamp with time zone,
	"worked_minutes" integer DEFAULT 0 NOT NULL,
	"late_minutes" integer DEFAULT 0 NOT NULL,
	"early_minutes" integer DEFAULT 0 NOT NULL,
	"ot_minutes" integer DEFAULT 0 NOT NULL,
	"present" numeric(2, 1) DEFAULT '0' NOT NULL,
	"leave" numeric(2, 1) DEFAULT '0' NOT NULL,
	"lwop" numeric(2, 1) DEFAULT '0' NOT NULL,
	"payable" numeric(2, 1) DEFAULT '0' NOT NULL,
	"missed_punch" boolean DEFAULT false NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL,
	"remark" varchar(300),
	"updated_by" integer,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_attendance_employee_id_day_pk" PRIMARY KEY("employee_id","day")
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"command" varchar(500) NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"return_code" integer,
	"result" text,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"employee_id" integer,
	"punched_at" timestamp with time zone NOT NULL,
	"source" varchar(16) NOT NULL,
	"direction" varchar(3),
	"device_id" integer,
	"device_pin" varchar(20),
	"device_local_time" varchar(19),
	"device_status" smallint,
	"verify_mode" smallint,
	"work_code" varchar(20),
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"accuracy_m" integer,
	"outside_geofence" boolean DEFAULT false NOT NULL,
	"client_device" varchar(80),
	"app_version" integer,
	"remark" varchar(300),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regularisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"day" date NOT NULL,
	"in_time" varchar(5),
	"out_time" varchar(5),
	"out_next_day" boolean DEFAULT false NOT NULL,
	"reason" varchar(300) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "shift_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"kind" varchar(10) NOT NULL,
	"pattern" integer[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "track_attendance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "geo_latitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "geo_longitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "geo_radius_m" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "device_user_id" varchar(20);--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "early_grace_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "overtime_after_minutes" integer;--> statement-breakpoint
ALTER TABLE "daily_attendance" ADD CONSTRAINT "daily_attendance_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_biometric_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biometric_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punches" ADD CONSTRAINT "punches_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punches" ADD CONSTRAINT "punches_device_id_biometric_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biometric_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regularisations" ADD CONSTRAINT "regularisations_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD CONSTRAINT "shift_assignments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_attendance_unit_day_idx" ON "daily_attendance" USING btree ("unit_id","day");--> statement-breakpoint
CREATE INDEX "device_commands_device_idx" ON "device_commands" USING btree ("device_id","status");--> statement-breakpoint
CREATE INDEX "punches_employee_time_idx" ON "punches" USING btree ("employee_id","punched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "punches_device_line_uq" ON "punches" USING btree ("device_id","device_pin","punched_at");--> statement-breakpoint
CREATE INDEX "punches_unmatched_idx" ON "punches" USING btree ("device_pin") WHERE "punches"."employee_id" is null;--> statement-breakpoint
CREATE INDEX "regularisations_employee_idx" ON "regularisations" USING btree ("employee_id","day");--> statement-breakpoint
CREATE INDEX "regularisations_status_idx" ON "regularisations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "shift_assignments_employee_idx" ON "shift_assignments" USING btree ("employee_id","from_date");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_device_user_uq" ON "employees" USING btree ("device_user_id");