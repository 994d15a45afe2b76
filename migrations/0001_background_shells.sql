CREATE TABLE "background_shells" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_key_id" text NOT NULL,
	"instance" text NOT NULL,
	"command" text NOT NULL,
	"cwd" text NOT NULL,
	"pid" integer,
	"status" text NOT NULL,
	"exit_code" integer,
	"signal" text,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "background_shells_owner_status_idx" ON "background_shells" USING btree ("owner_key_id","status");--> statement-breakpoint
CREATE INDEX "background_shells_instance_status_idx" ON "background_shells" USING btree ("instance","status");