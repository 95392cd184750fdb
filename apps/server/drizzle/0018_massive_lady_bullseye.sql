CREATE TABLE "pf_admin_charges" (
	"run_id" integer PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"members" integer NOT NULL,
	"epf_wages" bigint NOT NULL,
	"rate" numeric(6, 3) NOT NULL,
	"minimum" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pf_admin_charges" ADD CONSTRAINT "pf_admin_charges_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pf_admin_charges" ADD CONSTRAINT "pf_admin_charges_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;