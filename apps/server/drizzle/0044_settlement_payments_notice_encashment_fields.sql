CREATE TABLE "exit_settlement_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"status" varchar(8) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"value_date" date,
	"reference" varchar(40),
	"cheque_no" varchar(20),
	"cheque_date" date,
	"failure_reason" varchar(300),
	"failed_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "exit_settlement_payments_status_ck" CHECK ("exit_settlement_payments"."status" in ('paid', 'pending')),
	CONSTRAINT "exit_settlement_payments_amount_ck" CHECK ("exit_settlement_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "designations" ADD COLUMN "notice_days" smallint;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "notice_days" smallint;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "encash_max_days" numeric(5, 1) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "encash_wage_basis" varchar(10) DEFAULT 'basic_da' NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "encash_divisor" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "exit_settlement_payments" ADD CONSTRAINT "exit_settlement_payments_settlement_id_exit_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."exit_settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exit_settlement_payments_uq" ON "exit_settlement_payments" USING btree ("settlement_id");