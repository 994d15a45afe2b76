CREATE TABLE "reading_positions" (
	"caller_id" text NOT NULL,
	"session_id" text NOT NULL,
	"thread_id" bigint NOT NULL,
	"post_id" bigint,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_positions_caller_id_session_id_pk" PRIMARY KEY("caller_id","session_id")
);
