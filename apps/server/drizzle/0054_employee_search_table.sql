CREATE TABLE "employee_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"designation_id" integer NOT NULL,
	"category_id" integer,
	"status" varchar(10) NOT NULL,
	"employee_code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"mobile" varchar(15) NOT NULL,
	"email" varchar(200),
	"date_of_joining" date NOT NULL,
	"has_photo" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "employee_search_name_trgm_idx" ON "employee_search" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "employee_search_code_trgm_idx" ON "employee_search" USING gin ("employee_code" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "employee_search_mobile_trgm_idx" ON "employee_search" USING gin ("mobile" gin_trgm_ops) WITH (gin_pending_list_limit=256);