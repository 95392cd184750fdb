CREATE TABLE "statutory_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"state_code" varchar(10),
	"effective_from" date NOT NULL,
	"data" jsonb NOT NULL,
	"source" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "statutory_parameters_kind_ck" CHECK ("statutory_parameters"."kind" in ('pf', 'esi', 'pt', 'lwf', 'income_tax_new', 'income_tax_old')),
	CONSTRAINT "statutory_parameters_state_ck" CHECK (("statutory_parameters"."kind" in ('pt', 'lwf')) = ("statutory_parameters"."state_code" is not null))
);
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "state_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "statutory_parameters_uq" ON "statutory_parameters" USING btree ("kind",coalesce("state_code", ''),"effective_from");--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "units_state_idx" ON "units" USING btree ("state_id");