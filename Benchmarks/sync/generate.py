#!/usr/bin/env python3
"""Writes N SocialPost records twice, the same rows: NDJSON for `switchboard sync posts`, and CSV
with every column of social_media_posts in table order for sqlite3's `.import`.
Usage: generate.py N OUT.ndjson OUT.csv"""
import csv
import json
import sys

n, ndjson_path, csv_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
words = ["great", "camp", "offer", "visit", "#recruiting", "@coach", "proud", "team", "season", "win", "practice", "film"]
with open(ndjson_path, "w") as nd, open(csv_path, "w", newline="") as cf:
    writer = csv.writer(cf)
    for i in range(n):
        content = " ".join(words[(i * k) % len(words)] for k in range(1, 12)) + f" post {i}"
        post = {
            "id": f"00000000-0000-4000-8000-{i:012d}", "platform": "twitter" if i % 3 else "instagram",
            "post_url": f"https://x.com/coach{i % 500}/status/{i}", "post_content": content,
            "post_date": f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00Z",
            "author_handle": f"@coach{i % 500}", "author_name": f"Coach {i % 500}",
            "is_recruiting_related": i % 2 == 0, "flagged_for_review": False, "sentiment": "neutral",
            "created_at": "2026-02-10T12:00:00Z", "updated_at": "2026-02-10T12:00:00Z",
        }
        nd.write(json.dumps(post, separators=(",", ":")) + "\n")
        # seq, id, user_id, coach_id, school_id, platform, post_url, post_content, post_date, author_handle,
        # author_name, author_avatar_url, media_urls, likes, shares, replies, recruiting, flagged, sentiment,
        # notes, created_at, updated_at, search_tags
        writer.writerow([i + 1, post["id"], "u1", "", "", post["platform"], post["post_url"], content, post["post_date"],
                         post["author_handle"], post["author_name"], "", "[]", 0, 0, 0, int(post["is_recruiting_related"]), 0,
                         "neutral", "", post["created_at"], post["updated_at"], ""])
