#!/usr/bin/env bash
# Cron-ready: renders the digest as one self-contained HTML file, records the run (--notify adds a
# daily_digest notification, so the next digest's "new since" starts now), then mails it if
# DIGEST_MAIL_TO is set and `mail` exists, else keeps it in DIGEST_DIR.
#
#   crontab:  0 7 * * 1  SWITCHBOARD_DB=$HOME/switchboard.db /path/to/examples/weekly-digest.sh
#
# Environment: SWITCHBOARD_DB (the database), SWITCHBOARD (the CLI, default: switchboard on PATH),
# DIGEST_DIR (default ~/digests), DIGEST_MAIL_TO (optional), SWITCHBOARD_NOW (optional, pins the clock).
set -euo pipefail
switchboard="${SWITCHBOARD:-switchboard}"
dir="${DIGEST_DIR:-$HOME/digests}"
mkdir -p "$dir"
out="$dir/digest-$(date +%Y-%m-%d).html"
"$switchboard" report digest --format html --out "$out" --notify
if [ -n "${DIGEST_MAIL_TO:-}" ] && command -v mail >/dev/null; then
    mail -s "Switchboard digest $(date +%Y-%m-%d)" -a "Content-Type: text/html; charset=utf-8" "$DIGEST_MAIL_TO" < "$out"
    echo "mailed $out to $DIGEST_MAIL_TO"
else
    echo "saved $out"
fi
