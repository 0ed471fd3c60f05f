-- name: tg-retry(id)<!
-- Queues a failed quick-send message again, as `switchboard retry ID` does.
-- It becomes queued, attempts 0, due now (the system clock, as deliver reads it); its last error is kept. Returns the
-- message; an id that is not a failed message is an error.
-- missing: Nothing to retry: no failed message with this id
-- :id  integer: the outbox message's id
-- display: id, template_name, group_name, status
UPDATE outbox SET status = 'queued', attempts = 0, due_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE id = :id AND status = 'failed'
RETURNING id, idempotency_key, template_id, template_name, group_id, group_name, text, location, status, attempts,
          last_error, created_at;
