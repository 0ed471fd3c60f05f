-- schema/current.sql — Switchboard's schema as it stands after every migration:
-- schema version 27 (0027_search_chunks.sql). GENERATED, do not edit. Regenerate it with
--     scripts/schema-snapshot      (runs UPDATE_GOLDENS=1 swift test --filter SchemaSnapshotTests)
-- SchemaSnapshotTests fails while this file differs from what the migrations make.
--
-- This file is the reference: read it to learn the schema. The numbered files beside it,
-- schema/NNNN_*.sql, are history: `switchboard init` (`migrate` in Swift) applies those a
-- database lacks, in order, and records the last in PRAGMA user_version. Existing databases
-- were built from them, so they are never edited, and some are partly superseded by later ones
-- (their first lines say by which). This file is not a migration: it is not embedded in the
-- binary nor applied, and a database made from it would have no user_version. Create databases
-- with `switchboard init`.
--
-- What it holds: every table, index, trigger, view and virtual table of a fresh database after
-- all the migrations, its SQL exactly as SQLite stores it in sqlite_schema (so a table rebuilt
-- through ALTER TABLE ... RENAME keeps its quoted name, as "posts" does). Left out: the indexes
-- SQLite makes for PRIMARY KEY and UNIQUE (sqlite_autoindex_*, which have no SQL) and the
-- shadow tables each virtual table makes (FTS5's *_data, *_idx, *_docsize, *_config).
-- "from" above each object names the migration that gave it this SQL; that file's comments
-- explain it. Views may call Switchboard functions (reading them needs the extension);
-- no default, CHECK, index or trigger does, so any SQLite tool can write the database.
-- Per connection, not stored here: PRAGMA foreign_keys = ON and recursive_triggers = ON
-- (0001_core.sql says why); journal_mode = WAL is stored in the database file.
--
-- Ids: each UUID id spells out its DEFAULT, lower(hex(randomblob(4)) || ... ), a random
-- version-4 UUID in lower case. Plain SQL cannot write it once without changing behaviour or
-- rebuilding tables:
--   * SQLite cannot name an expression (no macros, no functions defined in SQL); a function
--     would come from the extension, and the database must stay writable without it;
--   * a DEFAULT must be constant, with no subquery, so it cannot read the expression from a
--     view or a table;
--   * a generated column may not call randomblob() (it is not deterministic), nor be a key;
--   * a trigger can set the id only after the row is inserted (a BEFORE trigger cannot change
--     NEW), so the column would have to accept NULL and the INSERT itself (its NOT NULL and
--     UNIQUE checks, its RETURNING) would see no id;
--   * a DEFAULT changes only by rebuilding the table (ALTER TABLE cannot alter a column): a
--     migration would copy every such table, with its indexes, triggers and search index, for
--     no change in behaviour.
-- So it stays written out; Sources/SwitchboardDB/Ingest/PostSync.swift uses the same expression
-- for the posts it imports.

-- ================================================================================================
-- Tables: each after the tables its foreign keys reference, otherwise by name.

-- from 0001_core.sql
CREATE TABLE schools (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    name TEXT NOT NULL CONSTRAINT school_name_required CHECK (trim(name) <> ''),
    city TEXT,
    state TEXT,
    division TEXT,
    conference TEXT,
    twitter_handle TEXT,
    instagram_handle TEXT,
    website TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- from 0015_user_timezone.sql
CREATE TABLE users (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    name TEXT NOT NULL CONSTRAINT user_name_required CHECK (trim(name) <> ''),
    email TEXT,
    sport TEXT,
    graduation_year INTEGER CONSTRAINT user_graduation_year_valid
        CHECK (graduation_year IS NULL OR graduation_year BETWEEN 1900 AND 2200),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
, timezone TEXT NOT NULL DEFAULT 'UTC' CONSTRAINT user_timezone_valid
    CHECK (length(timezone) BETWEEN 1 AND 255 AND timezone NOT GLOB '*[^A-Za-z0-9_+/-]*'
           AND timezone NOT GLOB '/*' AND timezone NOT GLOB '*/' AND timezone NOT GLOB '*//*'
           AND timezone NOT GLOB '-*' AND timezone NOT GLOB '*/-*'));

-- from 0001_core.sql
CREATE TABLE coaches (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    school_id TEXT REFERENCES schools(id) ON DELETE SET NULL,
    name TEXT NOT NULL CONSTRAINT coach_name_required CHECK (trim(name) <> ''),
    title TEXT,
    email TEXT,
    phone TEXT,
    twitter_handle TEXT,
    instagram_handle TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- from 0018_counters.sql
CREATE TABLE communication_template_counters (
    user_id TEXT NOT NULL,
    type TEXT NOT NULL,
    templates INTEGER NOT NULL,
    PRIMARY KEY (user_id, type)
) WITHOUT ROWID;

-- from 0016_spec_gaps.sql
CREATE TABLE "communication_templates" (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT CONSTRAINT template_name_required CHECK (coalesce(name, '') <> ''),
    type TEXT NOT NULL DEFAULT 'email' CONSTRAINT template_type_valid CHECK (type IN ('email', 'text', 'twitter')),
    body TEXT CONSTRAINT template_body_required CHECK (coalesce(body, '') <> ''),
    variables TEXT CONSTRAINT template_variables_array CHECK (variables IS NULL OR variables GLOB '[[]*]'),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT template_created_at_format
        CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(created_at) IS NOT NULL),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT template_updated_at_format
        CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(updated_at) IS NOT NULL)
);

-- from 0024_replaced_rows.sql
CREATE TABLE communication_templates_replaced (
    seq INTEGER PRIMARY KEY,
    user_id TEXT,
    type TEXT,
    name TEXT,
    body TEXT
);

-- from 0004_spec_model.sql
CREATE TABLE "interactions" (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    coach_id TEXT REFERENCES coaches(id) ON DELETE CASCADE,
    school_id TEXT REFERENCES schools(id) ON DELETE SET NULL,
    channel TEXT NOT NULL DEFAULT 'email' CONSTRAINT interaction_channel_valid
        CHECK (channel IN ('email', 'text', 'twitter', 'instagram', 'phone', 'in_person', 'other')),
    direction TEXT NOT NULL DEFAULT 'outbound' CONSTRAINT interaction_direction_valid
        CHECK (direction IN ('outbound', 'inbound')),
    subject TEXT,
    body TEXT,
    template_id TEXT REFERENCES communication_templates(id) ON DELETE SET NULL,
    occurred_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT interaction_occurred_at_format
        CHECK (occurred_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(occurred_at) IS NOT NULL),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- from 0018_counters.sql
CREATE TABLE notification_counters (
    user_id TEXT NOT NULL,
    type TEXT NOT NULL,
    notifications INTEGER NOT NULL,
    unread INTEGER NOT NULL,
    PRIMARY KEY (user_id, type)
) WITHOUT ROWID;

-- from 0026_digest_counters.sql
CREATE TABLE notification_priority_counters (
    user_id TEXT NOT NULL,
    priority TEXT NOT NULL,
    notifications INTEGER NOT NULL,
    unread INTEGER NOT NULL,
    PRIMARY KEY (user_id, priority)
) WITHOUT ROWID;

-- from 0021_schedule_counters.sql
CREATE TABLE notification_schedule_counters (
    user_id TEXT NOT NULL,
    level INTEGER NOT NULL,
    bucket INTEGER NOT NULL,
    type TEXT NOT NULL,
    notifications INTEGER NOT NULL,
    unread INTEGER NOT NULL,
    PRIMARY KEY (user_id, level, bucket, type)
) WITHOUT ROWID;

-- from 0001_core.sql
CREATE TABLE notification_types (
    type TEXT PRIMARY KEY NOT NULL,
    label TEXT NOT NULL,
    emoji TEXT NOT NULL,
    sort_order INTEGER NOT NULL
);

-- from 0017_notification_times.sql
CREATE TABLE "notifications" (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
    type TEXT CONSTRAINT notification_type_valid CHECK (type IN ('follow_up_reminder', 'deadline_alert',
        'daily_digest', 'inbound_interaction', 'offer', 'event')),
    title TEXT CONSTRAINT notification_title_required CHECK (trim(coalesce(title, '')) <> ''),
    message TEXT NOT NULL DEFAULT '',
    priority TEXT NOT NULL DEFAULT 'normal' CONSTRAINT notification_priority_valid
        CHECK (priority IN ('low', 'normal', 'high')),
    read_at TEXT CONSTRAINT notification_read_at_format
        CHECK (read_at IS NULL OR (read_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*'
            AND julianday(read_at) IS NOT NULL)),
    scheduled_for TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        -- Any form the instant key reads (schema/0014_instants.sql); the text is kept as written.
        CONSTRAINT notification_scheduled_for_format CHECK (
            CASE
                -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
                -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
                WHEN scheduled_for NOT GLOB '*[^0-9.+-]*' AND scheduled_for GLOB '*[0-9]*' AND scheduled_for NOT GLOB '?*[+-]*' AND scheduled_for NOT GLOB '*.*.*'
                THEN CAST(round(CASE WHEN abs(CAST(scheduled_for AS REAL)) < 1e11 THEN CAST(scheduled_for AS REAL) * 1000 ELSE CAST(scheduled_for AS REAL) END)
                          AS INTEGER)
                -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
                -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
                WHEN scheduled_for GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
                THEN CAST(round((julianday(CASE
                         WHEN scheduled_for GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                         THEN upper(substr(scheduled_for, 1, length(scheduled_for) - 2)) || ':' || substr(scheduled_for, -2)
                         WHEN scheduled_for GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(scheduled_for) || ':00'
                         ELSE upper(scheduled_for) END) - 2440587.5) * 86400000) AS INTEGER)
            END
            IS NOT NULL),
    sent_at TEXT,
    email_sent INTEGER CONSTRAINT notification_email_sent_flag CHECK (email_sent IS NULL OR email_sent IN (0, 1)),
    email_sent_at TEXT,
    action_url TEXT,
    related_entity_type TEXT,
    related_entity_id TEXT,
    related_school_id TEXT,
    related_coach_id TEXT,
    related_offer_id TEXT,
    related_event_id TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    metadata TEXT NOT NULL DEFAULT '{}' CONSTRAINT notification_metadata_object CHECK (metadata GLOB '{*}'),
    -- scheduled_for as an instant: Unix milliseconds, kept by the notifications_instant_* triggers.
    scheduled_for_ms INTEGER,
    CONSTRAINT notification_type_required CHECK (type IS NOT NULL)
);

-- from 0026_digest_counters.sql
CREATE TABLE notifications_replaced (
    seq INTEGER PRIMARY KEY,
    user_id TEXT,
    type TEXT,
    read_at TEXT,
    scheduled_for_ms INTEGER,
    title TEXT,
    message TEXT
, priority TEXT);

-- from 0007_outbox.sql
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    idempotency_key TEXT NOT NULL UNIQUE CONSTRAINT outbox_key_required CHECK (trim(idempotency_key) <> ''),
    template_id TEXT,
    template_name TEXT,
    group_id INTEGER NOT NULL,
    group_name TEXT,
    text TEXT NOT NULL CONSTRAINT outbox_text_required CHECK (text <> ''),
    location TEXT,
    status TEXT NOT NULL DEFAULT 'queued'
        CONSTRAINT outbox_status_valid CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0 CONSTRAINT outbox_attempts_nonnegative CHECK (attempts >= 0),
    last_error TEXT,
    due_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    lease_expires_at TEXT,
    fencing_token INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    sent_at TEXT,
    CONSTRAINT outbox_lease_when_sending CHECK ((status = 'sending') = (lease_expires_at IS NOT NULL)),
    CONSTRAINT outbox_sent_at_when_sent CHECK ((status = 'sent') = (sent_at IS NOT NULL))
);

-- from 0007_outbox.sql
CREATE TABLE outbox_fence (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    token INTEGER NOT NULL DEFAULT 0
);

-- from 0004_spec_model.sql
CREATE TABLE "post_templates" (
    name TEXT PRIMARY KEY NOT NULL CONSTRAINT post_template_name_required CHECK (trim(name) <> ''),
    placeholder_title TEXT NOT NULL,
    placeholder_summary TEXT NOT NULL,
    placeholder_body TEXT NOT NULL
);

-- from 0004_spec_model.sql
CREATE TABLE "posts" (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    parent_id INTEGER REFERENCES posts(id) ON DELETE CASCADE CONSTRAINT post_not_own_parent
        CHECK (parent_id IS NULL OR parent_id <> id),
    title TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    image_url TEXT,
    template_name TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    timezone TEXT NOT NULL DEFAULT 'UTC' CONSTRAINT post_timezone_required CHECK (trim(timezone) <> ''),
    location_tag TEXT,
    ai_generated INTEGER NOT NULL DEFAULT 0 CONSTRAINT post_ai_generated_flag CHECK (ai_generated IN (0, 1)),
    author_name TEXT,
    author_email TEXT,
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- from 0008_reports.sql
CREATE TABLE report_runs (
    id INTEGER PRIMARY KEY,
    report TEXT NOT NULL CONSTRAINT report_run_report_required CHECK (trim(report) <> ''),
    ran_at TEXT NOT NULL CONSTRAINT report_run_ran_at_format
        CHECK (ran_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(ran_at) IS NOT NULL),
    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
    summary TEXT NOT NULL DEFAULT ''
);

-- from 0001_core.sql
CREATE TABLE routes (
    id INTEGER PRIMARY KEY,
    pattern TEXT NOT NULL UNIQUE CONSTRAINT route_pattern_required CHECK (trim(pattern) <> '')
        CONSTRAINT route_pattern_format CHECK ((pattern GLOB '/*' OR pattern GLOB '*://*')
            AND pattern NOT GLOB '*["\' || char(1) || '-' || char(31) || ']*'),
    screen TEXT NOT NULL CONSTRAINT route_screen_required CHECK (trim(screen) <> '')
        CONSTRAINT route_screen_format CHECK (screen NOT GLOB '*["\' || char(1) || '-' || char(31) || ']*'),
    sort_order INTEGER NOT NULL DEFAULT 0
);

-- from 0018_counters.sql
CREATE TABLE social_media_post_counters (
    user_id TEXT NOT NULL,
    platform TEXT NOT NULL,
    posts INTEGER NOT NULL,
    flagged INTEGER NOT NULL,
    PRIMARY KEY (user_id, platform)
) WITHOUT ROWID;

-- from 0026_digest_counters.sql
CREATE TABLE social_media_post_sentiment_counters (
    user_id TEXT NOT NULL,
    sentiment TEXT NOT NULL,
    posts INTEGER NOT NULL,
    PRIMARY KEY (user_id, sentiment)
) WITHOUT ROWID;

-- from 0016_spec_gaps.sql
CREATE TABLE "social_media_posts" (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    coach_id TEXT,
    school_id TEXT,
    platform TEXT CONSTRAINT social_platform_valid CHECK (platform IN ('twitter', 'instagram')),
    post_url TEXT NOT NULL CONSTRAINT social_post_url_required CHECK (trim(post_url) <> ''),
    post_content TEXT NOT NULL DEFAULT '',
    post_date TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        -- Any form the instant key reads (schema/0014_instants.sql); the text is kept as written.
        CONSTRAINT social_post_date_format CHECK (
            CASE
                -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
                -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
                WHEN post_date NOT GLOB '*[^0-9.+-]*' AND post_date GLOB '*[0-9]*' AND post_date NOT GLOB '?*[+-]*' AND post_date NOT GLOB '*.*.*'
                THEN CAST(round(CASE WHEN abs(CAST(post_date AS REAL)) < 1e11 THEN CAST(post_date AS REAL) * 1000 ELSE CAST(post_date AS REAL) END)
                          AS INTEGER)
                -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
                -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
                WHEN post_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
                THEN CAST(round((julianday(CASE
                         WHEN post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                         THEN upper(substr(post_date, 1, length(post_date) - 2)) || ':' || substr(post_date, -2)
                         WHEN post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(post_date) || ':00'
                         ELSE upper(post_date) END) - 2440587.5) * 86400000) AS INTEGER)
            END
            IS NOT NULL),
    author_handle TEXT NOT NULL CONSTRAINT social_author_handle_required CHECK (author_handle IS NOT NULL),
    author_name TEXT NOT NULL CONSTRAINT social_author_name_required CHECK (author_name IS NOT NULL),
    author_avatar_url TEXT,
    media_urls TEXT NOT NULL DEFAULT '[]' CONSTRAINT social_media_urls_array CHECK (media_urls GLOB '[[]*]'),
    likes_count INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_likes_nonnegative CHECK (likes_count >= 0),
    shares_count INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_shares_nonnegative CHECK (shares_count >= 0),
    replies_count INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_replies_nonnegative CHECK (replies_count >= 0),
    is_recruiting_related INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_recruiting_flag
        CHECK (is_recruiting_related IN (0, 1)),
    flagged_for_review INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_flagged_flag
        CHECK (flagged_for_review IN (0, 1)),
    sentiment TEXT CONSTRAINT social_sentiment_valid
        CHECK (sentiment IS NULL OR sentiment IN ('very_positive', 'positive', 'neutral', 'negative')),
    notes TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT social_created_at_format
        CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(created_at) IS NOT NULL),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT social_updated_at_format
        CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(updated_at) IS NOT NULL),
    search_tags TEXT,
    -- post_date as an instant: Unix milliseconds, kept by the social_media_posts_instant_* triggers.
    post_date_ms INTEGER, sentiment_guess TEXT CONSTRAINT social_sentiment_guess_valid
    CHECK (sentiment_guess IS NULL OR sentiment_guess IN ('very_positive', 'positive', 'neutral', 'negative')),
    CONSTRAINT social_platform_required CHECK (platform IS NOT NULL),
    -- One post per URL in each user's feed (spec 001 deduplicates a feed, not the database).
    CONSTRAINT social_post_url_per_user UNIQUE (user_id, post_url)
);

