"""Counters and search indexes under writers that know nothing of them (schema/0024_replaced_rows.sql): a seeded
random workload of inserts, INSERT OR REPLACE and REPLACE INTO (under a new rowid and the old one), upserts,
OR IGNORE, UPDATE OR REPLACE of every unique key, updates that move rows between counters, deletes, multi-row
inserts that fail half-way, rolled-back transactions and savepoints, run through the plain sqlite3 shell
(recursive_triggers and foreign_keys off, its defaults) and through sqlite-utils' Python API (with its own
default, recursive_triggers on, and with it off). Afterwards every counter equals count(*) of its rows and
every search index its table: `switchboard check` says so, line by line. A counter bent by hand is named by
`check` (table, key, stored and counted) and rebuilt by `check --repair`. The same workload on the triggers
of the schema before 0023 does drift: the workload can fail the test."""
import random
import re
import sqlite3
import subprocess

import pytest
import sqlite_utils

from conftest import CLI, MIGRATIONS

USERS = ["u1", "u2", "u3"]
SOUND = f"""database: ok
notifications_trigram: ok
social_post_chunks_trigram: ok
social_posts_fts: ok
social_posts_trigram: ok
counters: ok
schema version: {int(MIGRATIONS[-1].name[:4])}, the newest
schema: ok
"""
# Each counter table beside what counting its rows gives (as schema/0018 and 0021 first filled them).
EXACT = [
    ("SELECT user_id, platform, posts, flagged FROM social_media_post_counters ORDER BY 1, 2",
     "SELECT user_id, coalesce(platform, ''), count(*), count(CASE WHEN flagged_for_review IS 1 THEN 1 END) "
     "FROM social_media_posts GROUP BY 1, 2 ORDER BY 1, 2"),
    ("SELECT user_id, type, notifications, unread FROM notification_counters ORDER BY 1, 2",
     "SELECT user_id, coalesce(type, ''), count(*), count(CASE WHEN read_at IS NULL THEN 1 END) "
     "FROM notifications WHERE user_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2"),
    ("SELECT user_id, level, bucket, type, notifications, unread FROM notification_schedule_counters ORDER BY 1, 2, 3, 4",
     "SELECT n.user_id, l.column1, (n.scheduled_for_ms / 1000 + (n.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1), "
     "coalesce(n.type, ''), count(*), count(CASE WHEN n.read_at IS NULL THEN 1 END) "
     "FROM notifications AS n, (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l "
     "WHERE n.user_id IS NOT NULL AND n.scheduled_for_ms IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4"),
    ("SELECT user_id, type, templates FROM communication_template_counters ORDER BY 1, 2",
     "SELECT user_id, coalesce(type, ''), count(*) FROM communication_templates GROUP BY 1, 2 ORDER BY 1, 2"),
    ("SELECT user_id, sentiment, posts FROM social_media_post_sentiment_counters ORDER BY 1, 2",
     "SELECT user_id, coalesce(sentiment, ''), count(*) FROM social_media_posts GROUP BY 1, 2 ORDER BY 1, 2"),
    ("SELECT user_id, priority, notifications, unread FROM notification_priority_counters ORDER BY 1, 2",
     "SELECT user_id, priority, count(*), count(CASE WHEN read_at IS NULL THEN 1 END) "
     "FROM notifications WHERE user_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2"),
]
INDEXES = ["social_posts_fts", "social_posts_trigram", "notifications_trigram"]


