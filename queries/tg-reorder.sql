-- name: tg-reorder(id, position)!
-- Moves one quick-send template to a new position, shifting the ones in between by one.
-- Position 0 is first; past the end is last. The list is renumbered 0, 1, 2, ...
-- Reports how many rows changed (0 for an unknown id or a NULL position).
-- :id        text: the template to move
-- :position  integer, at least 0: its new position, counted from 0 (past the end is last)

-- One UPDATE: `ordered` numbers the current order, `move` clamps the target, `moved` gives each row its
-- new position with a CASE, and only rows whose sort_order changes are written. The statement starts
-- with UPDATE (the CTEs sit inside FROM), so drivers that count changed rows by the first keyword
-- (Python's sqlite3) report them.
UPDATE tg_templates SET sort_order = moved.position
FROM (
    WITH ordered AS (
        SELECT id, row_number() OVER (ORDER BY sort_order, created_at, id) - 1 AS position FROM tg_templates
    ), move AS (
        SELECT position AS old, max(0, min(:position, (SELECT count(*) - 1 FROM tg_templates))) AS new
        FROM ordered WHERE id = :id AND :position IS NOT NULL
    )
    SELECT o.id, CASE
        WHEN o.id = :id THEN m.new
        WHEN m.new < m.old AND o.position BETWEEN m.new AND m.old - 1 THEN o.position + 1
        WHEN m.new > m.old AND o.position BETWEEN m.old + 1 AND m.new THEN o.position - 1
        ELSE o.position END AS position
    FROM ordered AS o, move AS m
) AS moved
WHERE moved.id = tg_templates.id AND tg_templates.sort_order IS NOT moved.position;
