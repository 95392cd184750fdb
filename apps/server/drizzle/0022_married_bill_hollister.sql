ALTER TABLE "units" ADD COLUMN "tan" varchar(10);--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "deductor_pan" varchar(10);--> statement-breakpoint
ALTER TABLE "earning_deductions" ADD COLUMN "tax_section" varchar(5);--> statement-breakpoint
ALTER TABLE "tax_declarations" ADD COLUMN "other_income" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_declarations" ADD COLUMN "relief_89" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "earning_deductions" ADD CONSTRAINT "earning_deductions_tax_section_ck" CHECK ("earning_deductions"."tax_section" in ('17(2)', '17(3)'));--> statement-breakpoint
ALTER TABLE "tax_declarations" ADD CONSTRAINT "tax_declarations_other_ck" CHECK ("tax_declarations"."other_income" >= 0 and "tax_declarations"."relief_89" >= 0);