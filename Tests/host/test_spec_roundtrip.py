"""Round trips in the specs' own JSON shapes (specs 000-004 in the shared specifications folder).

Each record goes into its table with the spec's keys and values as they are (ISO timestamps with Z,
+00:00 or fractional seconds, JSON booleans, nulls), written with plain SQLite as any tool would
(APSW, no extension loaded): booleans as 0/1, arrays as JSON text. The API-shaped canned query,
run through the `switchboard` CLI with `--format json`, must give every spec key back with the
same value. The spec's own example comes first in each list, then realistic variants.
"""
import json
import os
import subprocess

import apsw
import pytest

from conftest import ROOT

CLI = os.environ.get("SWITCHBOARD_CLI", str(ROOT / ".build" / "debug" / "switchboard-cli"))
USER = "00000001-0000-4000-8000-0000000000aa"


def cli(db, *arguments):
    """Runs the CLI on `db` and returns its parsed JSON output."""
    result = subprocess.run([CLI, *arguments, "--db", str(db), "--format", "json"], capture_output=True, text=True,
                            env={**os.environ, "SWITCHBOARD_NOW": "2026-02-12T00:00:00Z"}, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def insert(db, table, record, rename=None):
    """INSERT one spec record with plain SQLite: the keys are the columns, values bound as SQLite stores JSON."""
    rename = rename or {}
    columns = [rename.get(key, key) for key in record]
    values = [json.dumps(v, separators=(",", ":")) if isinstance(v, (list, dict)) else v for v in record.values()]
    con = apsw.Connection(str(db))
    con.execute("PRAGMA foreign_keys = ON; PRAGMA recursive_triggers = ON")
    con.execute(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(values))})", values)
    con.close()


@pytest.fixture
def workspace(tmp_path):
    """A new workspace (`switchboard init`) with its athlete created by the profile-create query."""
    db = tmp_path / "workspace.db"
    subprocess.run([CLI, "init", "--db", str(db)], check=True, capture_output=True, timeout=60)
    profile = cli(db, "run", "profile-create", "-p", "name=Jordan Rivera", "-p", f"id={USER}", "-p", "sport=Soccer")
    assert profile[0]["id"] == USER
    return db


def assert_same(record, row):
    """Every key of the spec record comes back with the same JSON value."""
    assert {key: row.get(key, "<missing>") for key in record} == record


TEMPLATES = [
    {"id": "0b6f4a52-1c1e-4c55-9a55-2f1d3c4b5a60", "user_id": USER, "name": "Initial Contact Email", "type": "email",
     "body": "Dear {{coach_name}},\n\nMy name is {{athlete_name}}...",
     "variables": ["coach_name", "athlete_name", "school_name"],
     "created_at": "2026-02-10T12:00:00Z", "updated_at": "2026-02-10T12:00:00Z"},
    {"id": "tmpl-2", "user_id": USER, "name": "Quick text", "type": "text", "body": "Hi {{coach_name}}!",
     "variables": None, "created_at": "2026-02-09T08:15:30.123Z", "updated_at": "2026-02-09T08:15:30+00:00"},
    {"id": "tmpl-3", "user_id": USER, "name": "Tweet", "type": "twitter", "body": "Thanks @coach for the visit 🎉",
     "variables": [], "created_at": "2026-01-01T00:00:00+00:00", "updated_at": "2026-01-02T00:00:00Z"},
]


@pytest.mark.parametrize("record", TEMPLATES, ids=lambda r: r["id"])
def test_communication_template_round_trip(workspace, record):
    insert(workspace, "communication_templates", record)
    assert_same(record, cli(workspace, "run", "templates-show", "-p", f"id={record['id']}")[0])
    assert_same(record, next(r for r in cli(workspace, "run", "templates-list") if r["id"] == record["id"]))


