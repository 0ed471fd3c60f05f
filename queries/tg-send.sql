-- name: tg-send(id, key, location)<!
-- Queues a quick-send template's message in the outbox (a quick-send button's tap, spec 003).
-- As `switchboard send ID` queues it without --var: the template's text as written ({{ and all), its group's id and
-- name, and for a template that includes the location, given a location, the location line (a blank line, then
-- 📍 https://maps.google.com/?q=LAT,LON; a location is ignored for a template that does not include it, as send --batch
-- ignores it). Nothing is queued for a template without a group (the app's "No group selected"), for a location that
-- is not LAT,LON within ±90 and ±180, nor for a duplicate: with a key, a message already queued under it; without, the
-- same template, group and text queued within 10 seconds either side of now (send's default --dedupe-window). A key
-- already used for another text or group is refused by the outbox's unique key.
-- Times are the system clock's, never the pinned one, as send writes them. Returns the queued message (deliver it
-- with `switchboard deliver`).
-- missing: Nothing queued: no template with this id, No group selected, a location that is not LAT,LON, or a duplicate
-- :id        text: the template's id
-- :key       text, optional: an idempotency key (send's --key); a new random one when not given
-- :location  text, optional: LAT,LON, decimal degrees as send prints them (37.7749,-122.4194), for the location line
-- display: id, template_name, group_name, text, status
INSERT INTO outbox (idempotency_key, template_id, template_name, group_id, group_name, text, location, created_at,
                    updated_at, due_at)
SELECT COALESCE(:key, random_uuid()),
       m.id, m.name, m.group_id, m.group_name, m.text, m.location, now.at, now.at, now.at
FROM (SELECT t.id, coalesce(t.name, '') AS name, t.target_group_id AS group_id,
             coalesce(t.target_group_name, g.title) AS group_name,
             coalesce(t.message_text, '')
                 || CASE WHEN t.include_location AND :location IS NOT NULL
                         THEN char(10, 10) || '📍 https://maps.google.com/?q=' || :location ELSE '' END AS text,
             CASE WHEN t.include_location THEN :location END AS location
      FROM tg_templates AS t
      LEFT JOIN tg_groups AS g ON g.id = t.target_group_id
      WHERE t.id = :id AND t.target_group_id IS NOT NULL) AS m
CROSS JOIN (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS at) AS now  -- created_at, updated_at and due_at alike
-- a location is two decimal numbers: latitude within ±90, longitude within ±180
WHERE (:location IS NULL
       OR (:location GLOB '*[0-9],*[0-9]' AND :location NOT GLOB '*,*,*' AND :location NOT GLOB '*[^0-9.,+-]*'
           AND CAST(substr(:location, 1, instr(:location, ',') - 1) AS REAL) BETWEEN -90 AND 90
           AND CAST(substr(:location, instr(:location, ',') + 1) AS REAL) BETWEEN -180 AND 180))
  AND NOT EXISTS (
      SELECT 1 FROM outbox AS o
      WHERE CASE WHEN :key IS NOT NULL THEN o.idempotency_key = :key AND o.text = m.text AND o.group_id = m.group_id
                 ELSE o.template_id IS m.id AND o.group_id = m.group_id AND o.text = m.text
                      AND o.created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', now.at, '-10 seconds')
                      AND o.created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', now.at, '+10 seconds') END)
RETURNING id, idempotency_key, template_id, template_name, group_id, group_name, text, location, status, created_at;
