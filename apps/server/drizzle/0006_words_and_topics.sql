CREATE TABLE "topic_plays" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"user_id" uuid,
	"game_id" uuid,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" uuid,
	"action" text NOT NULL,
	"language" text,
	"word" text NOT NULL,
	"other" text,
	"detail" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "topic_plays" ADD CONSTRAINT "topic_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_audit" ADD CONSTRAINT "word_audit_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topic_plays_created_idx" ON "topic_plays" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "word_audit_created_idx" ON "word_audit" USING btree ("created_at");