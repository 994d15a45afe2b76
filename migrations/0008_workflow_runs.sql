CREATE TABLE "workflow_run_steps" (
	"run_id" uuid NOT NULL,
	"key" text NOT NULL,
	"step_id" text NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"tool" text,
	"status" text NOT NULL,
	"execution_id" uuid,
	"approval_id" uuid,
	"sealed_output" text,
	"output" jsonb,
	"error_code" text,
	"error" text,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "workflow_run_steps_run_id_key_pk" PRIMARY KEY("run_id","key")
);
--> statement-breakpoint
CREATE TABLE "workflow_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"execution_id" uuid NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"caller_id" text NOT NULL,
	"caller_name" text NOT NULL,
	"status" text NOT NULL,
	"instance" text NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"sealed_state" text NOT NULL,
	"params" jsonb NOT NULL,
	"outputs" jsonb,
	"approval_id" uuid,
	"waiting_step" text,
	"error_code" text,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "workflow_runs_status_instance_idx" ON "workflow_runs" USING btree ("status","instance");--> statement-breakpoint
CREATE INDEX "workflow_runs_execution_idx" ON "workflow_runs" USING btree ("execution_id");--> statement-breakpoint
CREATE INDEX "workflow_runs_caller_idx" ON "workflow_runs" USING btree ("caller_id","id");