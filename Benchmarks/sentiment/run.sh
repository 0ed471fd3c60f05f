#!/usr/bin/env bash
# Accuracy of sentiment_classify against VADER on Tests/data/sentiment_labelled.tsv (BENCHMARKS.md, "Sentiment").
#
#   Benchmarks/sentiment/run.sh                  # tuning, held-out and all posts, both classifiers
#   Benchmarks/sentiment/run.sh --split tuning --errors   # what tuning looks at: the tuning split's mistakes
#
# Builds the release extension, makes a venv in .build/sentiment-venv with vaderSentiment 3.3.2
# (the reference; not a test dependency), and runs evaluate.py with the arguments given.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product switchboard 2>&1 | grep -v 'warning:' | tail -n 1
venv=.build/sentiment-venv
# A Python whose sqlite3 module can load extensions (Debian's can; pyenv builds often cannot).
python="${PYTHON:-python3}"
if ! "$python" -c 'import sqlite3; sqlite3.Connection.enable_load_extension' 2>/dev/null; then python=/usr/bin/python3; fi
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
    "$venv/bin/pip" install -q vaderSentiment==3.3.2
fi
"$venv/bin/python" Benchmarks/sentiment/evaluate.py .build/release/libswitchboard.so "$@"