SOCIAL_POSTS = [
    {"id": "uuid", "coach_id": "coach-uuid", "school_id": "school-uuid", "platform": "twitter",
     "post_url": "https://twitter.com/...", "post_content": "Excited to announce...", "post_date": "2026-02-10T14:30:00Z",
     "author_handle": "@coachsmith", "author_name": "Coach John Smith", "is_recruiting_related": True,
     "flagged_for_review": False, "sentiment": "positive", "notes": None, "created_at": "2026-02-10T14:35:00Z"},
    {"id": "post-2", "coach_id": None, "school_id": None, "platform": "instagram",
     "post_url": "https://www.instagram.com/p/ABC/", "post_content": "Camp day! 🔥\nSee you there #CampSeason",
     "post_date": "2026-02-11T09:00:00.250+00:00", "author_handle": "@prepsoccer", "author_name": "Prep Soccer News",
     "is_recruiting_related": False, "flagged_for_review": True, "sentiment": None,
     "notes": "Important: Check eligibility requirements", "created_at": "2026-02-11T09:05:00+00:00",
     "updated_at": "2026-02-11T10:00:00.5Z"},
]


@pytest.mark.parametrize("record", SOCIAL_POSTS, ids=lambda r: r["id"])
def test_social_post_round_trip(workspace, record):
    insert(workspace, "social_media_posts", {**record, "user_id": USER})
    row = next(r for r in cli(workspace, "run", "social-feed") if r["id"] == record["id"])
    assert_same(record, row)
    assert set(row) >= {"created_at", "updated_at"}
    if record["school_id"] is not None:
        assert row["school_name"] == "Unknown School"


NOTIFICATIONS = [
    {"id": "n-1", "user_id": USER, "type": "daily_digest", "title": "Your daily digest", "message": "3 new posts",
     "priority": "normal", "read_at": None, "scheduled_for": "2026-02-10T12:00:00Z", "sent_at": None,
     "email_sent": None, "email_sent_at": None, "action_url": None, "related_entity_type": None,
     "related_entity_id": None, "related_school_id": None, "related_coach_id": None, "related_offer_id": None,
     "related_event_id": None, "created_at": "2026-02-10T12:00:00Z", "updated_at": "2026-02-10T12:00:00Z"},
    {"id": "n-2", "user_id": USER, "type": "offer", "title": "Offer from State", "message": "Congratulations!",
     "priority": "high", "read_at": "2026-02-10T13:00:00.123Z", "scheduled_for": "2026-02-10T12:00:00+00:00",
     "sent_at": "2026-02-10T12:00:01Z", "email_sent": True, "email_sent_at": "2026-02-10T12:00:02Z",
     "action_url": "/offers?highlight=9", "related_entity_type": "offer", "related_entity_id": "9",
     "related_school_id": "school-1", "related_coach_id": "coach-1", "related_offer_id": "9",
     "related_event_id": None, "created_at": "2026-02-10T11:59:00Z", "updated_at": "2026-02-10T13:00:00.123Z"},
    {"id": "n-3", "user_id": USER, "type": "event", "title": "Elite ID Camp", "message": "Bring cleats",
     "priority": "low", "read_at": None, "scheduled_for": "2026-02-09T08:00:00Z", "sent_at": None,
     "email_sent": False, "email_sent_at": None, "action_url": "/events/42", "related_entity_type": "event",
     "related_entity_id": "42", "related_school_id": None, "related_coach_id": None, "related_offer_id": None,
     "related_event_id": "42", "created_at": "2026-02-01T00:00:00Z", "updated_at": "2026-02-01T00:00:00Z"},
]


@pytest.mark.parametrize("record", NOTIFICATIONS, ids=lambda r: r["id"])
def test_notification_round_trip(workspace, record):
    insert(workspace, "notifications", record)
    row = next(r for r in cli(workspace, "run", "notifications-inbox", "-p", "when=all") if r["id"] == record["id"])
    assert_same(record, row)
    assert row["is_read"] is (record["read_at"] is not None)


