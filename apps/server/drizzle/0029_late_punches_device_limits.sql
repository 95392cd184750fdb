CREATE TABLE "biometric_device_units" (
	"device_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	CONSTRAINT "biometric_device_units_device_id_unit_id_pk" PRIMARY KEY("device_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "late_punches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"day" date NOT NULL,
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
ALTER TABLE "biometric_devices" ADD COLUMN "allowed_cidrs" varchar(500);--> statement-breakpoint
ALTER TABLE "biometric_devices" ADD COLUMN "refused_future" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "biometric_devices" ADD COLUMN "refused_old" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "biometric_devices" ADD COLUMN "last_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "biometric_device_units" ADD CONSTRAINT "biometric_device_units_device_id_biometric_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biometric_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biometric_device_units" ADD CONSTRAINT "biometric_device_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_punches" ADD CONSTRAINT "late_punches_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_punches" ADD CONSTRAINT "late_punches_device_id_biometric_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biometric_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biometric_device_units_unit_idx" ON "biometric_device_units" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "late_punches_device_line_uq" ON "late_punches" USING btree ("device_id","device_pin","punched_at");--> statement-breakpoint
CREATE INDEX "late_punches_day_idx" ON "late_punches" USING btree ("day","employee_id");--> statement-breakpoint
CREATE INDEX "late_punches_employee_idx" ON "late_punches" USING btree ("employee_id","punched_at");