-- from 0026_digest_counters.sql
CREATE TABLE social_media_posts_replaced (
    seq INTEGER PRIMARY KEY,
    user_id TEXT,
    platform TEXT,
    flagged_for_review INTEGER,
    post_content TEXT,
    author_name TEXT,
    author_handle TEXT,
    search_tags TEXT
, sentiment TEXT);

-- from 0027_search_chunks.sql
CREATE TABLE social_post_chunk_counters (
    id INTEGER PRIMARY KEY,
    chunk TEXT NOT NULL UNIQUE,
    posts INTEGER NOT NULL
);

-- from 0008_reports.sql
CREATE TABLE template_partials (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL CONSTRAINT template_partial_name_valid
        CHECK (name <> '' AND instr(name, ' ') = 0 AND instr(name, char(9)) = 0 AND instr(name, char(10)) = 0
            AND instr(name, char(13)) = 0 AND length(name) <= 64),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (user_id, name)
);

-- from 0001_core.sql
CREATE TABLE template_variables (
    name TEXT PRIMARY KEY NOT NULL CONSTRAINT template_variable_name_valid
        CHECK (name <> '' AND name NOT GLOB '*[^a-z0-9_]*'),
    description TEXT NOT NULL,
    source TEXT NOT NULL,
    example TEXT,
    sort_order INTEGER NOT NULL DEFAULT 0
);

-- from 0004_spec_model.sql
CREATE TABLE tg_groups (
    id INTEGER PRIMARY KEY NOT NULL,
    title TEXT CONSTRAINT tg_group_title_required CHECK (trim(coalesce(title, '')) <> ''),
    member_count INTEGER NOT NULL DEFAULT 0 CONSTRAINT tg_group_member_count_nonnegative
        CHECK (member_count >= 0)
, sort_order INTEGER NOT NULL DEFAULT 0);

-- from 0001_core.sql
CREATE TABLE tg_icons (
    name TEXT PRIMARY KEY NOT NULL CONSTRAINT tg_icon_name_required CHECK (trim(name) <> ''),
    sort_order INTEGER NOT NULL DEFAULT 0
);

-- from 0016_spec_gaps.sql
CREATE TABLE "tg_templates" (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    name TEXT CONSTRAINT tg_template_name_required CHECK (coalesce(name, '') <> ''),
    icon TEXT NOT NULL DEFAULT 'paperplane.fill' CONSTRAINT tg_template_icon_required CHECK (trim(icon) <> ''),
    message_text TEXT CONSTRAINT tg_template_message_required CHECK (coalesce(message_text, '') <> ''),
    target_group_id INTEGER,
    target_group_name TEXT,
    include_location INTEGER NOT NULL DEFAULT 0 CONSTRAINT tg_template_location_flag
        CHECK (include_location IN (0, 1)),
    sort_order INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- ================================================================================================
-- Indexes: by table, in the order above, then by name.

-- from 0001_core.sql
CREATE INDEX coaches_by_school ON coaches(school_id);

-- from 0001_core.sql
CREATE INDEX coaches_by_user ON coaches(user_id, name);

-- from 0001_core.sql
CREATE INDEX communication_templates_by_user ON communication_templates(user_id, type, updated_at);

-- from 0001_core.sql
CREATE INDEX interactions_by_coach ON interactions(user_id, coach_id, direction, occurred_at);

-- from 0004_spec_model.sql
CREATE INDEX notifications_by_coach ON notifications(related_coach_id, type);

-- from 0010_count_indexes.sql
CREATE INDEX notifications_counts ON notifications(user_id, type, read_at);

-- from 0014_instants.sql
CREATE INDEX notifications_inbox ON notifications(user_id, scheduled_for_ms, id);

-- from 0019_newest_first_indexes.sql
CREATE INDEX notifications_newest ON notifications(scheduled_for_ms);

-- from 0007_outbox.sql
CREATE INDEX outbox_by_status ON outbox(status, id);

-- from 0007_outbox.sql
CREATE INDEX outbox_by_template ON outbox(template_id, created_at);

-- from 0007_outbox.sql
CREATE INDEX outbox_due ON outbox(due_at, id) WHERE status IN ('queued', 'sending');

-- from 0001_core.sql
CREATE INDEX posts_by_parent ON posts(parent_id);

-- from 0004_spec_model.sql
CREATE INDEX posts_by_template ON posts(template_name);

-- from 0008_reports.sql
CREATE INDEX report_runs_latest ON report_runs(report, user_id, ran_at);

-- from 0014_instants.sql
CREATE INDEX social_media_posts_authors ON social_media_posts(user_id, school_id, coach_id,
    author_handle, author_name, post_date, post_date_ms);

-- from 0010_count_indexes.sql
CREATE INDEX social_media_posts_counts ON social_media_posts(user_id, platform, flagged_for_review);

-- from 0014_instants.sql
CREATE INDEX social_media_posts_days ON social_media_posts(user_id,
    coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')), post_date, post_date_ms,
    platform, sentiment, is_recruiting_related, flagged_for_review);

-- from 0004_spec_model.sql
CREATE INDEX social_media_posts_feed ON social_media_posts(user_id, post_date, seq);

-- from 0023_inbox_trigrams_and_feed_filters.sql
CREATE INDEX social_media_posts_flagged ON social_media_posts(flagged_for_review, post_date_ms);

-- from 0014_instants.sql
CREATE INDEX social_media_posts_instants ON social_media_posts(user_id, post_date_ms, id);

-- from 0019_newest_first_indexes.sql
CREATE INDEX social_media_posts_newest ON social_media_posts(post_date_ms);

-- from 0023_inbox_trigrams_and_feed_filters.sql
CREATE INDEX social_media_posts_sentiment ON social_media_posts(sentiment, post_date_ms);

-- from 0027_search_chunks.sql
CREATE INDEX social_post_chunk_counters_unheld ON social_post_chunk_counters (posts) WHERE posts <= 0;

-- from 0001_core.sql
CREATE INDEX tg_templates_order ON tg_templates(sort_order, created_at);

-- ================================================================================================
-- Triggers: by table, in the order above, then by name.

-- from 0001_core.sql
CREATE TRIGGER schools_updated_at AFTER UPDATE OF id, name, city, state, division,
    conference, twitter_handle, instagram_handle, website
ON schools WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE schools SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;

-- from 0001_core.sql
CREATE TRIGGER users_updated_at AFTER UPDATE OF id, name, email, sport, graduation_year
ON users WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE users SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;

-- from 0011_user_references.sql
CREATE TRIGGER coaches_own_interactions BEFORE UPDATE OF user_id ON coaches
WHEN EXISTS (SELECT 1 FROM interactions WHERE coach_id = OLD.id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.coach_id names another user''s coach');
END;

-- from 0001_core.sql
CREATE TRIGGER coaches_updated_at AFTER UPDATE OF id, user_id, school_id, name, title,
    email, phone, twitter_handle, instagram_handle
ON coaches WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE coaches SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;

-- from 0018_counters.sql
CREATE TRIGGER communication_template_counters_delete AFTER DELETE ON communication_templates BEGIN
    DELETE FROM communication_template_counters
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '') AND templates = 1;
    UPDATE communication_template_counters SET templates = templates - 1
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '');
END;

