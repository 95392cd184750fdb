-- One payment table for the slips of a run and for full and final settlements: salary_payments takes the settlements'
-- rows (settlement_id, the settlement's employee), then exit_settlement_payments is dropped. Every row is kept, with its
-- status, mode, amount, value date, UTR / cheque, the bank's reason and who changed it last (a user id no longer in
-- users becomes null: salary_payments.updated_by references users).
ALTER TABLE "salary_payments" ALTER COLUMN "run_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD COLUMN "settlement_id" integer;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_settlement_id_exit_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."exit_settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "salary_payments_settlement_uq" ON "salary_payments" USING btree ("settlement_id");--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_subject_ck" CHECK (("salary_payments"."run_id" is null) <> ("salary_payments"."settlement_id" is null));--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_settlement_amount_ck" CHECK ("salary_payments"."settlement_id" is null or "salary_payments"."amount" > 0);--> statement-breakpoint
INSERT INTO "salary_payments" ("settlement_id", "employee_id", "status", "mode", "amount", "value_date", "reference", "cheque_no",
  "cheque_date", "failure_reason", "failed_on", "updated_at", "updated_by")
SELECT p."settlement_id", x."employee_id", p."status", p."mode", p."amount", p."value_date", p."reference", p."cheque_no",
  p."cheque_date", p."failure_reason", p."failed_on", p."updated_at",
  (SELECT u."id" FROM "users" u WHERE u."id" = p."updated_by")
FROM "exit_settlement_payments" p JOIN "exit_settlements" x ON x."id" = p."settlement_id"
ORDER BY p."id";--> statement-breakpoint
DROP TABLE "exit_settlement_payments" CASCADE;