TG_TEMPLATES = [
    {"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "name": "On my way", "icon": "car.fill",
     "message_text": "On my way! 🚗", "target_group_id": -1001234567890, "target_group_name": "Family",
     "include_location": True, "sort_order": 0, "created_at": "2026-02-10T12:00:00Z",
     "updated_at": "2026-02-10T12:00:00Z"},
    {"id": "5A1B2C3D-0000-4000-8000-000000000002", "name": "Running late", "icon": "paperplane.fill",
     "message_text": "Running late", "target_group_id": None, "target_group_name": None,
     "include_location": False, "sort_order": 1, "created_at": "2026-02-10T12:01:00.5Z",
     "updated_at": "2026-02-10T12:01:00+00:00"},
]


def test_telegram_templates_and_widget_round_trip(workspace):
    for record in TG_TEMPLATES:
        insert(workspace, "tg_templates", record)
    rows = cli(workspace, "run", "tg-templates")
    for record, row in zip(TG_TEMPLATES, rows):
        assert_same(record, row)
    widget = cli(workspace, "run", "tg-widget")
    assert widget == [{"id": r["id"], "name": r["name"], "icon": r["icon"], "messageText": r["message_text"],
                       "targetGroupId": r["target_group_id"], "targetGroupName": r["target_group_name"],
                       "includeLocation": r["include_location"]} for r in TG_TEMPLATES]


GROUPS = [{"id": -1001234567890, "title": "Family", "memberCount": 4},
          {"id": -1009876543210, "title": "Team Chat", "memberCount": 23}]


def test_telegram_groups_round_trip(workspace):
    for position, record in enumerate(GROUPS):
        insert(workspace, "tg_groups", {**record, "sort_order": position}, rename={"memberCount": "member_count"})
    # The spec's TelegramGroup, plus its computed displayTitle ("Title (N members)"), which the picker shows.
    assert cli(workspace, "run", "tg-groups") == [
        {**group, "displayTitle": f"{group['title']} ({group['memberCount']} members)"} for group in GROUPS]


POSTS = [
    {"id": 22, "user_id": 7, "parent_id": None, "title": "asnaroo", "summary": "fix all the things",
     "body": "I'm a self-taught ninja software confectioner...", "image_url": None,
     "created_at": "2026-02-10T12:00:00Z", "timezone": "Europe/London", "location_tag": None, "ai_generated": False,
     "author_name": "asnaroo", "author_email": "test@example.com", "template_name": "profile",
     "placeholder_title": "name", "placeholder_summary": "mission", "placeholder_body": "personal statement",
     "child_count": 1},
    {"id": 23, "user_id": 7, "parent_id": 22, "title": "", "summary": "", "body": "A reply",
     "image_url": "https://cdn.example.com/a.jpg", "created_at": "2026-02-10T12:30:00.250+00:00", "timezone": "UTC",
     "location_tag": "London", "ai_generated": True, "author_name": None, "author_email": None,
     "template_name": "missing-template", "placeholder_title": None, "placeholder_summary": None,
     "placeholder_body": None, "child_count": 0},
]
DERIVED = {"placeholder_title", "placeholder_summary", "placeholder_body", "child_count"}


def test_post_round_trip(workspace):
    insert(workspace, "post_templates", {"name": "profile", "placeholder_title": "name", "placeholder_summary": "mission",
                                         "placeholder_body": "personal statement"})
    for record in POSTS:
        insert(workspace, "posts", {k: v for k, v in record.items() if k not in DERIVED})
    for record in POSTS:
        row = cli(workspace, "run", "posts-show", "-p", f"id={record['id']}")[0]
        assert_same(record, row)
    labels = cli(workspace, "run", "posts-show", "-p", "id=23")[0]
    assert (labels["title_label"], labels["summary_label"], labels["body_label"]) == ("Title", "Summary", "Body")
    templates = cli(workspace, "run", "posts-templates")
    assert templates == [{"status": "ok", "templates": [{"name": "profile", "placeholder_title": "name",
                                                         "placeholder_summary": "mission",
                                                         "placeholder_body": "personal statement"}]}]
