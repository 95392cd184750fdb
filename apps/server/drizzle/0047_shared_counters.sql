-- Unlogged: rate-limit counters are disposable (a crash forgets them, which only resets a window), so each hit writes
-- no WAL and waits for no flush; they are not replicated either (nothing reads them on a replica).
CREATE UNLOGGED TABLE "shared_counters" (
	"key" varchar(200) NOT NULL,
	"slot" bigint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shared_counters_key_slot_pk" PRIMARY KEY("key","slot")
);
