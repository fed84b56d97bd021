import { sql } from 'drizzle-orm';

// per-game figures computed in sql from the words list: words played and words right

export const playedCount = sql<number>`(select count(*) from jsonb_array_elements(words) w where (w->>'used')::boolean)`;
export const correctCount = sql<number>`(select count(*) from jsonb_array_elements(words) w where (w->>'correct')::boolean)`;
