-- Sessions are per key: another key naming the same X-Session-Id has its own summon and error streaks.
DROP INDEX "summons_active_session_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "summons_active_session_idx" ON "summons" USING btree ("caller_id","session_id") WHERE status = 'active';--> statement-breakpoint
-- Streaks count the last few calls of a session: starting them again costs at most one escalation.
DELETE FROM "tool_error_streaks";--> statement-breakpoint
ALTER TABLE "tool_error_streaks" DROP CONSTRAINT "tool_error_streaks_session_id_tool_pk";--> statement-breakpoint
ALTER TABLE "tool_error_streaks" ADD COLUMN "caller_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_error_streaks" ADD CONSTRAINT "tool_error_streaks_caller_id_session_id_tool_pk" PRIMARY KEY("caller_id","session_id","tool");
