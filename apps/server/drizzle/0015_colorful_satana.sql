CREATE TABLE "request_counts" (
	"kind" varchar(10) NOT NULL,
	"unit_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "request_counts_kind_unit_id_status_pk" PRIMARY KEY("kind","unit_id","status")
);
