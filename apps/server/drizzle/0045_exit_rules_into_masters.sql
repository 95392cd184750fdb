-- The notice periods and the leave types' encashment rules move onto the masters (units, designations, leave types).
UPDATE "units" u SET "notice_days" = n."days" FROM "notice_periods" n WHERE n."unit_id" = u."id" AND n."designation_id" IS NULL AND n."is_active";--> statement-breakpoint
UPDATE "designations" d SET "notice_days" = n."days" FROM (SELECT "designation_id", max("days") AS "days" FROM "notice_periods" WHERE "designation_id" IS NOT NULL AND "is_active" GROUP BY "designation_id") n WHERE n."designation_id" = d."id";--> statement-breakpoint
UPDATE "leave_types" t SET "encash_max_days" = r."max_days", "encash_wage_basis" = r."wage_basis", "encash_divisor" = r."divisor" FROM "exit_encashment_rules" r WHERE r."leave_type_id" = t."id" AND r."is_active";--> statement-breakpoint
DROP TABLE "exit_encashment_rules" CASCADE;--> statement-breakpoint
DROP TABLE "notice_periods" CASCADE;
