CREATE TABLE "punch_photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"device_pin" varchar(20),
	"taken_at" timestamp with time zone NOT NULL,
	"device_local_time" varchar(19) NOT NULL,
	"file_name" varchar(80) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biometric_devices" ADD COLUMN "last_attphoto_stamp" varchar(40) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "biometric_devices" ADD COLUMN "keep_photos" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "punch_photos" ADD CONSTRAINT "punch_photos_device_id_biometric_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."biometric_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "punch_photos_device_file_uq" ON "punch_photos" USING btree ("device_id","file_name");--> statement-breakpoint
CREATE INDEX "punch_photos_punch_idx" ON "punch_photos" USING btree ("device_id","device_pin","taken_at");