CREATE TABLE "games" (
	"id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"solo" boolean NOT NULL,
	"language" text NOT NULL,
	"difficulty" text NOT NULL,
	"category" text NOT NULL,
	"game_timer_seconds" integer NOT NULL,
	"speaker_id" uuid,
	"speller_id" uuid NOT NULL,
	"words" jsonb NOT NULL,
	"current_index" integer DEFAULT 0 NOT NULL,
	"starts_at" bigint,
	"ends_at" bigint,
	"finished_at" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"name" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "server_meta" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text,
	"email" text,
	"password_hash" text,
	"picture" text,
	"role" text NOT NULL,
	"has_confirmed_eula" boolean DEFAULT false NOT NULL,
	"game_timer" integer DEFAULT 90 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "words" (
	"id" serial PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"word" text NOT NULL,
	"category" text NOT NULL,
	"difficulty" text NOT NULL,
	"ipa" text,
	"syllables" integer,
	"definition" text,
	"example" text,
	"homonyms" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_speaker_id_users_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_speller_id_users_id_fk" FOREIGN KEY ("speller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_deadline_idx" ON "games" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "games_speller_idx" ON "games" USING btree ("speller_id");--> statement-breakpoint
CREATE INDEX "games_speaker_idx" ON "games" USING btree ("speaker_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "words_language_category_word_idx" ON "words" USING btree ("language","category","word");--> statement-breakpoint
CREATE INDEX "words_pick_idx" ON "words" USING btree ("language","category","difficulty");