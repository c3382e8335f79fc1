ALTER TABLE `idempotency_records` ADD `resource_id` text;--> statement-breakpoint
CREATE INDEX `idempotency_resource_idx` ON `idempotency_records` (`app_id`,`resource_id`);