"""A local server that speaks the Instagram Graph API call `switchboard sync posts --from instagram` makes,
in the shapes of Meta's reference (developers.facebook.com, IG User Business Discovery and IG Media):

    GET /{ig-user-id}?fields=business_discovery.username(NAME){id,username,name,profile_picture_url,
        media.after(CURSOR).limit(N){id,caption,media_type,media_url,permalink,timestamp,username,like_count,comments_count}}

answered {"business_discovery": {..., "media": {"data": [...], "paging": {"cursors": {"before", "after"},
"next"}}}, "id": ...}: the other account's /media edge read through business discovery, newest first,
paged by cursors (`next` only while more follow), at most the newest 10,000 media as the edge documents.
Errors are Graph error objects {"error": {"message", "type", "code", "error_subcode", "fbtrace_id"}}: an
unknown username (code 110, subcode 2207013), a bad or expired token (HTTP 400, OAuthException code 190,
subcode 463 for "expired"), throttling (code 80002 with an X-Business-Use-Case-Usage header whose
estimated_time_to_regain_access is in minutes), transient server errors (code 2, HTTP 503).

The world (JSON):
    {"token": "...", "viewer_id": "17841405309211844",
     "users": [{"id": "17841401441775531", "username": "coach_b", "name": "Bo Lee", "profile_picture_url": "https://...",
                "media": [{"id": "...", "caption": "...", "media_type": "IMAGE", "media_url": "https://...",
                           "permalink": "https://www.instagram.com/p/ABC/", "timestamp": "2025-01-01T12:00:00+0000",
                           "like_count": 3, "comments_count": 1, "deleted": false, "malformed": null}],
                "generate": 250}],
     "faults": [{"endpoint": "media", "from": 2, "status": 429, "retry_after": "120"},
                {"endpoint": "media", "from": 1, "error": "expired"}, {"endpoint": "media", "from": 1, "error": "throttled"}]}
"malformed": "no-permalink" drops the permalink, "bad-date" gives timestamp "yesterday".

    python3 Tests/fakes/instagram_api.py --world world.json --log requests.jsonl --expect rows.jsonl
"""

import json
import re
import time

from fake_http import MALFORMED, Handler, base36, serve

CAP = 10000
FIELDS = re.compile(r"^business_discovery\.username\(([^)]*)\)\{(.*)\}$")
MEDIA = re.compile(r"media((?:\.\w+\([^)]*\))*)\{([^}]*)\}")
CURSOR_PREFIX = "QVFIUmx1WXhWY0"


def generated(user, count):
    """`count` media for `user`, oldest first; captions with emoji and right-to-left text, some without a
    caption, a like count (hidden likes) or a media_url (copyrighted audio)."""
    base = int(user.get("first_id", "17900000000000000"))
    media = []
    for i in range(count):
        caption = f"Camp day {i} with @{user['username']}"
        if i % 5 == 0:
            caption += " 💪🏀 #recruiting"
        if i % 7 == 0:
            caption += " أهلا وسهلا שלום"
        item = {
            "id": str(base + i), "caption": caption, "media_type": ["IMAGE", "VIDEO", "CAROUSEL_ALBUM"][i % 3],
            "media_url": f"https://scontent.cdninstagram.com/v/{base + i}.jpg",
            "permalink": f"https://www.instagram.com/p/C{base + i:x}/",
            "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S+0000", time.gmtime(1735732800 + i * 600)),
            "like_count": i % 89, "comments_count": i % 11,
        }
        if i % 11 == 3:
            del item["caption"]
        if i % 13 == 4:
            del item["like_count"]
        if i % 17 == 5 and item["media_type"] == "VIDEO":
            del item["media_url"]
        media.append(item)
    return media


def feed(user):
    """The account's media as the edge holds them: newest first, the deleted left out, at most 10,000."""
    items = [m for m in user["media"] if not m.get("deleted")]
    return sorted(items, key=lambda m: m["timestamp"], reverse=True)[:CAP]


def graph_error(message, code, subcode=None, **extra):
    error = {"message": message, "type": "OAuthException", "code": code}
    if subcode:
        error["error_subcode"] = subcode
    error.update(extra)
    error["fbtrace_id"] = "AbCdEfGhIjK"
    return {"error": error}


