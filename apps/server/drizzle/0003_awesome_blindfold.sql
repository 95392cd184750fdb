CREATE TABLE "biometric_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" varchar(40) NOT NULL,
	"name" varchar(120) NOT NULL,
	"unit_id" integer NOT NULL,
	"time_zone" varchar(64) DEFAULT 'Asia/Kolkata' NOT NULL,
	"key_hash" text,
	"last_seen_at" timestamp with time zone,
	"last_attlog_stamp" varchar(40) DEFAULT '0' NOT NULL,
	"last_operlog_stamp" varchar(40) DEFAULT '0' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "biometric_devices" ADD CONSTRAINT "biometric_devices_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biometric_devices_serial_uq" ON "biometric_devices" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "biometric_devices_unit_idx" ON "biometric_devices" USING btree ("unit_id");