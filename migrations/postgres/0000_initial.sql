CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text,
	"digest" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint,
	"revoked_at" bigint,
	"last_used_at" bigint,
	CONSTRAINT "api_keys_digest_unique" UNIQUE("digest")
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"env" text NOT NULL,
	"capabilities" text NOT NULL,
	"rpm" bigint NOT NULL,
	"concurrency" bigint NOT NULL,
	"monthly_quota" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casts" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"end_user_id" text,
	"created_at" bigint NOT NULL,
	"record" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charts" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"end_user_id" text,
	"created_at" bigint NOT NULL,
	"record" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"session_id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"record" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"response_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"record" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"app_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"status" integer,
	"body" text,
	"request_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"locked_until" bigint NOT NULL,
	"resource_id" text,
	CONSTRAINT "idempotency_records_app_id_key_pk" PRIMARY KEY("app_id","key")
);
--> statement-breakpoint
CREATE TABLE "limit_buckets" (
	"app_id" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limit_leases" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"end_user_id" text,
	"created_at" bigint NOT NULL,
	"record" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readiness_probe" (
	"id" integer PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "responses" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"capability" text NOT NULL,
	"subject_id" text NOT NULL,
	"previous_response_id" text,
	"created_at" bigint NOT NULL,
	"summary" text NOT NULL,
	"record" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_events" (
	"session_id" text NOT NULL,
	"seq" integer NOT NULL,
	"client_event_id" text NOT NULL,
	"record" text NOT NULL,
	CONSTRAINT "session_events_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"end_user_id" text,
	"state" text NOT NULL,
	"elapsed_seconds" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"record" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_months" (
	"app_id" text NOT NULL,
	"month" text NOT NULL,
	"billing_units" bigint DEFAULT 0 NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_months_app_id_month_pk" PRIMARY KEY("app_id","month")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_app_idx" ON "api_keys" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "casts_app_idx" ON "casts" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "charts_app_idx" ON "charts" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_response_idx" ON "feedback" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "idempotency_expires_idx" ON "idempotency_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "idempotency_resource_idx" ON "idempotency_records" USING btree ("app_id","resource_id");--> statement-breakpoint
CREATE INDEX "limit_leases_app_idx" ON "limit_leases" USING btree ("app_id","expires_at");--> statement-breakpoint
CREATE INDEX "plans_app_idx" ON "plans" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "responses_subject_idx" ON "responses" USING btree ("app_id","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_events_client_idx" ON "session_events" USING btree ("session_id","client_event_id");--> statement-breakpoint
CREATE INDEX "sessions_plan_idx" ON "sessions" USING btree ("app_id","plan_id");