ALTER TABLE "statutory_arrears" ADD COLUMN "member_share_by" varchar(10) DEFAULT 'employer' NOT NULL;--> statement-breakpoint
ALTER TABLE "statutory_arrears" ADD CONSTRAINT "statutory_arrears_member_share_by_ck" CHECK ("statutory_arrears"."member_share_by" in ('employer', 'member'));--> statement-breakpoint
-- Records approved before the choice existed made recovery lines: they were recovered from the member.
UPDATE "statutory_arrears" a SET "member_share_by" = 'member'
  WHERE EXISTS (SELECT 1 FROM "statutory_arrear_lines" l WHERE l."arrear_id" = a."id" AND l."salary_arrear_id" IS NOT NULL);
