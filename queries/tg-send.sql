-- name: tg-send(id, key)<!
-- Queues a quick-send template's message in the outbox (a quick-send button's tap, spec 003).
-- As `switchboard send ID` queues it without a location or --var: the template's text as written ({{ and all), its
-- group's id and name. Nothing
-- is queued for a template without a group (the app's "No group selected"), nor for a duplicate: with a key, a message
-- already queued under it; without, the same template, group and text queued within 10 seconds either side of now
-- (send's default --dedupe-window). A key already used for another text or group is refused by the outbox's unique key.
-- Times are the system clock's, never the pinned one, as send writes them. Returns the queued message (deliver it
-- with `switchboard deliver`).
-- missing: Nothing queued: no template with this id, No group selected, or a duplicate
-- :id   text: the template's id
-- :key  text, optional: an idempotency key (send's --key); a new random one when not given
-- display: id, template_name, group_name, text, status
INSERT INTO outbox (idempotency_key, template_id, template_name, group_id, group_name, text, location, created_at,
                    updated_at, due_at)
SELECT COALESCE(:key, lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2)
                                || '-' || substr('89ab', 1 + (random() & 3), 1) || substr(hex(randomblob(2)), 2) || '-'
                                || hex(randomblob(6)))),
       t.id, coalesce(t.name, ''), t.target_group_id, coalesce(t.target_group_name, g.title), coalesce(t.message_text, ''),
       NULL, now.at, now.at, now.at
FROM tg_templates AS t
LEFT JOIN tg_groups AS g ON g.id = t.target_group_id
CROSS JOIN (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS at) AS now  -- created_at, updated_at and due_at alike
WHERE t.id = :id AND t.target_group_id IS NOT NULL
  AND NOT EXISTS (
      SELECT 1 FROM outbox AS o
      WHERE CASE WHEN :key IS NOT NULL THEN o.idempotency_key = :key AND o.text = t.message_text AND o.group_id = t.target_group_id
                 ELSE o.template_id IS t.id AND o.group_id = t.target_group_id AND o.text = t.message_text
                      AND o.created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', now.at, '-10 seconds')
                      AND o.created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', now.at, '+10 seconds') END)
RETURNING id, idempotency_key, template_id, template_name, group_id, group_name, text, location, status, created_at;
