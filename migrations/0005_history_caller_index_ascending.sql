DROP INDEX "executions_caller_id_idx";--> statement-breakpoint
CREATE INDEX "executions_caller_id_idx" ON "executions" USING btree ("caller_id","id");