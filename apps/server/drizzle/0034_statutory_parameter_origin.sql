DROP INDEX "statutory_parameters_uq";--> statement-breakpoint
ALTER TABLE "statutory_parameters" ADD COLUMN "origin" varchar(10) DEFAULT 'employer' NOT NULL;--> statement-breakpoint
ALTER TABLE "statutory_parameters" ADD COLUMN "notification" varchar(300);--> statement-breakpoint
ALTER TABLE "statutory_parameters" ADD COLUMN "notification_date" date;--> statement-breakpoint
ALTER TABLE "statutory_parameters" ADD COLUMN "source_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "statutory_parameters_uq" ON "statutory_parameters" USING btree ("kind",coalesce("state_code", ''),"effective_from") WHERE "statutory_parameters"."is_active";--> statement-breakpoint
ALTER TABLE "statutory_parameters" ADD CONSTRAINT "statutory_parameters_origin_ck" CHECK ("statutory_parameters"."origin" in ('release', 'employer'));--> statement-breakpoint
-- Every row so far came from the release seed (there was no other way to add one): mark them so.
UPDATE "statutory_parameters" SET "origin" = 'release';