-- from 0018_counters.sql
CREATE TRIGGER communication_template_counters_insert AFTER INSERT ON communication_templates BEGIN
    INSERT INTO communication_template_counters (user_id, type, templates)
    VALUES (NEW.user_id, coalesce(NEW.type, ''), 1)
    ON CONFLICT (user_id, type) DO UPDATE SET templates = templates + 1;
END;

-- from 0018_counters.sql
CREATE TRIGGER communication_template_counters_move AFTER UPDATE OF user_id, type ON communication_templates
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.type IS NOT NEW.type BEGIN
    INSERT INTO communication_template_counters (user_id, type, templates)
    VALUES (NEW.user_id, coalesce(NEW.type, ''), 1)
    ON CONFLICT (user_id, type) DO UPDATE SET templates = templates + 1;
    DELETE FROM communication_template_counters
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '') AND templates = 1;
    UPDATE communication_template_counters SET templates = templates - 1
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '');
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER communication_template_counters_replaced_insert AFTER INSERT ON communication_templates
WHEN EXISTS (SELECT 1 FROM communication_templates_replaced) BEGIN
    INSERT INTO communication_template_counters (user_id, type, templates)
    SELECT r.user_id, coalesce(r.type, ''), -count(*) FROM communication_templates_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM communication_templates AS t WHERE t.seq = r.seq)
    GROUP BY 1, 2
    ON CONFLICT (user_id, type) DO UPDATE SET templates = templates + excluded.templates;
    DELETE FROM communication_template_counters
    WHERE templates = 0 AND (user_id, type) IN (SELECT r.user_id, coalesce(r.type, '') FROM communication_templates_replaced AS r);
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER communication_template_counters_replaced_update AFTER UPDATE OF seq, id ON communication_templates
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO communication_template_counters (user_id, type, templates)
    SELECT r.user_id, coalesce(r.type, ''), -count(*) FROM communication_templates_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM communication_templates AS t WHERE t.seq = r.seq)
    GROUP BY 1, 2
    ON CONFLICT (user_id, type) DO UPDATE SET templates = templates + excluded.templates;
    DELETE FROM communication_template_counters
    WHERE templates = 0 AND (user_id, type) IN (SELECT r.user_id, coalesce(r.type, '') FROM communication_templates_replaced AS r);
END;

-- from 0011_user_references.sql
CREATE TRIGGER communication_templates_own_interactions BEFORE UPDATE OF user_id ON communication_templates
WHEN EXISTS (SELECT 1 FROM interactions WHERE template_id = OLD.id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.template_id names another user''s template');
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER communication_templates_replaced_delete AFTER DELETE ON communication_templates BEGIN
    DELETE FROM communication_templates_replaced WHERE seq = OLD.seq;
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER communication_templates_replaced_insert BEFORE INSERT ON communication_templates
WHEN EXISTS (SELECT 1 FROM communication_templates WHERE seq = NEW.seq)
     OR EXISTS (SELECT 1 FROM communication_templates WHERE id = NEW.id) OR EXISTS (SELECT 1 FROM communication_templates_replaced) BEGIN
    DELETE FROM communication_templates_replaced;
    INSERT INTO communication_templates_replaced (seq, user_id, type, name, body)
    SELECT seq, user_id, type, name, body FROM communication_templates WHERE seq = NEW.seq OR id = NEW.id;
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER communication_templates_replaced_update BEFORE UPDATE OF seq, id ON communication_templates
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    DELETE FROM communication_templates_replaced;
    INSERT INTO communication_templates_replaced (seq, user_id, type, name, body)
    SELECT seq, user_id, type, name, body FROM communication_templates
    WHERE seq <> OLD.seq AND (seq = NEW.seq OR id = NEW.id);
END;

-- from 0004_spec_model.sql
CREATE TRIGGER communication_templates_updated_at AFTER UPDATE OF id, user_id, name, type, body, variables
ON communication_templates WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE communication_templates SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE seq = NEW.seq;
END;

-- from 0004_spec_model.sql
CREATE TRIGGER interactions_inbound_notification AFTER INSERT ON interactions
WHEN NEW.direction = 'inbound' BEGIN
    INSERT INTO notifications (user_id, type, title, message, priority, action_url, scheduled_for,
        related_entity_type, related_entity_id, related_coach_id, related_school_id)
    VALUES (
        NEW.user_id,
        'inbound_interaction',
        'New ' || CASE NEW.channel WHEN 'email' THEN 'email' WHEN 'text' THEN 'text'
            WHEN 'phone' THEN 'call' ELSE 'message' END
            || ' from ' || coalesce((SELECT name FROM coaches WHERE id = NEW.coach_id), 'a coach'),
        coalesce(nullif(trim(NEW.subject), ''), substr(coalesce(NEW.body, ''), 1, 140)),
        'high',
        CASE WHEN NEW.coach_id IS NOT NULL THEN '/coaches?highlight=' || NEW.coach_id END,
        NEW.occurred_at,
        CASE WHEN NEW.coach_id IS NOT NULL THEN 'coach' END,
        NEW.coach_id,
        NEW.coach_id,
        coalesce(NEW.school_id, (SELECT school_id FROM coaches WHERE id = NEW.coach_id)));
END;

-- from 0011_user_references.sql
CREATE TRIGGER interactions_own_coach_insert BEFORE INSERT ON interactions
WHEN EXISTS (SELECT 1 FROM coaches WHERE id = NEW.coach_id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.coach_id names another user''s coach');
END;

-- from 0011_user_references.sql
CREATE TRIGGER interactions_own_coach_update BEFORE UPDATE OF user_id, coach_id ON interactions
WHEN EXISTS (SELECT 1 FROM coaches WHERE id = NEW.coach_id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.coach_id names another user''s coach');
END;

-- from 0011_user_references.sql
CREATE TRIGGER interactions_own_template_insert BEFORE INSERT ON interactions
WHEN EXISTS (SELECT 1 FROM communication_templates WHERE id = NEW.template_id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.template_id names another user''s template');
END;

-- from 0011_user_references.sql
CREATE TRIGGER interactions_own_template_update BEFORE UPDATE OF user_id, template_id ON interactions
WHEN EXISTS (SELECT 1 FROM communication_templates WHERE id = NEW.template_id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.template_id names another user''s template');
END;

-- from 0018_counters.sql
CREATE TRIGGER notification_counters_delete AFTER DELETE ON notifications WHEN OLD.user_id IS NOT NULL BEGIN
    DELETE FROM notification_counters
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '') AND notifications = 1;
    UPDATE notification_counters SET notifications = notifications - 1, unread = unread - (OLD.read_at IS NULL)
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '');
END;

-- from 0018_counters.sql
CREATE TRIGGER notification_counters_insert AFTER INSERT ON notifications WHEN NEW.user_id IS NOT NULL BEGIN
    INSERT INTO notification_counters (user_id, type, notifications, unread)
    VALUES (NEW.user_id, coalesce(NEW.type, ''), 1, NEW.read_at IS NULL)
    ON CONFLICT (user_id, type) DO UPDATE SET notifications = notifications + 1, unread = unread + excluded.unread;
END;

-- from 0018_counters.sql
CREATE TRIGGER notification_counters_move AFTER UPDATE OF user_id, type ON notifications
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.type IS NOT NEW.type BEGIN
    INSERT INTO notification_counters (user_id, type, notifications, unread)
    SELECT NEW.user_id, coalesce(NEW.type, ''), 1, NEW.read_at IS NULL WHERE NEW.user_id IS NOT NULL
    ON CONFLICT (user_id, type) DO UPDATE SET notifications = notifications + 1, unread = unread + excluded.unread;
    DELETE FROM notification_counters
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '') AND notifications = 1;
    UPDATE notification_counters SET notifications = notifications - 1, unread = unread - (OLD.read_at IS NULL)
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '');
END;

-- from 0018_counters.sql
CREATE TRIGGER notification_counters_read AFTER UPDATE OF read_at ON notifications
WHEN OLD.user_id IS NEW.user_id AND OLD.type IS NEW.type AND (OLD.read_at IS NULL) <> (NEW.read_at IS NULL) BEGIN
    UPDATE notification_counters SET unread = unread + (NEW.read_at IS NULL) - (OLD.read_at IS NULL)
    WHERE user_id = NEW.user_id AND type = coalesce(NEW.type, '');
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER notification_counters_replaced_insert AFTER INSERT ON notifications
WHEN EXISTS (SELECT 1 FROM notifications_replaced) BEGIN
    INSERT INTO notification_counters (user_id, type, notifications, unread)
    SELECT r.user_id, coalesce(r.type, ''), -count(*), -count(CASE WHEN r.read_at IS NULL THEN 1 END)
    FROM notifications_replaced AS r
    WHERE r.user_id IS NOT NULL AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq))
    GROUP BY 1, 2
    ON CONFLICT (user_id, type) DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    DELETE FROM notification_counters
    WHERE notifications = 0 AND (user_id, type) IN (SELECT r.user_id, coalesce(r.type, '') FROM notifications_replaced AS r);
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER notification_counters_replaced_update AFTER UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO notification_counters (user_id, type, notifications, unread)
    SELECT r.user_id, coalesce(r.type, ''), -count(*), -count(CASE WHEN r.read_at IS NULL THEN 1 END)
    FROM notifications_replaced AS r
    WHERE r.user_id IS NOT NULL AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq))
    GROUP BY 1, 2
    ON CONFLICT (user_id, type) DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    DELETE FROM notification_counters
    WHERE notifications = 0 AND (user_id, type) IN (SELECT r.user_id, coalesce(r.type, '') FROM notifications_replaced AS r);
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER notification_priority_counters_delete AFTER DELETE ON notifications WHEN OLD.user_id IS NOT NULL BEGIN
    DELETE FROM notification_priority_counters
    WHERE user_id = OLD.user_id AND priority = OLD.priority AND notifications = 1;
    UPDATE notification_priority_counters SET notifications = notifications - 1, unread = unread - (OLD.read_at IS NULL)
    WHERE user_id = OLD.user_id AND priority = OLD.priority;
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER notification_priority_counters_insert AFTER INSERT ON notifications WHEN NEW.user_id IS NOT NULL BEGIN
    INSERT INTO notification_priority_counters (user_id, priority, notifications, unread)
    VALUES (NEW.user_id, NEW.priority, 1, NEW.read_at IS NULL)
    ON CONFLICT (user_id, priority) DO UPDATE SET notifications = notifications + 1, unread = unread + excluded.unread;
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER notification_priority_counters_move AFTER UPDATE OF user_id, priority ON notifications
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.priority IS NOT NEW.priority BEGIN
    INSERT INTO notification_priority_counters (user_id, priority, notifications, unread)
    SELECT NEW.user_id, NEW.priority, 1, NEW.read_at IS NULL WHERE NEW.user_id IS NOT NULL
    ON CONFLICT (user_id, priority) DO UPDATE SET notifications = notifications + 1, unread = unread + excluded.unread;
    DELETE FROM notification_priority_counters
    WHERE user_id = OLD.user_id AND priority = OLD.priority AND notifications = 1;
    UPDATE notification_priority_counters SET notifications = notifications - 1, unread = unread - (OLD.read_at IS NULL)
    WHERE user_id = OLD.user_id AND priority = OLD.priority;
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER notification_priority_counters_read AFTER UPDATE OF read_at ON notifications
WHEN OLD.user_id IS NEW.user_id AND OLD.priority IS NEW.priority AND (OLD.read_at IS NULL) <> (NEW.read_at IS NULL) BEGIN
    UPDATE notification_priority_counters SET unread = unread + (NEW.read_at IS NULL) - (OLD.read_at IS NULL)
    WHERE user_id = NEW.user_id AND priority = NEW.priority;
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER notification_priority_counters_replaced_insert AFTER INSERT ON notifications
WHEN EXISTS (SELECT 1 FROM notifications_replaced) BEGIN
    INSERT INTO notification_priority_counters (user_id, priority, notifications, unread)
    SELECT r.user_id, r.priority, -count(*), -count(CASE WHEN r.read_at IS NULL THEN 1 END)
    FROM notifications_replaced AS r
    WHERE r.user_id IS NOT NULL AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq))
    GROUP BY 1, 2
    ON CONFLICT (user_id, priority) DO UPDATE SET notifications = notifications + excluded.notifications,
                                                  unread = unread + excluded.unread;
    DELETE FROM notification_priority_counters
    WHERE notifications = 0 AND (user_id, priority) IN (SELECT r.user_id, r.priority FROM notifications_replaced AS r);
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER notification_priority_counters_replaced_update AFTER UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO notification_priority_counters (user_id, priority, notifications, unread)
    SELECT r.user_id, r.priority, -count(*), -count(CASE WHEN r.read_at IS NULL THEN 1 END)
    FROM notifications_replaced AS r
    WHERE r.user_id IS NOT NULL AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq))
    GROUP BY 1, 2
    ON CONFLICT (user_id, priority) DO UPDATE SET notifications = notifications + excluded.notifications,
                                                  unread = unread + excluded.unread;
    DELETE FROM notification_priority_counters
    WHERE notifications = 0 AND (user_id, priority) IN (SELECT r.user_id, r.priority FROM notifications_replaced AS r);
