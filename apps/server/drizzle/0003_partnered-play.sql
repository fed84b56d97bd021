CREATE TABLE "match_queue" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"difficulty" text NOT NULL,
	"category" text NOT NULL,
	"role" text NOT NULL,
	"game_timer" integer NOT NULL,
	"entered_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ended_reason" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "results_countdown_at" bigint;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rematch_requested_by" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rematch_game_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unfinished_games" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "in_game_since" bigint;--> statement-breakpoint
ALTER TABLE "match_queue" ADD CONSTRAINT "match_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_queue_pick_idx" ON "match_queue" USING btree ("language","difficulty","entered_at");--> statement-breakpoint
CREATE INDEX "games_finished_idx" ON "games" USING btree ("status","finished_at");