CREATE TABLE "unit_leave_type_map" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"leave_type_id" integer NOT NULL,
	"yearly_quota" numeric(5, 1),
	"carry_forward_limit" numeric(5, 1),
	"max_balance" numeric(5, 1),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "applicable_category_id" integer;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "after_probation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "unit_leave_type_map" ADD CONSTRAINT "unit_leave_type_map_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_leave_type_map" ADD CONSTRAINT "unit_leave_type_map_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unit_leave_type_map_uq" ON "unit_leave_type_map" USING btree ("unit_id","leave_type_id");--> statement-breakpoint
CREATE INDEX "ultm_leave_type_idx" ON "unit_leave_type_map" USING btree ("leave_type_id");--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_applicable_category_id_categories_id_fk" FOREIGN KEY ("applicable_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;