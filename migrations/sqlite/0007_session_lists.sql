-- The Sessions' list: newest first by id for an App, one of its end users or one Plan, each page a
-- range scan of one of these indexes (the Plan's, now ending in id, also serves the Plan's delete).
DROP INDEX IF EXISTS `sessions_plan_idx`;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `sessions_app_id_idx` ON `sessions` (`app_id`,`id`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `sessions_end_user_idx` ON `sessions` (`app_id`,`end_user_id`,`id`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `sessions_plan_idx` ON `sessions` (`app_id`,`plan_id`,`id`);
