-- name: tg-outbox(template_id, status, limit)
-- The quick-send outbox, newest first: each queued message with its state (queued, sending, sent, failed) and attempts.
-- A failed message can be queued again (tg-retry); `switchboard deliver` sends the queued ones.
-- state_label is the state as the quick-send page shows it: Queued, Retrying (queued again after a failed attempt,
-- waiting for its backoff), Sending, Sent or Failed.
-- empty: Nothing queued
-- :template_id  text, optional: only this template's messages
-- :status       text, one of queued|sending|sent|failed, optional: only messages in this state
-- :limit        integer, between 1 and 10000, default 20: at most this many
-- display: id, template_name, group_name, state_label, attempts, created_at
SELECT id, template_id, template_name, group_id, group_name, text, location, status, attempts, last_error, due_at,
       created_at, updated_at, sent_at,
       CASE status WHEN 'queued' THEN CASE WHEN attempts > 0 THEN 'Retrying' ELSE 'Queued' END
                   WHEN 'sending' THEN 'Sending' WHEN 'sent' THEN 'Sent' ELSE 'Failed' END AS state_label
FROM outbox
WHERE (:template_id IS NULL OR template_id = :template_id)
  AND (:status IS NULL OR status = :status)
ORDER BY id DESC
LIMIT COALESCE(:limit, 20);
