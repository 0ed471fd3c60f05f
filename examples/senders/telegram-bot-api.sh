#!/bin/sh
# A sender that posts each message to Telegram through the Bot API, with YOUR OWN bot token.
# Not run by the tests (they have no network). Needs curl and jq.
#
# Setup:
#   1. Create a bot with @BotFather and copy its token.
#   2. Add the bot to each group you send to (group_id is the group's chat id, e.g. -1001234567890).
#   3. export TELEGRAM_BOT_TOKEN=123456:ABC...   (keep it out of scripts and shell history)
#   4. switchboard deliver --command examples/senders/telegram-bot-api.sh --watch
#
# Messages then come from the bot, not from your account (the app used TDLib for that; a TDLib
# script reading the same JSON works the same way).
#
# Duplicates: deliver is at-least-once. A deliverer killed after Telegram accepted a message but
# before it recorded "sent" sends it again after the lease expires, with the same idempotency_key.
# This script keeps the keys it has sent in $SENT_KEYS (default ~/.switchboard-sent-keys) and
# skips a key it has seen, which closes most of that window.
#
# Input (one line of JSON on standard input): id, idempotency_key, group_id, group_name, text,
# template_id, template_name, attempt, fencing_token. Exit 0 = sent; otherwise the last line on
# standard error is kept as the error and the message is retried with backoff.
set -eu
: "${TELEGRAM_BOT_TOKEN:?set TELEGRAM_BOT_TOKEN to your bot token}"
keys=${SENT_KEYS:-$HOME/.switchboard-sent-keys}
message=$(cat)
key=$(printf '%s' "$message" | jq -r '.idempotency_key')
if [ -f "$keys" ] && grep -qxF "$key" "$keys"; then
    echo "already sent $key; skipping the duplicate" >&2
    exit 0
fi
chat=$(printf '%s' "$message" | jq -r '.group_id')
text=$(printf '%s' "$message" | jq -r '.text')
response=$(curl -sS --max-time 20 -X POST "https://api.telegram.org/bot${TELEGRAM_BOT_TOKEN}/sendMessage" \
    --data-urlencode "chat_id=$chat" --data-urlencode "text=$text") || { echo "network error" >&2; exit 1; }
if [ "$(printf '%s' "$response" | jq -r '.ok')" != "true" ]; then
    printf '%s' "$response" | jq -r '"Telegram: " + (.description // "unknown error")' >&2
    exit 1
fi
printf '%s\n' "$key" >> "$keys"
