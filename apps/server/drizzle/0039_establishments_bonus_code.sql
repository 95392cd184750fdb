CREATE TABLE "statutory_establishment_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"establishment_id" integer NOT NULL,
	"unit_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statutory_establishments" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(3) NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(120) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "statutory_establishments_kind_ck" CHECK ("statutory_establishments"."kind" in ('pf', 'esi'))
);
--> statement-breakpoint
ALTER TABLE "bonus_rules" ADD COLUMN "minimum_bonus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_rules" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "pf_admin_charges" ADD COLUMN "establishment_id" integer;--> statement-breakpoint
ALTER TABLE "pf_admin_charges" ADD COLUMN "establishment_amount" bigint;--> statement-breakpoint
ALTER TABLE "statutory_establishment_units" ADD CONSTRAINT "statutory_establishment_units_establishment_id_statutory_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."statutory_establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statutory_establishment_units" ADD CONSTRAINT "statutory_establishment_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statutory_establishment_units_uq" ON "statutory_establishment_units" USING btree ("establishment_id","unit_id");--> statement-breakpoint
CREATE INDEX "statutory_establishment_units_unit_idx" ON "statutory_establishment_units" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statutory_establishments_code_uq" ON "statutory_establishments" USING btree ("kind",upper("code"));--> statement-breakpoint
ALTER TABLE "pf_admin_charges" ADD CONSTRAINT "pf_admin_charges_establishment_id_statutory_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."statutory_establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The PF and ESIC codes kept on the units so far become establishments, one per code, covering every unit that has it.
INSERT INTO "statutory_establishments" ("kind", "code", "name")
SELECT DISTINCT ON (k.kind, upper(k.code)) k.kind, k.code, left(k.name, 120)
FROM (
  SELECT 'pf' AS kind, trim("pf_registration_no") AS code, "name", "id" FROM "units" WHERE nullif(trim("pf_registration_no"), '') IS NOT NULL
  UNION ALL
  SELECT 'esi', trim("esi_registration_no"), "name", "id" FROM "units" WHERE nullif(trim("esi_registration_no"), '') IS NOT NULL
) k
ORDER BY k.kind, upper(k.code), k.id;
--> statement-breakpoint
INSERT INTO "statutory_establishment_units" ("establishment_id", "unit_id")
SELECT e."id", u."id" FROM "units" u
JOIN "statutory_establishments" e ON
  (e."kind" = 'pf' AND upper(e."code") = upper(trim(u."pf_registration_no")))
  OR (e."kind" = 'esi' AND upper(e."code") = upper(trim(u."esi_registration_no")));
--> statement-breakpoint
-- Bonus from the accounting year the Code on Wages took effect in: its s.26 (the amounts as before, ₹100 minimum).
UPDATE "bonus_rules" SET "source" = 'Payment of Bonus Act 1965 ss.2(13), 12 as amended by the Payment of Bonus (Amendment) Act 2015 (in force from 1 Apr 2014): eligible up to ₹21,000 a month, computed on ₹7,000 or the minimum wage where higher; ss.10, 11: 8.33 % to 20 %.'
WHERE "source" IS NULL AND "unit_id" IS NULL AND "effective_from" < '2025-11';
--> statement-breakpoint
INSERT INTO "bonus_rules" ("unit_id", "effective_from", "eligibility_ceiling", "calculation_ceiling", "minimum_bonus", "source")
SELECT NULL, '2025-11', 2100000, 700000, 10000, 'Code on Wages 2019 Part IV, in force 21 Nov 2025 (S.O. 5322(E)); it repealed the Payment of Bonus Act (s.69): s.26(1) eligible when drawing wages up to the amount notified (₹21,000 a month, carried over) with 30 days worked, minimum bonus 8.33 % of wages or ₹100; s.26(2) computed on the notified amount (₹7,000) or the minimum wage, whichever is higher; s.26(3) at most 20 %; s.27 reduced for part of the year; wages as s.2(y).'
WHERE EXISTS (SELECT 1 FROM "bonus_rules" WHERE "unit_id" IS NULL)
ON CONFLICT DO NOTHING;
