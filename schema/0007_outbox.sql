-- 0007_outbox.sql — quick-send's durable outbox (issue 9; spec 003 Phase 6, sendTemplateMessage).
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0007_outbox.sql   (after 0001–0006)
--
-- `switchboard send` composes a Telegram template's message and queues it here; `switchboard
-- deliver` hands each queued row to the user's sender program. Plain SQLite only: any SQLite
-- tool can read and write the queue, and no CHECK, default or trigger calls a Switchboard function.
--
-- A row's life:   queued --claim--> sending --exit 0--> sent
--                   ^                  |  \--failure, attempts left--> queued (due_at = backoff)
--                   |                  |   \-failure, none left------> failed --retry--> queued
--                   +--lease expired---+   (the next claim takes it back, same idempotency key)
--
-- Timestamps are ISO-8601 UTC with milliseconds ('2026-02-10T12:00:00.000Z'), so text order is
-- time order. due_at is when the row may next be claimed: for a queued row, now or after its
-- retry backoff; for a sending row, the moment its lease expires (= lease_expires_at). Claiming
-- is one index search on outbox_due (status IN ('queued','sending') AND due_at <= now, oldest
-- due first) inside BEGIN IMMEDIATE, so two deliverers never claim the same row.
-- fencing_token is taken from outbox_fence, a one-row counter bumped by every claim, so tokens
-- increase across the whole table; a deliverer records a result only WHERE fencing_token still
-- equals the one it claimed with, so a late result from an expired lease changes nothing.
-- template_id is not a foreign key: a row keeps the text, group and name it was sent with even
-- after the template is edited or deleted.

BEGIN;

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

-- The claim: the oldest due row among those waiting or leased, found without a scan.
CREATE INDEX outbox_due ON outbox(due_at, id) WHERE status IN ('queued', 'sending');
-- Dedupe: the same template's recent rows.
CREATE INDEX outbox_by_template ON outbox(template_id, created_at);
-- `switchboard outbox --status S`.
CREATE INDEX outbox_by_status ON outbox(status, id);

-- The fencing-token counter: one row; every claim adds one and stamps the row with it.
CREATE TABLE outbox_fence (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    token INTEGER NOT NULL DEFAULT 0
);
INSERT INTO outbox_fence (id, token) VALUES (1, 0);

CREATE TRIGGER outbox_updated_at AFTER UPDATE OF idempotency_key, template_id, template_name, group_id,
    group_name, text, location, status, attempts, last_error, due_at, lease_expires_at, fencing_token, sent_at
ON outbox WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE outbox SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;

PRAGMA user_version = 7;
COMMIT;