def drift(path):
    """The counter tables that differ from counting, and the indexes that differ from their tables, by name."""
    con = sqlite3.connect(path)
    try:
        tables = {name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        found = [re.search(r"FROM (\w+)", counters).group(1) for counters, counted in EXACT
                 if re.search(r"FROM (\w+)", counters).group(1) in tables  # the schema under test has it
                 and con.execute(counters).fetchall() != con.execute(counted).fetchall()]
        for index in INDEXES:
            try:
                con.execute(f"INSERT INTO {index} ({index}, rank) VALUES ('integrity-check', 1)")
            except sqlite3.DatabaseError:
                found.append(index)
        return found
    finally:
        con.close()


def post(r, n, user):
    words = " ".join(r.choice(["alpha", "beta", "gamma", "#scholarship", "@coach", "camp"]) for _ in range(3))
    return {"id": f"p{n}", "user_id": user, "platform": r.choice(["twitter", "instagram"]), "post_url": f"https://x/{n % 12}",
            "post_date": "2026-02-01T10:00:00Z", "author_handle": f"@h{n % 5}", "author_name": f"A{n % 4}",
            "flagged_for_review": r.randrange(2), "post_content": words,
            "sentiment": r.choice([None, "positive", "negative", "neutral"])}


def notification(r, n, user):
    return {"id": f"n{n}", "user_id": user, "type": r.choice(["offer", "event", "daily_digest"]), "title": f"T{n} {r.choice(['x', 'y'])}",
            "message": r.choice(["alpha", "beta"]), "read_at": r.choice([None, "2026-02-09T08:00:00Z"]),
            "scheduled_for": r.choice(["2026-02-10T12:00:00Z", "2026-02-11T09:00:00Z", "1960-01-01T00:00:00Z", "1770724800"]),
            "priority": r.choice(["low", "normal", "high"])}


def template(r, n, user):
    return {"id": f"t{n}", "user_id": user, "name": f"N{n}", "type": r.choice(["email", "text", "twitter"]), "body": r.choice(["Hi", "Yo"])}


def sql(value):
    """The value as an SQL literal: NULL, 3 or 'it''s'."""
    return "NULL" if value is None else str(value) if isinstance(value, int) else "'" + str(value).replace("'", "''") + "'"


def row(record):
    """The record's values as an SQL row: `('p1', 'u1', 0, NULL)`."""
    return f"({', '.join(sql(v) for v in record.values())})"


def values(record):
    """`(columns) VALUES (values)` of the record."""
    return f"({', '.join(record)}) VALUES {row(record)}"


def statement(r):
    """One random write, as SQL any tool could send."""
    user, other, n, k = r.choice(USERS), r.choice(USERS), r.randrange(30), r.randrange(34)
    p, q, t = post(r, n, user), notification(r, n, None if n % 7 == 0 else user), template(r, n, user)
    bad = dict(post(r, k, user), id=f"bad{k}", post_url=f"https://bad/{k}", platform="myspace")
    good = dict(post(r, k, user), id=f"m{k}", post_url=f"https://m/{k}")
    return r.choice([
        f"INSERT OR REPLACE INTO social_media_posts {values(p)}",
        f"REPLACE INTO social_media_posts {values(dict(p, seq=k, id=f'q{k}', post_url=f'https://y/{n}'))}",
        f"INSERT OR IGNORE INTO social_media_posts {values(p)}",
        f"INSERT INTO social_media_posts {values(p)} ON CONFLICT (user_id, post_url) DO UPDATE SET platform = excluded.platform, "
        "flagged_for_review = excluded.flagged_for_review, post_content = excluded.post_content, sentiment = excluded.sentiment",
        f"INSERT INTO social_media_posts {values(p)} ON CONFLICT DO NOTHING",
        # A multi-row insert failing at its second row (a CHECK), and one replacing before it fails.
        f"INSERT INTO social_media_posts {values(good)}, {row(bad)}",
        f"INSERT OR REPLACE INTO social_media_posts {values(p)}, {row(bad)}",
        f"UPDATE social_media_posts SET platform = '{p['platform']}', flagged_for_review = {p['flagged_for_review']} WHERE seq % 4 = {n % 4}",
        f"UPDATE OR REPLACE social_media_posts SET post_url = 'https://x/{n % 12}' WHERE seq = {k}",
        f"UPDATE OR REPLACE social_media_posts SET seq = {n} WHERE seq = {k}",
        f"UPDATE OR REPLACE social_media_posts SET id = 'p{n}', post_content = 'moved {n}' WHERE seq = {k}",
        f"UPDATE OR REPLACE social_media_posts SET user_id = '{other}' WHERE seq % 5 = {n % 5}",
        f"UPDATE social_media_posts SET sentiment = {sql(p['sentiment'])} WHERE seq % 3 = {n % 3}",
        f"DELETE FROM social_media_posts WHERE seq % 7 = {n % 7}",
        f"INSERT OR REPLACE INTO notifications {values(dict(q, seq=n, id=f'n{k}'))}",
        f"INSERT OR REPLACE INTO notifications {values(q)}",
        f"INSERT INTO notifications {values(q)} ON CONFLICT (id) DO UPDATE SET type = excluded.type, read_at = excluded.read_at, "
        "title = excluded.title",
        f"UPDATE OR REPLACE notifications SET seq = {n} WHERE seq = {k}",
        f"UPDATE OR REPLACE notifications SET id = 'n{n}', title = 'moved' WHERE seq = {k}",
        f"UPDATE notifications SET user_id = '{other}', scheduled_for = '{q['scheduled_for']}' WHERE seq % 5 = {n % 5}",
        f"UPDATE notifications SET read_at = {'NULL' if q['read_at'] is None else repr(q['read_at'])} WHERE seq % 3 = {n % 3}",
        f"UPDATE notifications SET priority = '{q['priority']}', read_at = NULL WHERE seq % 4 = {n % 4}",
        f"DELETE FROM notifications WHERE seq % 6 = {n % 6}",
        f"INSERT OR REPLACE INTO communication_templates {values(dict(t, seq=n, id=f't{k}'))}",
        f"INSERT OR REPLACE INTO communication_templates {values(t)}",
        f"UPDATE OR REPLACE communication_templates SET id = 't{n}', type = '{t['type']}' WHERE seq = {k}",
        f"UPDATE communication_templates SET user_id = '{other}' WHERE seq % 4 = {n % 4}",
        f"DELETE FROM communication_templates WHERE seq % 5 = {n % 5}",
        f"INSERT OR REPLACE INTO tg_groups (id, title) VALUES ({-1000 - n % 10}, 'G {p['post_content']}')",
        f"UPDATE OR REPLACE tg_groups SET id = {-1000 - n % 10} WHERE id = {-1000 - k % 10}",
        f"DELETE FROM tg_groups WHERE id = {-1000 - n % 10}",
    ])


def script(seed, steps):
    """The workload as one sqlite3 script: single writes, rolled-back transactions and rolled-back savepoints."""
    r = random.Random(seed)
    lines = ["INSERT OR IGNORE INTO users (id, name) VALUES ('u1', 'A'), ('u2', 'B'), ('u3', 'C');"]
    for _ in range(steps):
        kind = r.random()
        if kind < 0.08:
            lines += ["BEGIN;"] + [statement(r) + ";" for _ in range(3)] + ["ROLLBACK;"]
        elif kind < 0.16:
            lines += ["BEGIN;", statement(r) + ";", "SAVEPOINT s;"] + [statement(r) + ";" for _ in range(2)]
            lines += ["ROLLBACK TO s;", "RELEASE s;", "COMMIT;"]
        else:
            lines.append(statement(r) + ";")
    return "\n".join(lines) + "\n"


def shell(path, text):
    """Feeds `text` to the sqlite3 shell, going on past errors (a failing statement is part of the workload)."""
    result = subprocess.run(["sqlite3", "-batch", str(path)], input=text, capture_output=True, text=True, timeout=300)
    assert result.returncode in (0, 1), result.stderr
    return result.stderr


def check(path, *flags):
    return subprocess.run([CLI, "check", *flags, "--db", str(path)], capture_output=True, text=True, timeout=120)


@pytest.fixture
def workspace(tmp_path):
    path = tmp_path / "workspace.db"
    subprocess.run([CLI, "init", "--db", str(path)], check=True, capture_output=True, timeout=60)
    return path


def test_the_sqlite3_shell_leaves_no_drift(workspace):
    errors = shell(workspace, script(30, 700))
    # The workload reached the failing statements and the replaces it is made of.
    assert "CHECK constraint failed: social_platform_valid" in errors and "UNIQUE constraint failed" in errors
    con = sqlite3.connect(workspace)
    counts = con.execute("SELECT (SELECT count(*) FROM social_media_posts), (SELECT count(*) FROM notifications), "
                         "(SELECT count(*) FROM communication_templates), (SELECT count(*) FROM tg_groups)").fetchone()
    con.close()
    assert all(count > 2 for count in counts), counts
    assert drift(workspace) == []
    result = check(workspace)
    assert (result.stdout, result.stderr, result.returncode) == (SOUND, "", 0)


@pytest.mark.parametrize("recursive", [True, False])
def test_sqlite_utils_leaves_no_drift(workspace, recursive):
    """sqlite-utils' own writes (insert with replace or ignore, upsert, insert_all that fails half-way, update,
    delete_where) and the workload's SQL through its connection, with its default (recursive_triggers on) and off.
    Without plugins, as sqlite-utils is found anywhere (the sqlite-utils-switchboard plugin would turn
    recursive_triggers and foreign_keys on)."""
    con = sqlite3.connect(workspace, isolation_level=None)
    db = sqlite_utils.Database(con, recursive_triggers=recursive, execute_plugins=False)
    assert con.execute("PRAGMA recursive_triggers").fetchone() == (int(recursive),)
    db.execute("INSERT OR IGNORE INTO users (id, name) VALUES ('u1', 'A'), ('u2', 'B'), ('u3', 'C')")
    r = random.Random(31 + recursive)
    posts, notifications, templates = db["social_media_posts"], db["notifications"], db["communication_templates"]
    failed = 0
    for _ in range(500):
        n, user = r.randrange(30), r.choice(USERS)
        kind = r.randrange(10)
        try:
            if kind == 0:
                posts.insert(post(r, n, user), replace=True)
            elif kind == 1:
                posts.upsert(post(r, n, user), pk="id")
            elif kind == 2:
                posts.insert_all([post(r, n, user), dict(post(r, n + 1, user), platform="myspace")], ignore=bool(n % 2))
            elif kind == 3:
                notifications.insert(notification(r, n, user), replace=True)
            elif kind == 4:
                notifications.upsert(notification(r, n, user), pk="id")
            elif kind == 5:
                templates.insert(template(r, n, user), replace=True)
            elif kind == 6:
                posts.delete_where("seq % 7 = ?", [n % 7])
            elif kind == 7:
                con.execute("SAVEPOINT s")
                db.execute(statement(r))
                con.execute("ROLLBACK TO s")
                con.execute("RELEASE s")
            else:
                db.execute(statement(r))
        except sqlite3.DatabaseError:
            failed += 1
            if con.in_transaction:
                con.execute("ROLLBACK")
    con.close()
    assert failed > 10
    assert drift(workspace) == []
    result = check(workspace)
    assert (result.stdout, result.stderr, result.returncode) == (SOUND, "", 0)


def test_check_names_drift_put_in_by_hand_and_repair_rebuilds_it(workspace):
    shell(workspace, script(32, 200))
    user = "'u1'"
    con = sqlite3.connect(workspace)
    posts = con.execute(f"SELECT posts, flagged FROM social_media_post_counters WHERE user_id = {user} AND platform = 'twitter'").fetchone()
    con.close()
    shell(workspace, f"UPDATE social_media_post_counters SET posts = posts + 2 WHERE user_id = {user} AND platform = 'twitter';\n"
                     "INSERT INTO communication_template_counters (user_id, type, templates) VALUES ('ghost', 'email', 3);\n")
    bent = (f"social_media_post_counters user_id='u1' platform='twitter': stored posts={posts[0] + 2} flagged={posts[1]}, "
            f"counted posts={posts[0]} flagged={posts[1]}")
    ghost = "communication_template_counters user_id='ghost' type='email': stored templates=3, counted none"
    found = check(workspace)
    assert found.stdout == SOUND.replace("counters: ok\n", f"counters: 2 rows differ from count(*)\n  {bent}\n  {ghost}\n")
    assert found.stderr == ("error: counters differ from their rows: social_media_post_counters, communication_template_counters; "
                            "run switchboard check --repair\n")
    assert found.returncode == 1
    repaired = check(workspace, "--repair")
    assert repaired.stdout == f"Repaired 2 counter rows:\n  {bent}\n  {ghost}\n" + SOUND
    assert (repaired.stderr, repaired.returncode) == ("", 0)
    assert drift(workspace) == []
    again = check(workspace, "--repair")
    assert again.stdout == "Repaired no counter: each equals its rows.\n" + SOUND


def test_the_workload_drifts_the_triggers_before_0023(tmp_path):
    """The control: the schema files before 0023 applied by the sqlite3 shell, then the same workload."""
    path = tmp_path / "before.db"
    for migration in MIGRATIONS:
        if int(migration.name[:4]) < 24:
            subprocess.run(["sqlite3", "-bail", str(path)], stdin=open(migration), capture_output=True, check=True)
    shell(path, script(30, 700))
    assert set(drift(path)) >= {"social_media_post_counters", "notification_counters", "communication_template_counters",
                                "social_posts_fts", "notifications_trigram"}
