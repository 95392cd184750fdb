ALTER TABLE "statutory_parameters" DROP CONSTRAINT "statutory_parameters_kind_ck";--> statement-breakpoint
ALTER TABLE "earning_deductions" ADD COLUMN "wage_class" varchar(20);--> statement-breakpoint
ALTER TABLE "earning_deductions" ADD CONSTRAINT "earning_deductions_wage_class_ck" CHECK ("earning_deductions"."wage_class" in ('wages', 'allowance', 'bonus', 'amenity', 'conveyance', 'special_expenses', 'hra', 'award', 'overtime', 'commission', 'gratuity', 'retrenchment', 'outside'));--> statement-breakpoint
ALTER TABLE "statutory_parameters" ADD CONSTRAINT "statutory_parameters_kind_ck" CHECK ("statutory_parameters"."kind" in ('pf', 'esi', 'pt', 'lwf', 'income_tax_new', 'income_tax_old', 'code_wages'));--> statement-breakpoint
-- The heads so far get the class their flags and codes suggest (the heads screen shows and changes it):
-- PF wages are wages, the overtime head overtime, HRA / conveyance / bonus / commission their clauses of s.2(y),
-- arrears of earlier months outside the month's test, any other earning an allowance counted in the 50 % test.
UPDATE "earning_deductions" SET "wage_class" = CASE
  WHEN "is_pf_wage" THEN 'wages'
  WHEN "is_over_time_head" THEN 'overtime'
  WHEN upper("code") = 'HRA' THEN 'hra'
  WHEN upper("code") IN ('CONV', 'CONVEYANCE', 'CA', 'TA') THEN 'conveyance'
  WHEN upper("code") = 'BONUS' THEN 'bonus'
  WHEN upper("code") IN ('COMM', 'COMMISSION') THEN 'commission'
  WHEN upper("code") = 'ARREARS' THEN 'outside'
  ELSE 'allowance' END
WHERE "is_earning" AND NOT "is_net_pay_head" AND NOT "is_total_lwop_head" AND "wage_class" IS NULL;
