-- 0011_user_references.sql — a user's rows name only that user's rows.
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0011_user_references.sql   (after 0001–0010)
--
-- Coaches, communication templates and interactions belong to one user each. Nothing but a
-- canned query wrote an interaction before, and those name only the acting user's coach and
-- template; but `import`, plain SQL and any other tool could store user B's interaction naming
-- user A's coach. Two things then crossed between users:
--   * deleting A's coach deleted B's interaction (interactions.coach_id is ON DELETE CASCADE),
--     and deleting A's template changed B's interaction (template_id is ON DELETE SET NULL);
--   * a post of A's naming B's coach (a post's coach_id is a plain value, not a foreign key)
--     showed B's coach name in A's feed.
-- So, in plain SQLite (no Switchboard function), readable and writable by any tool:
--   1. social_feed joins a post's coach among the post's user's coaches only; an id of another
--      user's coach shows as no coach, as an id of a coach that does not exist always did.
--   2. Interactions that already name another user's coach or template lose that reference
--      (set to NULL): it was never the interaction's user's to see, and a delete by the other
--      user would have removed or changed the row.
--   3. Triggers refuse every new such reference, from either side, with a constraint error that
--      `import` reports per record ("skipped") and any tool sees as SQLITE_CONSTRAINT:
--        interactions.coach_id names another user's coach
--        interactions.template_id names another user's template
--      A reference to a coach or template that does not exist is left to the foreign keys.
-- Composite foreign keys (user_id, coach_id) would say the same declaratively, but need the
-- table rebuilt, and SQLite's ON DELETE SET NULL on them would null user_id too.

BEGIN;

-- 1. The social page (001) -------------------------------------------------------------------
DROP VIEW IF EXISTS social_feed;

-- The social page (001): each post as its card shows it, newest post_date first.
-- SocialPost's fields, then: preview (the first 5 lines of post_content, the card's limit);
-- school_name ("Unknown School" when the school is missing or unknown); coach_name;
-- display_name (the coach's name, else the author's); relative_time (relativeDate:
-- RelativeDateTimeFormatter, abbreviated, "Unknown" when post_date is unreadable);
-- sentiment_label and sentiment_emoji (PostSentiment.label, sentimentEmoji); platform_label
-- ("Twitter/X", "Instagram") and platform_color (#1DA1F2, #E1306C); has_notes; the VoiceOver
-- label "[Platform] post from [Author]. [Date]. [Content preview]. [Sentiment]. [Flagged status].".
CREATE VIEW IF NOT EXISTS social_feed AS
SELECT
    p.id,
    p.coach_id,
    p.school_id,
    p.platform,
    p.post_url,
    p.post_content,
    p.post_date,
    p.author_handle,
    p.author_name,
    p.is_recruiting_related,
    p.flagged_for_review,
    p.sentiment,
    p.notes,
    p.created_at,
    p.updated_at,
    p.seq,
    p.user_id,
    (SELECT CASE WHEN n5 = 0 THEN t ELSE substr(t, 1, n5 - 1) END
     FROM (SELECT t, CASE WHEN n4 = 0 OR instr(substr(t, n4 + 1), char(10)) = 0 THEN 0
                     ELSE n4 + instr(substr(t, n4 + 1), char(10)) END AS n5
     FROM (SELECT t, CASE WHEN n3 = 0 OR instr(substr(t, n3 + 1), char(10)) = 0 THEN 0
                     ELSE n3 + instr(substr(t, n3 + 1), char(10)) END AS n4
     FROM (SELECT t, CASE WHEN n2 = 0 OR instr(substr(t, n2 + 1), char(10)) = 0 THEN 0
                     ELSE n2 + instr(substr(t, n2 + 1), char(10)) END AS n3
     FROM (SELECT t, CASE WHEN n1 = 0 OR instr(substr(t, n1 + 1), char(10)) = 0 THEN 0
                     ELSE n1 + instr(substr(t, n1 + 1), char(10)) END AS n2
     FROM (SELECT p.post_content AS t, instr(p.post_content, char(10)) AS n1)))))) AS preview,
    coalesce(s.name, 'Unknown School') AS school_name,
    c.name AS coach_name,
    coalesce(c.name, nullif(p.author_name, ''), p.author_handle) AS display_name,
    p.author_avatar_url,
    relative_date_abbreviated(p.post_date) AS relative_time,
    sentiment_label(p.sentiment) AS sentiment_label,
    sentiment_label(p.sentiment, 'emoji') AS sentiment_emoji,
    CASE p.platform WHEN 'twitter' THEN 'Twitter/X' WHEN 'instagram' THEN 'Instagram' END AS platform_label,
    CASE p.platform WHEN 'twitter' THEN '#1DA1F2' WHEN 'instagram' THEN '#E1306C' END AS platform_color,
    CASE WHEN trim(coalesce(p.notes, '')) <> '' THEN 1 ELSE 0 END AS has_notes,
    CASE p.platform WHEN 'twitter' THEN 'Twitter' ELSE 'Instagram' END || ' post from '
        || coalesce(nullif(p.author_name, ''), p.author_handle) || '. '
        || relative_date_abbreviated(p.post_date) || '. '
        || text_preview(p.post_content, 100) || '. '
        || coalesce(sentiment_label(p.sentiment, 'text'), 'No sentiment') || '. '
        || CASE WHEN p.flagged_for_review = 1 THEN 'Flagged for review' ELSE 'Not flagged' END || '.'
        AS accessibility_label,
    p.likes_count,
    p.shares_count,
    p.replies_count,
    p.media_urls
FROM social_media_posts AS p
LEFT JOIN schools AS s ON s.id = p.school_id
LEFT JOIN coaches AS c ON c.id = p.coach_id AND c.user_id = p.user_id
ORDER BY p.post_date DESC, p.seq DESC;

-- 2. References that cross users, stored before this version ------------------------------------
UPDATE interactions SET coach_id = NULL
WHERE coach_id IN (SELECT c.id FROM coaches AS c WHERE c.user_id IS NOT interactions.user_id);
UPDATE interactions SET template_id = NULL
WHERE template_id IN (SELECT t.id FROM communication_templates AS t WHERE t.user_id IS NOT interactions.user_id);

-- 3. Guards: an interaction names its own user's coach and template --------------------------
CREATE TRIGGER IF NOT EXISTS interactions_own_coach_insert BEFORE INSERT ON interactions
WHEN EXISTS (SELECT 1 FROM coaches WHERE id = NEW.coach_id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.coach_id names another user''s coach');
END;
CREATE TRIGGER IF NOT EXISTS interactions_own_coach_update BEFORE UPDATE OF user_id, coach_id ON interactions
WHEN EXISTS (SELECT 1 FROM coaches WHERE id = NEW.coach_id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.coach_id names another user''s coach');
END;
CREATE TRIGGER IF NOT EXISTS interactions_own_template_insert BEFORE INSERT ON interactions
WHEN EXISTS (SELECT 1 FROM communication_templates WHERE id = NEW.template_id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.template_id names another user''s template');
END;
CREATE TRIGGER IF NOT EXISTS interactions_own_template_update BEFORE UPDATE OF user_id, template_id ON interactions
WHEN EXISTS (SELECT 1 FROM communication_templates WHERE id = NEW.template_id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.template_id names another user''s template');
END;
-- The other side: a coach or template handed to another user takes no interaction with it.
CREATE TRIGGER IF NOT EXISTS coaches_own_interactions BEFORE UPDATE OF user_id ON coaches
WHEN EXISTS (SELECT 1 FROM interactions WHERE coach_id = OLD.id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.coach_id names another user''s coach');
END;
CREATE TRIGGER IF NOT EXISTS communication_templates_own_interactions BEFORE UPDATE OF user_id ON communication_templates
WHEN EXISTS (SELECT 1 FROM interactions WHERE template_id = OLD.id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.template_id names another user''s template');
END;

PRAGMA user_version = 11;
COMMIT;
