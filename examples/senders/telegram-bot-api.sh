#!/bin/sh
# A sender that posts each message to Telegram through the Bot API, with YOUR OWN bot token.
# Needs curl and jq. The tests run it against a local server that speaks the Bot API
# (Tests/fakes/telegram_bot_api.py, via TELEGRAM_API_URL); they have no network.
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
# The token never reaches a command line: curl reads the URL that holds it from its standard input
# (printf is built into the shell), so ps and /proc/PID/cmdline do not show it; nor does curl's environment.
#
# What Telegram answers becomes the exit status deliver reads (docs/quick-send.md, "Sender programs"):
#   ok                                     exit 0: sent
#   429 Too Many Requests (flood control)  exit 75 and "retry-after: N" on standard output: the next
#                                          attempt waits Telegram's parameters.retry_after seconds
#   400 Bad Request (chat not found, …)    exit 65 (EX_DATAERR): permanent, the message is not retried
#   403 Forbidden (bot kicked, blocked)    exit 77 (EX_NOPERM): permanent, the message is not retried
#   anything else (401, 5xx, no network)   exit 1: retried with deliver's backoff
# The description Telegram gave is the last line on standard error, kept as the message's last_error.
#
# Duplicates: deliver is at-least-once. A deliverer killed after Telegram accepted a message but
# before it recorded "sent" sends it again after the lease expires, with the same idempotency_key.
# This script keeps the keys it has sent in $SENT_KEYS (default ~/.switchboard-sent-keys) and
# skips a key it has seen, which closes most of that window.
#
# Input (one line of JSON on standard input): id, idempotency_key, group_id, group_name, text,
# template_id, template_name, attempt, fencing_token.
set -eu
: "${TELEGRAM_BOT_TOKEN:?set TELEGRAM_BOT_TOKEN to your bot token}"
token=$TELEGRAM_BOT_TOKEN
unset TELEGRAM_BOT_TOKEN  # curl and jq need it in no environment
case $token in
    *[!A-Za-z0-9:_-]*) echo "TELEGRAM_BOT_TOKEN holds a character a bot token never has" >&2; exit 1 ;;
esac
api=${TELEGRAM_API_URL:-https://api.telegram.org}
keys=${SENT_KEYS:-$HOME/.switchboard-sent-keys}
message=$(cat)
key=$(printf '%s' "$message" | jq -r '.idempotency_key')
if [ -f "$keys" ] && grep -qxF "$key" "$keys"; then
    echo "already sent $key; skipping the duplicate" >&2
    exit 0
fi
chat=$(printf '%s' "$message" | jq -r '.group_id')
text=$(printf '%s' "$message" | jq -r '.text')
response=$(printf 'url = "%s/bot%s/sendMessage"\n' "$api" "$token" |
    curl --disable -sS --max-time 20 --config - --data-urlencode "chat_id=$chat" --data-urlencode "text=$text") ||
    { echo "network error" >&2; exit 1; }
if ! printf '%s' "$response" | jq -e 'type == "object"' > /dev/null 2>&1; then
    echo "Telegram: not a Bot API answer" >&2
    exit 1
fi
if [ "$(printf '%s' "$response" | jq -r '.ok')" = "true" ]; then
    printf '%s\n' "$key" >> "$keys"
    exit 0
fi
printf '%s' "$response" | jq -r '"Telegram: " + (.description // "unknown error")' >&2
case $(printf '%s' "$response" | jq -r '.error_code // empty') in
    429)
        printf 'retry-after: %s\n' "$(printf '%s' "$response" | jq -r '.parameters.retry_after // empty')"
        exit 75 ;;
    400) exit 65 ;;
    403) exit 77 ;;
    *) exit 1 ;;
esac
