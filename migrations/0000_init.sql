CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"scopes" text[] NOT NULL,
	"workspace" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "executions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tool" text NOT NULL,
	"toolset" text NOT NULL,
	"transport" text NOT NULL,
	"params" jsonb NOT NULL,
	"caller_id" text NOT NULL,
	"caller_name" text NOT NULL,
	"session_id" text,
	"agent_id" text,
	"request_id" text,
	"status" text NOT NULL,
	"http_status" integer NOT NULL,
	"error_code" text,
	"error" text,
	"result" jsonb,
	"messages" jsonb,
	"dry_run" integer DEFAULT 0 NOT NULL,
	"usage" jsonb,
	"duration_ms" integer,
	"started_at" timestamp (3) with time zone NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"instance" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"execution_id" uuid NOT NULL,
	"tool" text NOT NULL,
	"params" jsonb NOT NULL,
	"sealed_args" text NOT NULL,
	"sealed_context" text NOT NULL,
	"reason" text,
	"caller_id" text NOT NULL,
	"caller_name" text NOT NULL,
	"status" text NOT NULL,
	"decided_by" text,
	"decision_note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"decided_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "executions_started_idx" ON "executions" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "executions_caller_started_idx" ON "executions" USING btree ("caller_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "approvals_status_created_idx" ON "approvals" USING btree ("status","created_at" DESC NULLS LAST);