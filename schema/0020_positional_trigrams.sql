-- 0020_positional_trigrams.sql — the trigram index keeps positions, so that a search for a word no post
-- holds costs one index read, however common its runs of three characters are (issue 22, item 1).
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0020_positional_trigrams.sql   (after 0001–0019)
-- Plain SQLite: the built-in trigram tokenizer; no Switchboard function is needed to apply it, and the
-- triggers of 0006 keep the index as they did (they name the table, not its options).
--
-- Why: 0006 built social_posts_trigram with detail='none' (which posts hold each run, no positions).
-- post_search ANDs a word's runs and tests each candidate. When the runs are common but the word is
-- rare or absent, the candidates are many: `line` at 1M posts of Benchmarks/fts/generate.sql, `lin`
-- in 326,000 posts and `ine` in 314,000, both in 97,000, `line` in none. Testing them took 160 ms.
-- With positions the phrase "line" (runs `lin` then `ine`, next to each other) is matched inside the
-- index: post_search finds that no post holds it in 13 ms. post_search adds one such pair of a word's runs when its
-- runs leave 2,000 candidates or more (SearchPlan.pair in Sources/SwitchboardCore/Text/SearchPlan.swift);
-- the hits are still tested with search_contains, so the index's folding never decides alone.
--
-- The cost, measured at 1M posts (BENCHMARKS.md, "post_search"): the index grows from 135 MiB to
-- 446 MiB (detail='full'), and rebuilding it here takes about 40 s. Reading a run's postings is as fast
-- as before (the positions are skipped), so every other plan costs the same.
--
-- Check and rebuild, as 0006 says:
--   SELECT * FROM search_index_status;
--   INSERT INTO social_posts_trigram(social_posts_trigram) VALUES ('rebuild');

PRAGMA foreign_keys = ON;
PRAGMA recursive_triggers = ON;

BEGIN;

-- The same table under the same name, now with positions; the vocabulary table (fts5vocab) and the
-- triggers find it by name.
DROP TABLE social_posts_trigram;
CREATE VIRTUAL TABLE social_posts_trigram USING fts5(
    text,
    content = 'social_posts_trigram_text', content_rowid = 'seq',
    tokenize = 'trigram', detail = 'full'
);
INSERT INTO social_posts_trigram(social_posts_trigram) VALUES ('rebuild');

PRAGMA user_version = 20;
COMMIT;
