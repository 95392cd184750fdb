ALTER TABLE "late_punches" ADD COLUMN "client_key" varchar(64);--> statement-breakpoint
ALTER TABLE "late_punches" ADD COLUMN "recorded_offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "late_punches" ADD COLUMN "client_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "punches" ADD COLUMN "client_key" varchar(64);--> statement-breakpoint
ALTER TABLE "punches" ADD COLUMN "recorded_offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "punches" ADD COLUMN "client_time" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "late_punches_client_key_uq" ON "late_punches" USING btree ("employee_id","client_key") WHERE "late_punches"."client_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "punches_client_key_uq" ON "punches" USING btree ("employee_id","client_key") WHERE "punches"."client_key" is not null;