END;

-- from 0021_schedule_counters.sql
CREATE TRIGGER notification_schedule_counters_delete AFTER DELETE ON notifications
WHEN OLD.user_id IS NOT NULL AND OLD.scheduled_for_ms IS NOT NULL BEGIN
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT OLD.user_id, l.column1, (OLD.scheduled_for_ms / 1000 + (OLD.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(OLD.type, ''), -1, -(OLD.read_at IS NULL)
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l WHERE true
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    DELETE FROM notification_schedule_counters
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '') AND notifications = 0 AND unread = 0
      AND (level, bucket) IN (SELECT l.column1, (OLD.scheduled_for_ms / 1000 + (OLD.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1)
                              FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l);
END;

-- from 0021_schedule_counters.sql
CREATE TRIGGER notification_schedule_counters_insert AFTER INSERT ON notifications
WHEN NEW.user_id IS NOT NULL AND NEW.scheduled_for_ms IS NOT NULL BEGIN
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT NEW.user_id, l.column1, (NEW.scheduled_for_ms / 1000 + (NEW.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(NEW.type, ''), 1, NEW.read_at IS NULL
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l WHERE true
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
END;

-- from 0021_schedule_counters.sql
CREATE TRIGGER notification_schedule_counters_move AFTER UPDATE OF user_id, type, scheduled_for_ms ON notifications
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.type IS NOT NEW.type OR OLD.scheduled_for_ms IS NOT NEW.scheduled_for_ms BEGIN
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT NEW.user_id, l.column1, (NEW.scheduled_for_ms / 1000 + (NEW.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(NEW.type, ''), 1, NEW.read_at IS NULL
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l WHERE NEW.user_id IS NOT NULL AND NEW.scheduled_for_ms IS NOT NULL
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT OLD.user_id, l.column1, (OLD.scheduled_for_ms / 1000 + (OLD.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(OLD.type, ''), -1, -(OLD.read_at IS NULL)
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l WHERE OLD.user_id IS NOT NULL AND OLD.scheduled_for_ms IS NOT NULL
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    DELETE FROM notification_schedule_counters
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '') AND notifications = 0 AND unread = 0
      AND (level, bucket) IN (SELECT l.column1, (OLD.scheduled_for_ms / 1000 + (OLD.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1)
                              FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l WHERE OLD.scheduled_for_ms IS NOT NULL);
END;

-- from 0021_schedule_counters.sql
CREATE TRIGGER notification_schedule_counters_read AFTER UPDATE OF read_at ON notifications
WHEN NEW.user_id IS NOT NULL AND NEW.scheduled_for_ms IS NOT NULL AND OLD.user_id IS NEW.user_id AND OLD.type IS NEW.type
     AND OLD.scheduled_for_ms IS NEW.scheduled_for_ms AND (OLD.read_at IS NULL) <> (NEW.read_at IS NULL) BEGIN
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT NEW.user_id, l.column1, (NEW.scheduled_for_ms / 1000 + (NEW.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(NEW.type, ''), 0, (NEW.read_at IS NULL) - (OLD.read_at IS NULL)
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l WHERE true
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER notification_schedule_counters_replaced_insert AFTER INSERT ON notifications
WHEN EXISTS (SELECT 1 FROM notifications_replaced) BEGIN
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT r.user_id, l.column1, (r.scheduled_for_ms / 1000 + (r.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(r.type, ''), -count(*), -count(CASE WHEN r.read_at IS NULL THEN 1 END)
    FROM notifications_replaced AS r, (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l
    WHERE r.user_id IS NOT NULL AND r.scheduled_for_ms IS NOT NULL
      AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq))
    GROUP BY 1, 2, 3, 4
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    DELETE FROM notification_schedule_counters
    WHERE notifications = 0 AND unread = 0
      AND (user_id, level, bucket, type) IN (
          SELECT r.user_id, l.column1, (r.scheduled_for_ms / 1000 + (r.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
                 coalesce(r.type, '')
          FROM notifications_replaced AS r, (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l
          WHERE r.scheduled_for_ms IS NOT NULL);
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER notification_schedule_counters_replaced_update AFTER UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT r.user_id, l.column1, (r.scheduled_for_ms / 1000 + (r.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(r.type, ''), -count(*), -count(CASE WHEN r.read_at IS NULL THEN 1 END)
    FROM notifications_replaced AS r, (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l
    WHERE r.user_id IS NOT NULL AND r.scheduled_for_ms IS NOT NULL
      AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq))
    GROUP BY 1, 2, 3, 4
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    DELETE FROM notification_schedule_counters
    WHERE notifications = 0 AND unread = 0
      AND (user_id, level, bucket, type) IN (
          SELECT r.user_id, l.column1, (r.scheduled_for_ms / 1000 + (r.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
                 coalesce(r.type, '')
          FROM notifications_replaced AS r, (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l
          WHERE r.scheduled_for_ms IS NOT NULL);
END;

-- from 0014_instants.sql
CREATE TRIGGER notifications_instant_insert AFTER INSERT ON notifications BEGIN
    UPDATE notifications SET scheduled_for_ms =
        CASE
            -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
            -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
            WHEN NEW.scheduled_for NOT GLOB '*[^0-9.+-]*' AND NEW.scheduled_for GLOB '*[0-9]*' AND NEW.scheduled_for NOT GLOB '?*[+-]*' AND NEW.scheduled_for NOT GLOB '*.*.*'
            THEN CAST(round(CASE WHEN abs(CAST(NEW.scheduled_for AS REAL)) < 1e11 THEN CAST(NEW.scheduled_for AS REAL) * 1000 ELSE CAST(NEW.scheduled_for AS REAL) END)
                      AS INTEGER)
            -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
            -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
            WHEN NEW.scheduled_for GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
            THEN CAST(round((julianday(CASE
                     WHEN NEW.scheduled_for GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                     THEN upper(substr(NEW.scheduled_for, 1, length(NEW.scheduled_for) - 2)) || ':' || substr(NEW.scheduled_for, -2)
                     WHEN NEW.scheduled_for GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(NEW.scheduled_for) || ':00'
                     ELSE upper(NEW.scheduled_for) END) - 2440587.5) * 86400000) AS INTEGER)
        END
    WHERE seq = NEW.seq;
END;

-- from 0014_instants.sql
CREATE TRIGGER notifications_instant_update AFTER UPDATE OF scheduled_for ON notifications BEGIN
    UPDATE notifications SET scheduled_for_ms =
        CASE
            -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
            -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
            WHEN NEW.scheduled_for NOT GLOB '*[^0-9.+-]*' AND NEW.scheduled_for GLOB '*[0-9]*' AND NEW.scheduled_for NOT GLOB '?*[+-]*' AND NEW.scheduled_for NOT GLOB '*.*.*'
            THEN CAST(round(CASE WHEN abs(CAST(NEW.scheduled_for AS REAL)) < 1e11 THEN CAST(NEW.scheduled_for AS REAL) * 1000 ELSE CAST(NEW.scheduled_for AS REAL) END)
                      AS INTEGER)
            -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
            -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
            WHEN NEW.scheduled_for GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
            THEN CAST(round((julianday(CASE
                     WHEN NEW.scheduled_for GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                     THEN upper(substr(NEW.scheduled_for, 1, length(NEW.scheduled_for) - 2)) || ':' || substr(NEW.scheduled_for, -2)
                     WHEN NEW.scheduled_for GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(NEW.scheduled_for) || ':00'
                     ELSE upper(NEW.scheduled_for) END) - 2440587.5) * 86400000) AS INTEGER)
        END
    WHERE seq = NEW.seq;
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER notifications_replaced_delete AFTER DELETE ON notifications BEGIN
    DELETE FROM notifications_replaced WHERE seq = OLD.seq;
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER notifications_replaced_insert BEFORE INSERT ON notifications
WHEN EXISTS (SELECT 1 FROM notifications WHERE seq = NEW.seq) OR EXISTS (SELECT 1 FROM notifications WHERE id = NEW.id)
     OR EXISTS (SELECT 1 FROM notifications_replaced) BEGIN
    DELETE FROM notifications_replaced;
    INSERT INTO notifications_replaced (seq, user_id, type, read_at, scheduled_for_ms, title, message, priority)
    SELECT seq, user_id, type, read_at, scheduled_for_ms, title, message, priority
    FROM notifications WHERE seq = NEW.seq OR id = NEW.id;
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER notifications_replaced_update BEFORE UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    DELETE FROM notifications_replaced;
    INSERT INTO notifications_replaced (seq, user_id, type, read_at, scheduled_for_ms, title, message, priority)
    SELECT seq, user_id, type, read_at, scheduled_for_ms, title, message, priority
    FROM notifications WHERE seq <> OLD.seq AND (seq = NEW.seq OR id = NEW.id);
END;

-- from 0025_unused_search_indexes.sql
CREATE TRIGGER notifications_trigram_delete AFTER DELETE ON notifications BEGIN
    INSERT INTO [notifications_trigram] (notifications_trigram, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
END;

-- from 0025_unused_search_indexes.sql
CREATE TRIGGER notifications_trigram_insert AFTER INSERT ON notifications BEGIN
    INSERT INTO [notifications_trigram] (notifications_trigram, rowid, title, message)
    SELECT 'delete', r.seq, r.title, r.message FROM notifications_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq);
    INSERT INTO [notifications_trigram] (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

-- from 0025_unused_search_indexes.sql
CREATE TRIGGER notifications_trigram_replaced AFTER UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO [notifications_trigram] (notifications_trigram, rowid, title, message)
    SELECT 'delete', r.seq, r.title, r.message FROM notifications_replaced AS r
    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq);
END;

-- from 0025_unused_search_indexes.sql
CREATE TRIGGER notifications_trigram_update AFTER UPDATE OF seq, title, message ON notifications BEGIN
    INSERT INTO [notifications_trigram] (notifications_trigram, rowid, title, message)
    SELECT 'delete', r.seq, r.title, r.message FROM notifications_replaced AS r
    WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq;
    INSERT INTO [notifications_trigram] (notifications_trigram, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
    INSERT INTO [notifications_trigram] (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

-- from 0004_spec_model.sql
CREATE TRIGGER notifications_updated_at AFTER UPDATE OF id, user_id, type, title, message, priority, read_at,
    scheduled_for, sent_at, email_sent, email_sent_at, action_url, related_entity_type, related_entity_id,
    related_school_id, related_coach_id, related_offer_id, related_event_id, metadata
ON notifications WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE notifications SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE seq = NEW.seq;
END;

-- from 0008_reports.sql
CREATE TRIGGER report_notification_records_run AFTER INSERT ON notifications
FOR EACH ROW WHEN NEW.related_entity_type = 'report' AND NEW.related_entity_id IS NOT NULL
BEGIN
    INSERT INTO report_runs (report, ran_at, user_id, summary)
    VALUES (NEW.related_entity_id, NEW.created_at, NEW.user_id, NEW.message);
END;

-- from 0007_outbox.sql
CREATE TRIGGER outbox_updated_at AFTER UPDATE OF idempotency_key, template_id, template_name, group_id,
    group_name, text, location, status, attempts, last_error, due_at, lease_expires_at, fencing_token, sent_at
ON outbox WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE outbox SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER outbox_fence_only_grows_delete BEFORE DELETE ON outbox_fence BEGIN
    SELECT RAISE(ABORT, 'outbox_fence is never deleted (it fences deliveries)');
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER outbox_fence_only_grows_insert BEFORE INSERT ON outbox_fence
WHEN NEW.token < (SELECT max(token) FROM outbox_fence) BEGIN
    SELECT RAISE(ABORT, 'outbox_fence.token only grows (it fences deliveries); it is left as it is');
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER outbox_fence_only_grows_update BEFORE UPDATE OF token ON outbox_fence WHEN NEW.token < OLD.token BEGIN
    SELECT RAISE(ABORT, 'outbox_fence.token only grows (it fences deliveries); it is left as it is');
END;

-- from 0004_spec_model.sql
CREATE TRIGGER posts_updated_at AFTER UPDATE OF id, user_id, parent_id, title, summary, body, image_url,
    template_name, created_at, timezone, location_tag, ai_generated, author_name, author_email
ON posts WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE posts SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;

-- from 0018_counters.sql
CREATE TRIGGER social_media_post_counters_delete AFTER DELETE ON social_media_posts BEGIN
    DELETE FROM social_media_post_counters
    WHERE user_id = OLD.user_id AND platform = coalesce(OLD.platform, '') AND posts = 1;
    UPDATE social_media_post_counters SET posts = posts - 1, flagged = flagged - (OLD.flagged_for_review IS 1)
    WHERE user_id = OLD.user_id AND platform = coalesce(OLD.platform, '');
END;

-- from 0018_counters.sql
CREATE TRIGGER social_media_post_counters_flag AFTER UPDATE OF flagged_for_review ON social_media_posts
WHEN OLD.user_id IS NEW.user_id AND OLD.platform IS NEW.platform
     AND (OLD.flagged_for_review IS 1) <> (NEW.flagged_for_review IS 1) BEGIN
    UPDATE social_media_post_counters SET flagged = flagged + (NEW.flagged_for_review IS 1) - (OLD.flagged_for_review IS 1)
    WHERE user_id = NEW.user_id AND platform = coalesce(NEW.platform, '');
END;

-- from 0018_counters.sql
CREATE TRIGGER social_media_post_counters_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO social_media_post_counters (user_id, platform, posts, flagged)
    VALUES (NEW.user_id, coalesce(NEW.platform, ''), 1, NEW.flagged_for_review IS 1)
    ON CONFLICT (user_id, platform) DO UPDATE SET posts = posts + 1, flagged = flagged + excluded.flagged;
END;

-- from 0018_counters.sql
CREATE TRIGGER social_media_post_counters_move AFTER UPDATE OF user_id, platform ON social_media_posts
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.platform IS NOT NEW.platform BEGIN
    INSERT INTO social_media_post_counters (user_id, platform, posts, flagged)
    VALUES (NEW.user_id, coalesce(NEW.platform, ''), 1, NEW.flagged_for_review IS 1)
    ON CONFLICT (user_id, platform) DO UPDATE SET posts = posts + 1, flagged = flagged + excluded.flagged;
    DELETE FROM social_media_post_counters
    WHERE user_id = OLD.user_id AND platform = coalesce(OLD.platform, '') AND posts = 1;
    UPDATE social_media_post_counters SET posts = posts - 1, flagged = flagged - (OLD.flagged_for_review IS 1)
    WHERE user_id = OLD.user_id AND platform = coalesce(OLD.platform, '');
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER social_media_post_counters_replaced_insert AFTER INSERT ON social_media_posts
WHEN EXISTS (SELECT 1 FROM social_media_posts_replaced) BEGIN
    INSERT INTO social_media_post_counters (user_id, platform, posts, flagged)
    SELECT r.user_id, coalesce(r.platform, ''), -count(*), -count(CASE WHEN r.flagged_for_review IS 1 THEN 1 END)
    FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq)
    GROUP BY 1, 2
    ON CONFLICT (user_id, platform) DO UPDATE SET posts = posts + excluded.posts, flagged = flagged + excluded.flagged;
    DELETE FROM social_media_post_counters
    WHERE posts = 0 AND (user_id, platform) IN (SELECT r.user_id, coalesce(r.platform, '') FROM social_media_posts_replaced AS r);
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER social_media_post_counters_replaced_update AFTER UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    INSERT INTO social_media_post_counters (user_id, platform, posts, flagged)
    SELECT r.user_id, coalesce(r.platform, ''), -count(*), -count(CASE WHEN r.flagged_for_review IS 1 THEN 1 END)
    FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq)
    GROUP BY 1, 2
    ON CONFLICT (user_id, platform) DO UPDATE SET posts = posts + excluded.posts, flagged = flagged + excluded.flagged;
    DELETE FROM social_media_post_counters
    WHERE posts = 0 AND (user_id, platform) IN (SELECT r.user_id, coalesce(r.platform, '') FROM social_media_posts_replaced AS r);
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER social_media_post_sentiment_counters_delete AFTER DELETE ON social_media_posts BEGIN
    DELETE FROM social_media_post_sentiment_counters
    WHERE user_id = OLD.user_id AND sentiment = coalesce(OLD.sentiment, '') AND posts = 1;
    UPDATE social_media_post_sentiment_counters SET posts = posts - 1
    WHERE user_id = OLD.user_id AND sentiment = coalesce(OLD.sentiment, '');
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER social_media_post_sentiment_counters_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO social_media_post_sentiment_counters (user_id, sentiment, posts)
    VALUES (NEW.user_id, coalesce(NEW.sentiment, ''), 1)
    ON CONFLICT (user_id, sentiment) DO UPDATE SET posts = posts + 1;
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER social_media_post_sentiment_counters_move AFTER UPDATE OF user_id, sentiment ON social_media_posts
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.sentiment IS NOT NEW.sentiment BEGIN
    INSERT INTO social_media_post_sentiment_counters (user_id, sentiment, posts)
    VALUES (NEW.user_id, coalesce(NEW.sentiment, ''), 1)
    ON CONFLICT (user_id, sentiment) DO UPDATE SET posts = posts + 1;
    DELETE FROM social_media_post_sentiment_counters
    WHERE user_id = OLD.user_id AND sentiment = coalesce(OLD.sentiment, '') AND posts = 1;
    UPDATE social_media_post_sentiment_counters SET posts = posts - 1
    WHERE user_id = OLD.user_id AND sentiment = coalesce(OLD.sentiment, '');
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER social_media_post_sentiment_counters_replaced_insert AFTER INSERT ON social_media_posts
WHEN EXISTS (SELECT 1 FROM social_media_posts_replaced) BEGIN
    INSERT INTO social_media_post_sentiment_counters (user_id, sentiment, posts)
    SELECT r.user_id, coalesce(r.sentiment, ''), -count(*) FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq)
    GROUP BY 1, 2
    ON CONFLICT (user_id, sentiment) DO UPDATE SET posts = posts + excluded.posts;
    DELETE FROM social_media_post_sentiment_counters
    WHERE posts = 0 AND (user_id, sentiment) IN (SELECT r.user_id, coalesce(r.sentiment, '') FROM social_media_posts_replaced AS r);
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER social_media_post_sentiment_counters_replaced_update AFTER UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    INSERT INTO social_media_post_sentiment_counters (user_id, sentiment, posts)
    SELECT r.user_id, coalesce(r.sentiment, ''), -count(*) FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq)
    GROUP BY 1, 2
    ON CONFLICT (user_id, sentiment) DO UPDATE SET posts = posts + excluded.posts;
    DELETE FROM social_media_post_sentiment_counters
    WHERE posts = 0 AND (user_id, sentiment) IN (SELECT r.user_id, coalesce(r.sentiment, '') FROM social_media_posts_replaced AS r);
END;

-- from 0014_instants.sql
CREATE TRIGGER social_media_posts_instant_insert AFTER INSERT ON social_media_posts BEGIN
    UPDATE social_media_posts SET post_date_ms =
        CASE
            -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
            -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
            WHEN NEW.post_date NOT GLOB '*[^0-9.+-]*' AND NEW.post_date GLOB '*[0-9]*' AND NEW.post_date NOT GLOB '?*[+-]*' AND NEW.post_date NOT GLOB '*.*.*'
            THEN CAST(round(CASE WHEN abs(CAST(NEW.post_date AS REAL)) < 1e11 THEN CAST(NEW.post_date AS REAL) * 1000 ELSE CAST(NEW.post_date AS REAL) END)
                      AS INTEGER)
            -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
            -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
            WHEN NEW.post_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
            THEN CAST(round((julianday(CASE
                     WHEN NEW.post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                     THEN upper(substr(NEW.post_date, 1, length(NEW.post_date) - 2)) || ':' || substr(NEW.post_date, -2)
                     WHEN NEW.post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(NEW.post_date) || ':00'
                     ELSE upper(NEW.post_date) END) - 2440587.5) * 86400000) AS INTEGER)
        END
    WHERE seq = NEW.seq;
END;

-- from 0014_instants.sql
CREATE TRIGGER social_media_posts_instant_update AFTER UPDATE OF post_date ON social_media_posts BEGIN
    UPDATE social_media_posts SET post_date_ms =
        CASE
            -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
            -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
            WHEN NEW.post_date NOT GLOB '*[^0-9.+-]*' AND NEW.post_date GLOB '*[0-9]*' AND NEW.post_date NOT GLOB '?*[+-]*' AND NEW.post_date NOT GLOB '*.*.*'
            THEN CAST(round(CASE WHEN abs(CAST(NEW.post_date AS REAL)) < 1e11 THEN CAST(NEW.post_date AS REAL) * 1000 ELSE CAST(NEW.post_date AS REAL) END)
                      AS INTEGER)
            -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
            -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
            WHEN NEW.post_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
            THEN CAST(round((julianday(CASE
                     WHEN NEW.post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                     THEN upper(substr(NEW.post_date, 1, length(NEW.post_date) - 2)) || ':' || substr(NEW.post_date, -2)
                     WHEN NEW.post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(NEW.post_date) || ':00'
                     ELSE upper(NEW.post_date) END) - 2440587.5) * 86400000) AS INTEGER)
        END
    WHERE seq = NEW.seq;
END;

-- from 0024_replaced_rows.sql
CREATE TRIGGER social_media_posts_replaced_delete AFTER DELETE ON social_media_posts BEGIN
    DELETE FROM social_media_posts_replaced WHERE seq = OLD.seq;
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER social_media_posts_replaced_insert BEFORE INSERT ON social_media_posts
WHEN EXISTS (SELECT 1 FROM social_media_posts WHERE seq = NEW.seq) OR EXISTS (SELECT 1 FROM social_media_posts WHERE id = NEW.id)
     OR EXISTS (SELECT 1 FROM social_media_posts WHERE user_id = NEW.user_id AND post_url = NEW.post_url)
     OR EXISTS (SELECT 1 FROM social_media_posts_replaced) BEGIN
    DELETE FROM social_media_posts_replaced;
    INSERT INTO social_media_posts_replaced (seq, user_id, platform, flagged_for_review, post_content, author_name,
                                             author_handle, search_tags, sentiment)
    SELECT seq, user_id, platform, flagged_for_review, post_content, author_name, author_handle, search_tags, sentiment
    FROM social_media_posts
    WHERE seq = NEW.seq OR id = NEW.id OR (user_id = NEW.user_id AND post_url = NEW.post_url);
END;

-- from 0026_digest_counters.sql
CREATE TRIGGER social_media_posts_replaced_update BEFORE UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    DELETE FROM social_media_posts_replaced;
    INSERT INTO social_media_posts_replaced (seq, user_id, platform, flagged_for_review, post_content, author_name,
                                             author_handle, search_tags, sentiment)
    SELECT seq, user_id, platform, flagged_for_review, post_content, author_name, author_handle, search_tags, sentiment
    FROM social_media_posts
    WHERE seq <> OLD.seq AND (seq = NEW.seq OR id = NEW.id OR (user_id = NEW.user_id AND post_url = NEW.post_url));
END;

-- from 0004_spec_model.sql
CREATE TRIGGER social_media_posts_updated_at AFTER UPDATE OF id, user_id, coach_id, school_id, platform,
    post_url, post_content, post_date, author_handle, author_name, author_avatar_url, media_urls, likes_count,
    shares_count, replies_count, is_recruiting_related, flagged_for_review, sentiment, notes
ON social_media_posts WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE social_media_posts SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE seq = NEW.seq;
END;

-- from 0027_search_chunks.sql
CREATE TRIGGER social_post_chunk_counters_delete AFTER DELETE ON social_media_posts BEGIN
    UPDATE social_post_chunk_counters SET posts = posts - 1
    WHERE chunk IN (SELECT value FROM json_each('[' || replace(replace(replace(replace(json_quote(
        replace(replace(replace(replace(replace(
            coalesce(OLD.post_content, '') || ' ' || coalesce(OLD.author_name, '') || ' ' || coalesce(OLD.author_handle, ''),
            char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' ')),
        '\\', char(1)), '\u0000', '\ufffd'), char(1), '\\'), ' ', '","') || ']'));
    DELETE FROM social_post_chunk_counters WHERE posts <= 0;
END;

-- from 0027_search_chunks.sql
CREATE TRIGGER social_post_chunk_counters_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO social_post_chunk_counters (chunk, posts)
    SELECT chunk, 1 FROM social_post_chunk_list WHERE seq = NEW.seq
    ON CONFLICT (chunk) DO UPDATE SET posts = posts + 1;
END;

-- from 0027_search_chunks.sql
CREATE TRIGGER social_post_chunk_counters_replaced_insert AFTER INSERT ON social_media_posts
WHEN EXISTS (SELECT 1 FROM social_media_posts_replaced) BEGIN
    UPDATE social_post_chunk_counters
    SET posts = posts - (SELECT count(*) FROM social_post_replaced_chunk_list AS r
                         WHERE r.chunk = social_post_chunk_counters.chunk
                           AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq)))
    WHERE chunk IN (SELECT r.chunk FROM social_post_replaced_chunk_list AS r
                    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq));
    DELETE FROM social_post_chunk_counters WHERE posts <= 0;
END;

-- from 0027_search_chunks.sql
CREATE TRIGGER social_post_chunk_counters_replaced_update AFTER UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    UPDATE social_post_chunk_counters
    SET posts = posts - (SELECT count(*) FROM social_post_replaced_chunk_list AS r
                         WHERE r.chunk = social_post_chunk_counters.chunk
                           AND r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq))
    WHERE chunk IN (SELECT r.chunk FROM social_post_replaced_chunk_list AS r
                    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq));
    DELETE FROM social_post_chunk_counters WHERE posts <= 0;
END;

-- from 0027_search_chunks.sql
CREATE TRIGGER social_post_chunk_counters_update AFTER UPDATE OF seq, post_content, author_name, author_handle ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.post_content IS NOT NEW.post_content OR OLD.author_name IS NOT NEW.author_name
    OR OLD.author_handle IS NOT NEW.author_handle BEGIN
    -- A row whose seq this update took (UPDATE OR REPLACE, 0024), then the old chunks' counts to the new.
    UPDATE social_post_chunk_counters
    SET posts = posts - (SELECT count(*) FROM social_post_replaced_chunk_list AS r
                         WHERE r.chunk = social_post_chunk_counters.chunk AND OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq)
    WHERE chunk IN (SELECT r.chunk FROM social_post_replaced_chunk_list AS r WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq);
    INSERT INTO social_post_chunk_counters (chunk, posts)
    SELECT chunk, 1 FROM social_post_chunk_list WHERE seq = NEW.seq
    ON CONFLICT (chunk) DO UPDATE SET posts = posts + 1;
    UPDATE social_post_chunk_counters SET posts = posts - 1
    WHERE chunk IN (SELECT value FROM json_each('[' || replace(replace(replace(replace(json_quote(
        replace(replace(replace(replace(replace(
            coalesce(OLD.post_content, '') || ' ' || coalesce(OLD.author_name, '') || ' ' || coalesce(OLD.author_handle, ''),
            char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' ')),
        '\\', char(1)), '\u0000', '\ufffd'), char(1), '\\'), ' ', '","') || ']'));
    DELETE FROM social_post_chunk_counters WHERE posts <= 0;
END;

-- from 0025_unused_search_indexes.sql
CREATE TRIGGER social_posts_fts_delete AFTER DELETE ON social_media_posts BEGIN
    INSERT INTO [social_posts_fts] (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    VALUES ('delete', OLD.seq, OLD.post_content, OLD.author_name, OLD.author_handle, OLD.search_tags);
END;

-- from 0025_unused_search_indexes.sql
CREATE TRIGGER social_posts_fts_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO [social_posts_fts] (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    SELECT 'delete', r.seq, r.post_content, r.author_name, r.author_handle, r.search_tags
    FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq);
    UPDATE social_media_posts SET search_tags = (SELECT tags FROM social_posts_search_tags WHERE seq = NEW.seq)
    WHERE seq = NEW.seq;
    INSERT INTO [social_posts_fts] (rowid, post_content, author_name, author_handle, search_tags)
    SELECT seq, post_content, author_name, author_handle, search_tags
    FROM social_media_posts WHERE seq = NEW.seq;
END;

-- from 0025_unused_search_indexes.sql
CREATE TRIGGER social_posts_fts_replaced AFTER UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    INSERT INTO [social_posts_fts] (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    SELECT 'delete', r.seq, r.post_content, r.author_name, r.author_handle, r.search_tags
    FROM social_media_posts_replaced AS r
    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq);
END;

-- from 0025_unused_search_indexes.sql
CREATE TRIGGER social_posts_fts_update AFTER UPDATE OF seq, post_content, author_name,
    author_handle ON social_media_posts BEGIN
    INSERT INTO [social_posts_fts] (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    SELECT 'delete', r.seq, r.post_content, r.author_name, r.author_handle, r.search_tags
    FROM social_media_posts_replaced AS r WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq;
    INSERT INTO [social_posts_fts] (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    VALUES ('delete', OLD.seq, OLD.post_content, OLD.author_name, OLD.author_handle, OLD.search_tags);
    UPDATE social_media_posts SET search_tags = (SELECT tags FROM social_posts_search_tags WHERE seq = NEW.seq)
    WHERE seq = NEW.seq;
    INSERT INTO [social_posts_fts] (rowid, post_content, author_name, author_handle, search_tags)
    SELECT seq, post_content, author_name, author_handle, search_tags
    FROM social_media_posts WHERE seq = NEW.seq;
END;

-- from 0025_unused_search_indexes.sql
CREATE TRIGGER social_posts_trigram_delete AFTER DELETE ON social_media_posts BEGIN
    INSERT INTO [social_posts_trigram] (social_posts_trigram, rowid, text)
    VALUES ('delete', OLD.seq, coalesce(OLD.post_content, '') || char(10) || coalesce(OLD.author_name, '')
                               || char(10) || coalesce(OLD.author_handle, '') || char(10, 10));
END;

-- from 0025_unused_search_indexes.sql
CREATE TRIGGER social_posts_trigram_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO [social_posts_trigram] (social_posts_trigram, rowid, text)
    SELECT 'delete', r.seq, coalesce(r.post_content, '') || char(10) || coalesce(r.author_name, '')
                            || char(10) || coalesce(r.author_handle, '') || char(10, 10)
    FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq);
    INSERT INTO [social_posts_trigram] (rowid, text)
    SELECT seq, text FROM social_posts_trigram_text WHERE seq = NEW.seq;
END;

-- from 0025_unused_search_indexes.sql
CREATE TRIGGER social_posts_trigram_replaced AFTER UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    INSERT INTO [social_posts_trigram] (social_posts_trigram, rowid, text)
    SELECT 'delete', r.seq, coalesce(r.post_content, '') || char(10) || coalesce(r.author_name, '')
                            || char(10) || coalesce(r.author_handle, '') || char(10, 10)
    FROM social_media_posts_replaced AS r
    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq);
END;

-- from 0025_unused_search_indexes.sql
CREATE TRIGGER social_posts_trigram_update AFTER UPDATE OF seq, post_content, author_name,
    author_handle ON social_media_posts BEGIN
    INSERT INTO [social_posts_trigram] (social_posts_trigram, rowid, text)
    SELECT 'delete', r.seq, coalesce(r.post_content, '') || char(10) || coalesce(r.author_name, '')
                            || char(10) || coalesce(r.author_handle, '') || char(10, 10)
    FROM social_media_posts_replaced AS r WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq;
    INSERT INTO [social_posts_trigram] (social_posts_trigram, rowid, text)
    VALUES ('delete', OLD.seq, coalesce(OLD.post_content, '') || char(10) || coalesce(OLD.author_name, '')
                               || char(10) || coalesce(OLD.author_handle, '') || char(10, 10));
    INSERT INTO [social_posts_trigram] (rowid, text)
    SELECT seq, text FROM social_posts_trigram_text WHERE seq = NEW.seq;
END;

-- from 0027_search_chunks.sql
CREATE TRIGGER social_post_chunks_trigram_delete AFTER DELETE ON social_post_chunk_counters BEGIN
    INSERT INTO [social_post_chunks_trigram] (social_post_chunks_trigram, rowid, chunk) VALUES ('delete', OLD.id, OLD.chunk);
END;

-- from 0027_search_chunks.sql
CREATE TRIGGER social_post_chunks_trigram_insert AFTER INSERT ON social_post_chunk_counters BEGIN
    INSERT INTO [social_post_chunks_trigram] (rowid, chunk) VALUES (NEW.id, NEW.chunk);
END;

-- from 0027_search_chunks.sql
CREATE TRIGGER social_post_chunks_trigram_update AFTER UPDATE OF id, chunk ON social_post_chunk_counters BEGIN
    INSERT INTO [social_post_chunks_trigram] (social_post_chunks_trigram, rowid, chunk) VALUES ('delete', OLD.id, OLD.chunk);
    INSERT INTO [social_post_chunks_trigram] (rowid, chunk) VALUES (NEW.id, NEW.chunk);
END;

-- from 0008_reports.sql
CREATE TRIGGER template_partials_updated_at AFTER UPDATE OF name, body ON template_partials
FOR EACH ROW WHEN NEW.updated_at = OLD.updated_at
BEGIN
    UPDATE template_partials SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
    WHERE user_id = NEW.user_id AND name = NEW.name;
END;

-- from 0004_spec_model.sql
CREATE TRIGGER tg_templates_updated_at AFTER UPDATE OF id, name, icon, message_text, target_group_id,
    target_group_name, include_location, sort_order
ON tg_templates WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE tg_templates SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;

-- ================================================================================================
-- Views: by name.

-- from 0008_reports.sql
CREATE VIEW message_drafts AS
SELECT
    user_id,
    template_id,
    template_name,
    type,
    coach_id,
    coach_name,
    school_id,
    school_name,
    CASE WHEN template_error IS NULL THEN template_render(body, vars, 'text', partials) END AS message,
    CASE WHEN template_error IS NULL THEN template_missing(body, vars) END AS missing,
    template_error,
    body,
    vars
FROM (
    SELECT
        t.user_id,
        t.id AS template_id,
        t.name AS template_name,
        t.type,
        t.body,
        template_error(t.body) AS template_error,
        c.id AS coach_id,
        c.name AS coach_name,
        s.id AS school_id,
        s.name AS school_name,
        json_remove(json_object('coach_name', c.name, 'athlete_name', u.name,
                                'school_name', s.name, 'sport', u.sport),
                    CASE WHEN s.name IS NULL THEN '$.school_name' ELSE '$.none' END,
                    CASE WHEN u.sport IS NULL THEN '$.sport' ELSE '$.none' END) AS vars,
        (SELECT json_group_object(p.name, p.body) FROM template_partials AS p WHERE p.user_id = t.user_id) AS partials
    FROM communication_templates AS t
    JOIN users AS u ON u.id = t.user_id
    JOIN coaches AS c ON c.user_id = t.user_id
    LEFT JOIN schools AS s ON s.id = c.school_id
)
ORDER BY template_name, coach_name;

-- from 0018_counters.sql
CREATE VIEW notification_counts AS
SELECT
    user_id, total, unread, total - unread AS read, unread || ' unread' AS unread_label,
    unread > 0 AS has_unread, total - unread > 0 AS has_read,
    follow_up_reminder, deadline_alert, inbound_interaction, daily_digest, offer, event
FROM (
    SELECT
        u.id AS user_id,
        coalesce(sum(c.notifications), 0) AS total,
        coalesce(sum(c.unread), 0) AS unread,
        coalesce(sum(CASE WHEN c.type = 'follow_up_reminder' THEN c.notifications END), 0) AS follow_up_reminder,
        coalesce(sum(CASE WHEN c.type = 'deadline_alert' THEN c.notifications END), 0) AS deadline_alert,
        coalesce(sum(CASE WHEN c.type = 'inbound_interaction' THEN c.notifications END), 0) AS inbound_interaction,
        coalesce(sum(CASE WHEN c.type = 'daily_digest' THEN c.notifications END), 0) AS daily_digest,
        coalesce(sum(CASE WHEN c.type = 'offer' THEN c.notifications END), 0) AS offer,
        coalesce(sum(CASE WHEN c.type = 'event' THEN c.notifications END), 0) AS event
    FROM users AS u
    LEFT JOIN notification_counters AS c ON c.user_id = u.id
    GROUP BY u.id
);

-- from 0026_digest_counters.sql
CREATE VIEW notification_due_this_week AS
WITH RECURSIVE
    clock(now) AS (SELECT CAST(strftime('%s', switchboard_now()) AS INTEGER)),
    ends(t, level, bucket) AS (
        SELECT now, 0, now FROM clock
        UNION ALL SELECT now + 604800, 0, now + 604800 FROM clock
        UNION ALL SELECT t, level + 1, bucket >> 6 FROM ends WHERE level < 6)
SELECT u.id AS user_id,
       coalesce(sum(CASE WHEN e.t = (SELECT now FROM clock) THEN c.unread ELSE -c.unread END), 0) AS unread
FROM users AS u
JOIN ends AS e
LEFT JOIN notification_schedule_counters AS c
  ON c.user_id = u.id AND c.level = e.level AND c.type IN ('deadline_alert', 'follow_up_reminder')
 AND c.bucket BETWEEN e.bucket + 1 AND CASE WHEN e.level < 6 THEN e.bucket | 63 ELSE 9223372036854775807 END
GROUP BY u.id;

-- from 0022_user_zone_views.sql
CREATE VIEW notification_inbox AS
SELECT
    n.id,
    n.user_id,
    n.type,
    n.title,
    n.message,
    n.priority,
    n.read_at,
    n.scheduled_for,
    n.sent_at,
    n.email_sent,
    n.email_sent_at,
    n.action_url,
    n.related_entity_type,
    n.related_entity_id,
    n.related_school_id,
    n.related_coach_id,
    n.related_offer_id,
    n.related_event_id,
    n.created_at,
    n.updated_at,
    n.seq,
    n.read_at IS NOT NULL AS is_read,
    t.label AS type_label,
    t.emoji AS type_emoji,
    upper(n.priority) AS priority_badge,
    relative_date(n.scheduled_for, switchboard_now(), display_timezone(coalesce(u.timezone, 'UTC'))) AS relative_time,
    route_map(n.action_url, (
        SELECT '[' || coalesce(group_concat(
            '{"pattern":"' || pattern || '","screen":"' || screen || '"}', ','), '') || ']'
        FROM (SELECT pattern, screen FROM routes ORDER BY sort_order, id))) AS route,
    CASE WHEN n.read_at IS NULL THEN 'Unread ' ELSE '' END
        || upper(substr(n.priority, 1, 1)) || substr(n.priority, 2) || ' '
        || coalesce(t.label, n.type) || ': ' || n.title || '. '
        || coalesce(relative_date(n.scheduled_for, switchboard_now(), display_timezone(coalesce(u.timezone, 'UTC'))), '')
        AS accessibility_label,
    n.metadata,
    n.scheduled_for_ms
FROM notifications AS n
LEFT JOIN notification_types AS t ON t.type = n.type
LEFT JOIN users AS u ON u.id = n.user_id
ORDER BY n.scheduled_for_ms DESC, n.seq DESC;

-- from 0018_counters.sql
CREATE VIEW notification_type_counts AS
SELECT user_id, type, label, emoji, count, unread, label || ' (' || count || ')' AS chip, sort_order
FROM (
    SELECT u.id AS user_id, NULL AS type, 'All' AS label, NULL AS emoji, 0 AS sort_order,
           coalesce(sum(c.notifications), 0) AS count, coalesce(sum(c.unread), 0) AS unread
    FROM users AS u
    LEFT JOIN notification_counters AS c ON c.user_id = u.id
    GROUP BY u.id
    UNION ALL
    SELECT u.id, t.type, t.label, t.emoji, t.sort_order, coalesce(c.notifications, 0), coalesce(c.unread, 0)
    FROM users AS u
    CROSS JOIN notification_types AS t
    LEFT JOIN notification_counters AS c ON c.user_id = u.id AND c.type = t.type
)
ORDER BY user_id, sort_order;

-- from 0022_user_zone_views.sql
CREATE VIEW posts_with_placeholders AS
SELECT
    p.id,
    p.user_id,
    p.parent_id,
    p.title,
    p.summary,
    p.body,
    p.image_url,
    p.created_at,
    p.timezone,
    p.location_tag,
    p.ai_generated,
    p.author_name,
    p.author_email,
    (SELECT count(*) FROM posts AS child WHERE child.parent_id = p.id) AS child_count,
    pt.placeholder_title,
    pt.placeholder_summary,
    pt.placeholder_body,
    p.template_name,
    coalesce(pt.placeholder_title, 'Title') AS title_label,
    coalesce(pt.placeholder_summary, 'Summary') AS summary_label,
    coalesce(pt.placeholder_body, 'Body') AS body_label,
    p.updated_at,
    capitalized(p.template_name) AS template_display_name
FROM posts AS p
LEFT JOIN post_templates AS pt ON pt.name = p.template_name
ORDER BY p.created_at DESC, p.id DESC;

-- from 0025_unused_search_indexes.sql
CREATE VIEW search_index_status AS
SELECT index_name, table_name, rows, indexed_rows, missing, orphaned,
       CASE WHEN missing = 0 AND orphaned = 0 AND rows = indexed_rows THEN 1 ELSE 0 END AS ok
FROM (
    SELECT 'social_posts_fts' AS index_name, 'social_media_posts' AS table_name,
           (SELECT count(*) FROM social_media_posts) AS rows,
           (SELECT count(*) FROM social_posts_fts_docsize) AS indexed_rows,
           (SELECT count(*) FROM social_media_posts WHERE seq NOT IN (SELECT id FROM social_posts_fts_docsize)) AS missing,
           (SELECT count(*) FROM social_posts_fts_docsize WHERE id NOT IN (SELECT seq FROM social_media_posts)) AS orphaned
    UNION ALL
    SELECT 'social_posts_trigram', 'social_media_posts',
           (SELECT count(*) FROM social_media_posts),
           (SELECT count(*) FROM social_posts_trigram_docsize),
           (SELECT count(*) FROM social_media_posts WHERE seq NOT IN (SELECT id FROM social_posts_trigram_docsize)),
           (SELECT count(*) FROM social_posts_trigram_docsize WHERE id NOT IN (SELECT seq FROM social_media_posts))
    UNION ALL
    SELECT 'notifications_trigram', 'notifications',
           (SELECT count(*) FROM notifications),
           (SELECT count(*) FROM notifications_trigram_docsize),
           (SELECT count(*) FROM notifications WHERE seq NOT IN (SELECT id FROM notifications_trigram_docsize)),
           (SELECT count(*) FROM notifications_trigram_docsize WHERE id NOT IN (SELECT seq FROM notifications))
);

-- from 0022_user_zone_views.sql
CREATE VIEW social_feed AS
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
    relative_date_abbreviated(p.post_date, switchboard_now(), display_timezone(coalesce(u.timezone, 'UTC'))) AS relative_time,
    sentiment_label(p.sentiment) AS sentiment_label,
    sentiment_label(p.sentiment, 'emoji') AS sentiment_emoji,
    CASE p.platform WHEN 'twitter' THEN 'Twitter/X' WHEN 'instagram' THEN 'Instagram' END AS platform_label,
    CASE p.platform WHEN 'twitter' THEN '#1DA1F2' WHEN 'instagram' THEN '#E1306C' END AS platform_color,
    CASE WHEN trim(coalesce(p.notes, '')) <> '' THEN 1 ELSE 0 END AS has_notes,
    CASE p.platform WHEN 'twitter' THEN 'Twitter' ELSE 'Instagram' END || ' post from '
        || coalesce(nullif(p.author_name, ''), p.author_handle) || '. '
        || relative_date_abbreviated(p.post_date, switchboard_now(), display_timezone(coalesce(u.timezone, 'UTC'))) || '. '
        || text_preview(p.post_content, 100) || '. '
        || coalesce(sentiment_label(p.sentiment, 'text'), 'No sentiment') || '. '
        || CASE WHEN p.flagged_for_review = 1 THEN 'Flagged for review' ELSE 'Not flagged' END || '.'
        AS accessibility_label,
    p.likes_count,
    p.shares_count,
    p.replies_count,
    p.media_urls,
    p.post_date_ms
FROM social_media_posts AS p
LEFT JOIN schools AS s ON s.id = p.school_id
LEFT JOIN coaches AS c ON c.id = p.coach_id AND c.user_id = p.user_id
LEFT JOIN users AS u ON u.id = p.user_id
ORDER BY p.post_date_ms DESC, p.seq DESC;

-- from 0027_search_chunks.sql
CREATE VIEW social_post_chunk_list AS
SELECT DISTINCT p.seq, j.value AS chunk
FROM social_media_posts AS p,
     json_each('[' || replace(replace(replace(replace(json_quote(
         replace(replace(replace(replace(replace(
             coalesce(p.post_content, '') || ' ' || coalesce(p.author_name, '') || ' ' || coalesce(p.author_handle, ''),
             char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' ')),
         '\\', char(1)), '\u0000', '\ufffd'), char(1), '\\'), ' ', '","') || ']') AS j
WHERE j.value <> '';

-- from 0027_search_chunks.sql
CREATE VIEW social_post_replaced_chunk_list AS
SELECT DISTINCT r.seq, j.value AS chunk
FROM social_media_posts_replaced AS r,
     json_each('[' || replace(replace(replace(replace(json_quote(
         replace(replace(replace(replace(replace(
             coalesce(r.post_content, '') || ' ' || coalesce(r.author_name, '') || ' ' || coalesce(r.author_handle, ''),
             char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' ')),
         '\\', char(1)), '\u0000', '\ufffd'), char(1), '\\'), ' ', '","') || ']') AS j
WHERE j.value <> '';

-- from 0002_search.sql
CREATE VIEW social_posts_search_tags AS
SELECT
    p.seq,
    (SELECT group_concat(substr(t.tag, k.value), ' ')
     FROM (SELECT substr(w.value, instr(replace(w.value, '@', '#'), '#') + 1, 30) AS tag
           FROM json_each('[' || replace(json_quote(
                    ' @' || ltrim(coalesce(p.author_handle, ''), '@') || ' '
                    || replace(replace(replace(p.post_content, char(10), ' '), char(13), ' '), char(9), ' ')
                ), ' ', '","') || ']') AS w
           WHERE w.value GLOB '*[#@]??*'
           LIMIT 11) AS t,
          json_each('[2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29]') AS k
     WHERE k.value < length(t.tag)) AS tags
FROM social_media_posts AS p;

-- from 0006_substring_search.sql
CREATE VIEW social_posts_trigram_text AS
SELECT seq,
       coalesce(post_content, '') || char(10) || coalesce(author_name, '') || char(10)
       || coalesce(author_handle, '') || char(10, 10) AS text
FROM social_media_posts;

-- from 0018_counters.sql
CREATE VIEW social_stats AS
SELECT
    user_id,
    totalPosts, twitterPosts, instagramPosts, flaggedPosts,
    count_badge(totalPosts) AS totalPostsBadge,
    count_badge(twitterPosts) AS twitterPostsBadge,
    count_badge(instagramPosts) AS instagramPostsBadge,
    count_badge(flaggedPosts) AS flaggedPostsBadge
FROM (
    SELECT
        u.id AS user_id,
        coalesce(sum(c.posts), 0) AS totalPosts,
        coalesce(sum(CASE WHEN c.platform = 'twitter' THEN c.posts END), 0) AS twitterPosts,
        coalesce(sum(CASE WHEN c.platform = 'instagram' THEN c.posts END), 0) AS instagramPosts,
        coalesce(sum(c.flagged), 0) AS flaggedPosts
    FROM users AS u
    LEFT JOIN social_media_post_counters AS c ON c.user_id = u.id
    GROUP BY u.id
);

-- from 0001_core.sql
CREATE VIEW sole_user AS
SELECT id FROM users WHERE (SELECT count(*) FROM users) = 1;

-- from 0022_user_zone_views.sql
CREATE VIEW template_library AS
SELECT
    id,
    user_id,
    name,
    type,
    body,
    variables,
    created_at,
    updated_at,
    seq,
    CASE type WHEN 'email' THEN 'Email' WHEN 'text' THEN 'Text' WHEN 'twitter' THEN 'Twitter' END AS type_display,
    text_preview(body, 100) AS body_preview,
    substr('JanFebMarAprMayJunJulAugSepOctNovDec', 3 * strftime('%m', created_day) - 2, 3) || ' '
        || CAST(strftime('%d', created_day) AS INTEGER) || ', ' || strftime('%Y', created_day) AS formatted_date,
    CASE WHEN template_error(body) IS NULL THEN template_variables(body) END AS body_variables,
    template_error(body) AS template_error
FROM (
    SELECT t.id, t.user_id, t.name, t.type, t.body, t.variables, t.created_at, t.updated_at, t.seq,
           local_date(t.created_at, display_timezone(coalesce(u.timezone, 'UTC'))) AS created_day
    FROM communication_templates AS t
    LEFT JOIN users AS u ON u.id = t.user_id
)
ORDER BY updated_at DESC, seq DESC;

-- from 0018_counters.sql
CREATE VIEW template_type_counts AS
SELECT
    u.id AS user_id,
    b.type,
    b.label,
    coalesce(sum(c.templates), 0) AS count,
    b.label || ' (' || coalesce(sum(c.templates), 0) || ')' AS button_label,
    b.sort_order
FROM users AS u
CROSS JOIN (SELECT NULL AS type, 'All' AS label, 0 AS sort_order
            UNION ALL SELECT 'email', 'Email', 1
            UNION ALL SELECT 'text', 'Text', 2
            UNION ALL SELECT 'twitter', 'Twitter', 3) AS b
LEFT JOIN communication_template_counters AS c ON c.user_id = u.id AND (b.type IS NULL OR c.type = b.type)
GROUP BY u.id, b.sort_order
ORDER BY u.id, b.sort_order;

-- from 0005_views.sql
CREATE VIEW tg_template_buttons AS
SELECT
    t.id,
    t.name,
    t.icon,
    t.message_text,
    t.target_group_id,
    t.target_group_name,
    t.include_location,
    t.created_at,
    t.updated_at,
    t.sort_order,
    row_number() OVER (ORDER BY t.sort_order, t.created_at, t.id) AS position,
    coalesce(t.target_group_name, 'Select...') AS group_display,
    g.member_count,
    'tgtemplates://send?id=' || t.id AS deep_link
FROM tg_templates AS t
LEFT JOIN tg_groups AS g ON g.id = t.target_group_id
ORDER BY t.sort_order, t.created_at, t.id;

-- from 0005_views.sql
CREATE VIEW widget_templates AS
SELECT id, name, icon, message_text AS messageText, target_group_id AS targetGroupId,
       target_group_name AS targetGroupName, include_location AS includeLocation
FROM tg_template_buttons
ORDER BY position
LIMIT 4;

-- ================================================================================================
-- Virtual tables (full-text search): by name. Each makes its own shadow tables.

-- from 0023_inbox_trigrams_and_feed_filters.sql
CREATE VIRTUAL TABLE notifications_trigram USING fts5(
    title, message,
    content = 'notifications', content_rowid = 'seq',
    tokenize = 'trigram', detail = 'none'
);

-- from 0027_search_chunks.sql
CREATE VIRTUAL TABLE social_post_chunks_trigram USING fts5(
    chunk,
    content = 'social_post_chunk_counters', content_rowid = 'id',
    tokenize = 'trigram', detail = 'full'
);

-- from 0009_search_detection.sql
CREATE VIRTUAL TABLE social_posts_fts USING fts5(
    post_content, author_name, author_handle, search_tags,
    content="social_media_posts", content_rowid='seq',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);

-- from 0020_positional_trigrams.sql
CREATE VIRTUAL TABLE social_posts_trigram USING fts5(
    text,
    content = 'social_posts_trigram_text', content_rowid = 'seq',
    tokenize = 'trigram', detail = 'full'
);

-- from 0025_unused_search_indexes.sql
CREATE VIRTUAL TABLE social_posts_trigram_vocab USING
    fts5vocab(social_posts_trigram, 'row');
