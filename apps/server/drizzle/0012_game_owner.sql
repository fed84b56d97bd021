CREATE TABLE "game_events" (
	"game_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"guess" text NOT NULL,
	"correct" boolean NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "game_events_game_id_idx_pk" PRIMARY KEY("game_id","idx")
);
--> statement-breakpoint
CREATE TABLE "game_leases" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"epoch" integer NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_leases" ADD CONSTRAINT "game_leases_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_leases_owner_idx" ON "game_leases" USING btree ("owner");