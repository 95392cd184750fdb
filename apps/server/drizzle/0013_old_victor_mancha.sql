ALTER TABLE "employees" ADD COLUMN "pf_restrict_to_ceiling" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "epf_first_joined" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "epf_wages_at_joining" bigint;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "eps_prior_member" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "is_disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "earning_deductions" ADD COLUMN "statutory" varchar(20);--> statement-breakpoint
ALTER TABLE "earning_deductions" ADD COLUMN "is_pf_wage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "earning_deductions" ADD COLUMN "is_esi_wage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_slips" ADD COLUMN "statutory" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "earning_deductions_statutory_uq" ON "earning_deductions" USING btree ("statutory") WHERE "earning_deductions"."statutory" is not null and "earning_deductions"."is_active";--> statement-breakpoint
ALTER TABLE "earning_deductions" ADD CONSTRAINT "earning_deductions_statutory_ck" CHECK ("earning_deductions"."statutory" in ('pf_employee', 'esi_employee', 'pt', 'lwf_employee', 'tds'));--> statement-breakpoint
-- Existing installations: the conventional heads take their statutory roles (the demo seed marks its own).
UPDATE "earning_deductions" SET "is_pf_wage" = true WHERE upper("code") IN ('BASIC', 'DA', 'RA');--> statement-breakpoint
UPDATE "earning_deductions" SET "is_esi_wage" = true WHERE "is_earning" AND NOT "is_net_pay_head" AND NOT "is_total_lwop_head" AND upper("code") NOT IN ('BONUS', 'LEAVE_ENC', 'GRATUITY');--> statement-breakpoint
UPDATE "earning_deductions" h SET "statutory" = v.kind FROM (VALUES ('PF', 'pf_employee'), ('ESI', 'esi_employee'), ('PT', 'pt'), ('LWF', 'lwf_employee')) AS v(code, kind)
  WHERE upper(h."code") = v.code AND NOT h."is_earning" AND h."is_active";
