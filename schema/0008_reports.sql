-- 0008_reports.sql — what reports and shared template pieces need (issue 10).
--
--   * template_partials: a user's named Mustache partials, `{{> name}}` in a communication
--     template (a signature block used by every email, a shared opening line). message_drafts
--     renders each template with its user's partials (template_render's 4-argument form).
--   * report_runs: when a report ran and recorded it, so the digest's "new since the last digest"
--     is exact. A notification about a report (switchboard report digest --notify inserts a
--     daily_digest one) records the report's run through a trigger.
--
-- Plain SQLite: no extension function in a default, CHECK or trigger.

BEGIN;

CREATE TABLE IF NOT EXISTS template_partials (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL CONSTRAINT template_partial_name_valid
        CHECK (name <> '' AND instr(name, ' ') = 0 AND instr(name, char(9)) = 0 AND instr(name, char(10)) = 0
            AND instr(name, char(13)) = 0 AND length(name) <= 64),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (user_id, name)
);

CREATE TRIGGER IF NOT EXISTS template_partials_updated_at AFTER UPDATE OF name, body ON template_partials
FOR EACH ROW WHEN NEW.updated_at = OLD.updated_at
BEGIN
    UPDATE template_partials SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
    WHERE user_id = NEW.user_id AND name = NEW.name;
END;

CREATE TABLE IF NOT EXISTS report_runs (
    id INTEGER PRIMARY KEY,
    report TEXT NOT NULL CONSTRAINT report_run_report_required CHECK (trim(report) <> ''),
    ran_at TEXT NOT NULL CONSTRAINT report_run_ran_at_format
        CHECK (ran_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(ran_at) IS NOT NULL),
    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
    summary TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS report_runs_latest ON report_runs(report, user_id, ran_at);

-- A notification about a report (related_entity_type 'report', related_entity_id the report's name,
-- as switchboard report digest --notify inserts its daily_digest) records that report's run.
CREATE TRIGGER IF NOT EXISTS report_notification_records_run AFTER INSERT ON notifications
FOR EACH ROW WHEN NEW.related_entity_type = 'report' AND NEW.related_entity_id IS NOT NULL
BEGIN
    INSERT INTO report_runs (report, ran_at, user_id, summary)
    VALUES (NEW.related_entity_id, NEW.created_at, NEW.user_id, NEW.message);
END;

-- message_drafts as in 0005, rendering with the user's partials.
DROP VIEW IF EXISTS message_drafts;
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

PRAGMA user_version = 8;
COMMIT;
