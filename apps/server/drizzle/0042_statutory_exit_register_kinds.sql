-- Issue 25: the exit settlement limits (gratuity ceiling and tax exemption, leave-encashment exemption) and the forms
-- the registers of wages follow are statutory parameter kinds (packages/payroll parameters-exit.ts, parameters-registers.ts).
ALTER TABLE "statutory_parameters" DROP CONSTRAINT "statutory_parameters_kind_ck";--> statement-breakpoint
ALTER TABLE "statutory_parameters" ADD CONSTRAINT "statutory_parameters_kind_ck" CHECK ("statutory_parameters"."kind" in ('pf', 'esi', 'pt', 'lwf', 'income_tax_new', 'income_tax_old', 'code_wages', 'gratuity', 'leave_encashment', 'labour_registers'));
