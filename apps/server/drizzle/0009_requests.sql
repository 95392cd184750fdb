CREATE TABLE "leave_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"leave_type_id" integer NOT NULL,
	"financial_year" smallint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"days" numeric(6, 1) NOT NULL,
	"period" varchar(10),
	"reason" varchar(300) DEFAULT '' NOT NULL,
	"request_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" varchar(300),
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"employee_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"half_day_start" boolean DEFAULT false NOT NULL,
	"half_day_end" boolean DEFAULT false NOT NULL,
	"days" numeric(6, 1) DEFAULT '0' NOT NULL,
	"lwop_days" numeric(6, 1) DEFAULT '0' NOT NULL,
	"leave_type_id" integer,
	"financial_year" smallint,
	"reason" text DEFAULT '' NOT NULL,
	"attachment_key" varchar(200),
	"attachment_name" varchar(200),
	"visitor_name" varchar(150),
	"mobile_code" varchar(6),
	"mobile" varchar(15),
	"company" varchar(150),
	"purpose" text,
	"expected_time" varchar(5),
	"visitor_count" smallint,
	"host_employee_id" integer,
	"arrived_at" timestamp with time zone,
	"departed_at" timestamp with time zone,
	"approval_id" integer,
	"decided_at" timestamp with time zone,
	"cancel_reason" text,
	"requested_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "max_balance" numeric(5, 1) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "sandwich" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "min_notice_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "max_consecutive_days" numeric(5, 1) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "attachment_after_days" numeric(5, 1) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "excess_as_lwop" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_ledger" ADD CONSTRAINT "leave_ledger_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_ledger" ADD CONSTRAINT "leave_ledger_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_ledger" ADD CONSTRAINT "leave_ledger_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_host_employee_id_employees_id_fk" FOREIGN KEY ("host_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_ledger_employee_idx" ON "leave_ledger" USING btree ("employee_id","financial_year","leave_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_ledger_period_uq" ON "leave_ledger" USING btree ("employee_id","leave_type_id","financial_year","kind","period") WHERE "leave_ledger"."period" is not null;--> statement-breakpoint
CREATE INDEX "leave_ledger_request_idx" ON "leave_ledger" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "requests_employee_idx" ON "requests" USING btree ("employee_id","from_date");--> statement-breakpoint
CREATE INDEX "requests_list_idx" ON "requests" USING btree ("kind","unit_id","status","from_date","id");--> statement-breakpoint
CREATE INDEX "requests_kind_status_idx" ON "requests" USING btree ("kind","status","id");--> statement-breakpoint
CREATE INDEX "requests_visitor_day_idx" ON "requests" USING btree ("from_date","unit_id") WHERE "requests"."kind" = 'visitor';--> statement-breakpoint
CREATE INDEX "requests_approval_idx" ON "requests" USING btree ("approval_id");