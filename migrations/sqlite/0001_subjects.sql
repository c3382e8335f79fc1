CREATE TABLE `casts` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`end_user_id` text,
	`created_at` integer NOT NULL,
	`record` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `casts_app_idx` ON `casts` (`app_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `charts` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`end_user_id` text,
	`created_at` integer NOT NULL,
	`record` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `charts_app_idx` ON `charts` (`app_id`,`created_at`);