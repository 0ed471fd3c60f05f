#!/bin/sh
# A sender for trying quick-send out: appends each message to a file instead of sending it.
#
#   switchboard deliver --command 'examples/senders/append-to-file.sh'            # to ./sent-messages.jsonl
#   SENT_FILE=/tmp/sent.jsonl switchboard deliver --command 'examples/senders/append-to-file.sh'
#
# switchboard deliver writes the message as one line of JSON on standard input:
#   {"attempt":1,"fencing_token":7,"group_id":-1001234567890,"group_name":"Family","id":3,
#    "idempotency_key":"…","template_id":"…","template_name":"On my way","text":"…"}
# Exit 0 means sent; anything else is a failure, and the last line printed on standard error
# becomes the message's last_error. The line is appended whole (one write), so two deliverers
# appending to the same file do not interleave lines.
set -eu
file=${SENT_FILE:-./sent-messages.jsonl}
line=$(cat)
printf '%s\n' "$line" >> "$file"
