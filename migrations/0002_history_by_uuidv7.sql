DROP INDEX "executions_started_idx";--> statement-breakpoint
DROP INDEX "executions_caller_started_idx";--> statement-breakpoint
CREATE INDEX "executions_caller_id_idx" ON "executions" USING btree ("caller_id","id" DESC NULLS LAST);