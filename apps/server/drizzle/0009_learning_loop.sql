CREATE TABLE "learning_ratings" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"rating" real NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learning_ratings_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "word_memory" (
	"user_id" uuid NOT NULL,
	"language" text NOT NULL,
	"word" text NOT NULL,
	"seen" integer DEFAULT 0 NOT NULL,
	"right" integer DEFAULT 0 NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"box" integer DEFAULT 0 NOT NULL,
	"due_at" bigint,
	"last_guess" text,
	CONSTRAINT "word_memory_user_id_language_word_pk" PRIMARY KEY("user_id","language","word")
);
--> statement-breakpoint
ALTER TABLE "word_memory" ADD CONSTRAINT "word_memory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "word_memory_due_idx" ON "word_memory" USING btree ("user_id","due_at");