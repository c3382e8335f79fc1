CREATE TABLE `checkouts` (
	`session_id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`record` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`response_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`record` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feedback_response_idx` ON `feedback` (`response_id`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`end_user_id` text,
	`created_at` integer NOT NULL,
	`record` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `plans_app_idx` ON `plans` (`app_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `responses` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`capability` text NOT NULL,
	`subject_id` text NOT NULL,
	`previous_response_id` text,
	`created_at` integer NOT NULL,
	`summary` text NOT NULL,
	`record` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `responses_subject_idx` ON `responses` (`app_id`,`subject_id`);--> statement-breakpoint
CREATE TABLE `session_events` (
	`session_id` text NOT NULL,
	`seq` integer NOT NULL,
	`client_event_id` text NOT NULL,
	`record` text NOT NULL,
	PRIMARY KEY(`session_id`, `seq`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_events_client_idx` ON `session_events` (`session_id`,`client_event_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`end_user_id` text,
	`state` text NOT NULL,
	`elapsed_seconds` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`record` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_plan_idx` ON `sessions` (`app_id`,`plan_id`);