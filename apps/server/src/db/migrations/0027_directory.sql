CREATE TABLE "directory_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"connection_id" integer,
	"actor_id" integer,
	"request_id" text NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	CONSTRAINT "directory_audit_source_valid" CHECK ("directory_audit"."source" in ('scim', 'sync')),
	CONSTRAINT "directory_audit_action_valid" CHECK ("directory_audit"."action" in ('create', 'link', 'update', 'deactivate', 'reactivate'))
);
--> statement-breakpoint
CREATE TABLE "directory_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"office_attribute" text DEFAULT 'organization' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "directory_connections_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "directory_connections_office_attribute_valid" CHECK ("directory_connections"."office_attribute" in ('organization', 'division', 'costCenter', 'office'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "department" text;--> statement-breakpoint
ALTER TABLE "directory_audit" ADD CONSTRAINT "directory_audit_connection_id_directory_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."directory_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_audit" ADD CONSTRAINT "directory_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_audit" ADD CONSTRAINT "directory_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_connections" ADD CONSTRAINT "directory_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_audit_user_idx" ON "directory_audit" USING btree ("user_id","id") WHERE "directory_audit"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "directory_audit_connection_idx" ON "directory_audit" USING btree ("connection_id","id") WHERE "directory_audit"."connection_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_external_id_uq" ON "users" USING btree ("external_id") WHERE "users"."external_id" IS NOT NULL;