DROP INDEX "requests_list_idx";--> statement-breakpoint
DROP INDEX "requests_pending_first_idx";--> statement-breakpoint
CREATE INDEX "requests_list_idx" ON "requests" USING btree ("kind","unit_id","status","from_date","id","to_date");--> statement-breakpoint
CREATE INDEX "requests_pending_first_idx" ON "requests" USING btree ("kind",("status" = 'pending'),"from_date","id","status","unit_id","to_date");