"""Canned queries from Python: apsw + aiosql, with libswitchboard loaded, into a CSV summary.

    python examples/report.py switchboard-demo.db .build/debug/libswitchboard.so summary.csv

Runs queries/social-stats.sql and queries/notifications-type-counts.sql and writes one CSV row per
statistic. aiosql loads queries/ with its default settings: the name lines carry aiosql's signatures.
"""
import csv
import sys

import aiosql
import apsw


def main(db_path, extension, out_path, queries="queries"):
    connection = apsw.Connection(db_path)
    connection.enable_load_extension(True)
    connection.load_extension(extension)
    connection.execute("SELECT switchboard_now('2026-02-10T12:00:00Z')")
    sql = aiosql.from_path(queries, "apsw")
    rows = []
    for stats in sql.social_stats(connection, user_id=None):
        rows += [("social", name, value) for name, value in zip(
            ("totalPosts", "twitterPosts", "instagramPosts", "flaggedPosts"), stats[:4])]
    for chip in sql.notifications_type_counts(connection, user_id=None, when=None):
        rows.append(("notifications", chip[1], chip[3]))
    with open(out_path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(("area", "name", "value"))
        writer.writerows(rows)
    return rows


if __name__ == "__main__":
    main(*sys.argv[1:4])
