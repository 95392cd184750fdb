CREATE TABLE "advance_vouchers" (
	"advance_id" integer PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"seq" integer NOT NULL,
	"voucher_no" varchar(60) NOT NULL,
	"voucher_date" date NOT NULL,
	"cheque_no" varchar(20),
	"cheque_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "advance_vouchers_voucher_no_unique" UNIQUE("voucher_no")
);
--> statement-breakpoint
CREATE TABLE "number_series" (
	"kind" varchar(30) NOT NULL,
	"unit_id" integer NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"last_no" integer NOT NULL,
	CONSTRAINT "number_series_kind_unit_id_financial_year_pk" PRIMARY KEY("kind","unit_id","financial_year")
);
--> statement-breakpoint
ALTER TABLE "advance_vouchers" ADD CONSTRAINT "advance_vouchers_advance_id_salary_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."salary_advances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_vouchers" ADD CONSTRAINT "advance_vouchers_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_series" ADD CONSTRAINT "number_series_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advance_vouchers_unit_year_idx" ON "advance_vouchers" USING btree ("unit_id","financial_year","seq");