class InstagramHandler(Handler):
    @staticmethod
    def load_world(world):
        for user in world["users"]:
            user.setdefault("media", [])
            user["media"] += generated(user, user.get("generate", 0))
        return world

    @staticmethod
    def expected_rows(world):
        for user in world["users"]:
            for item in feed(user):
                if item.get("malformed"):
                    continue
                yield {
                    "platform": "instagram",
                    "post_url": item["permalink"],
                    "post_content": item.get("caption", ""),
                    "post_date": item["timestamp"],
                    "author_handle": "@" + user["username"],
                    "author_name": user.get("name") or user["username"],
                    "author_avatar_url": user.get("profile_picture_url"),
                    "likes_count": item.get("like_count", 0),
                    "shares_count": 0,
                    "replies_count": item.get("comments_count", 0),
                    "media_urls": json.dumps([item["media_url"]] if "media_url" in item else [], separators=(",", ":")),
                }

    def do_GET(self):  # noqa: N802 - BaseHTTPRequestHandler's name
        world = self.server.world
        path, query = self.parts()
        authorized = self.headers.get("Authorization") == f"Bearer {world['token']}"
        self.record(authorized)
        fault = self.server.faults.next("media")
        if self.hang(fault):
            return
        if fault and fault.get("body") == "malformed":
            return self.send_json(200, MALFORMED)
        if fault and fault.get("error") == "expired" or not authorized:
            message = (
                "Error validating access token: Session has expired on Tuesday, 01-Jul-25 10:00:00 PDT. "
                "The current time is Tuesday, 01-Jul-25 11:00:00 PDT." if authorized else "Invalid OAuth access token - Cannot parse access token"
            )
            return self.send_json(400, graph_error(message, 190, 463 if authorized else None))
        if fault and fault.get("error") == "throttled":
            usage = {world["viewer_id"]: [{"type": "instagram", "call_count": 100, "total_cputime": 12, "total_time": 20,
                                           "estimated_time_to_regain_access": 15}]}
            return self.send_json(
                400, graph_error("There have been too many calls to this Instagram account. Wait a bit and try again.", 80002, is_transient=True),
                {"X-Business-Use-Case-Usage": json.dumps(usage, separators=(",", ":"))})
        status = fault.get("status") if fault else None
        if status == 429:
            return self.send_json(429, graph_error("Too many requests", 4, is_transient=True), {"Retry-After": fault.get("retry_after", "60")})
        if status and status >= 500:
            return self.send_json(status, graph_error("Service temporarily unavailable", 2, is_transient=True))
        match = FIELDS.match(query.get("fields", ""))
        if path.strip("/") != world["viewer_id"] or not match:
            return self.send_json(400, graph_error("Unsupported get request.", 100, 33))
        username, inner = match.groups()
        user = next((u for u in world["users"] if u["username"].lower() == username.lower()), None)
        if user is None:
            return self.send_json(400, graph_error(
                "Invalid user id", 110, 2207013, is_transient=False, error_user_title="Cannot find User",
                error_user_msg=f"The user with username: {username} cannot be found."))
        account = {}
        fields = MEDIA.sub("", inner).split(",")
        for field in ("id", "username", "name", "profile_picture_url"):
            if field in fields and user.get(field if field != "username" else "username"):
                account[field] = user[field]
        media = MEDIA.search(inner)
        if media:
            modifiers = dict(re.findall(r"\.(\w+)\(([^)]*)\)", media.group(1)))
            account["media"] = self.page(user, modifiers, media.group(2).split(","))
        return self.send_json(200, {"business_discovery": account, "id": world["viewer_id"]})

    @staticmethod
    def page(user, modifiers, fields):
        items = feed(user)
        limit = int(modifiers.get("limit", "25"))
        after = modifiers.get("after")
        offset = int(after[len(CURSOR_PREFIX):], 36) + 1 if after else 0
        chosen = items[offset:offset + limit]
        data = []
        for item in chosen:
            entry = {key: item[key] for key in fields if key in item}
            if "username" in fields:
                entry["username"] = user["username"]
            if item.get("malformed") == "no-permalink":
                entry.pop("permalink", None)
            if item.get("malformed") == "bad-date":
                entry["timestamp"] = "yesterday"
            data.append(entry)
        page = {"data": data}
        if data:
            page["paging"] = {"cursors": {"before": cursor(offset), "after": cursor(offset + len(data) - 1)}}
            if offset + len(data) < len(items):
                page["paging"]["next"] = "https://graph.facebook.com/v25.0/" + user["id"] + "/media?after=" + cursor(offset + len(data) - 1)
        return page


def cursor(index):
    return CURSOR_PREFIX + base36(index)


if __name__ == "__main__":
    serve(InstagramHandler, "A local Instagram Graph API server for the tests.")
