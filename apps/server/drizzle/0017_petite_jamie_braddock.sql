CREATE TABLE "tax_declaration_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"declaration_id" integer NOT NULL,
	"section" varchar(20) NOT NULL,
	"amount" bigint NOT NULL,
	"proved" boolean DEFAULT false NOT NULL,
	"proved_by" integer,
	"proved_at" timestamp with time zone,
	"proof_file_key" varchar(200),
	"proof_file_name" varchar(200),
	CONSTRAINT "tax_declaration_lines_amount_ck" CHECK ("tax_declaration_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"regime" varchar(3) DEFAULT 'new' NOT NULL,
	"rent_per_month" bigint DEFAULT 0 NOT NULL,
	"metro" boolean DEFAULT false NOT NULL,
	"rent_proved" boolean DEFAULT false NOT NULL,
	"previous_employer_income" bigint DEFAULT 0 NOT NULL,
	"previous_employer_tds" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "tax_declarations_regime_ck" CHECK ("tax_declarations"."regime" in ('new', 'old')),
	CONSTRAINT "tax_declarations_amounts_ck" CHECK ("tax_declarations"."rent_per_month" >= 0 and "tax_declarations"."previous_employer_income" >= 0 and "tax_declarations"."previous_employer_tds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_proof_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"proof_cutoff" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "tax_declaration_lines" ADD CONSTRAINT "tax_declaration_lines_declaration_id_tax_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."tax_declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declaration_lines" ADD CONSTRAINT "tax_declaration_lines_proved_by_users_id_fk" FOREIGN KEY ("proved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_declarations" ADD CONSTRAINT "tax_declarations_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_declaration_lines_uq" ON "tax_declaration_lines" USING btree ("declaration_id","section");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_declarations_employee_year_uq" ON "tax_declarations" USING btree ("employee_id","financial_year");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_proof_windows_year_uq" ON "tax_proof_windows" USING btree ("financial_year");