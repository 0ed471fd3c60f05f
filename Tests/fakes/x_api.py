"""A local server that speaks the two X API v2 endpoints `switchboard sync posts --from x` calls, in the
shapes of X's API reference (docs.x.com): GET /2/users/by/username/:username and GET /2/users/:id/tweets
(tweet.fields, expansions=attachments.media_keys and media.fields honoured; max_results 5 to 100;
pagination_token from meta.next_token; since_id exclusive; newest first; at most the newest 3,200 posts,
as the real timeline, unless the user's "cap" says otherwise), its errors (problem objects; a 200 with
an "errors" array for an unknown username or a missing media key) and its rate-limit headers
(x-rate-limit-limit, -remaining, -reset; a 429 when the window is used up).

The world (JSON):
    {"token": "...", "reset": 1767229200,
     "users": [{"id": "1001", "username": "coach_a", "name": "Ann Smith", "profile_image_url": "https://...",
                "posts": [{"id": "1790000000000000001", "text": "...", "created_at": "2025-01-01T12:00:00.000Z",
                           "like_count": 3, "retweet_count": 1, "reply_count": 2, "quote_count": 0,
                           "media": [{"media_key": "3_1", "type": "photo", "url": "https://..."}],
                           "deleted": false, "malformed": null}],
                "generate": 250, "cap": 3200}],
     "faults": [{"endpoint": "tweets", "from": 3, "status": 429}]}
"generate": N adds N posts made up here (emoji and right-to-left text among them). A post "deleted" is
not in the timeline; "malformed": "no-id" drops its id, "bad-date" gives it created_at "yesterday".
A media item "missing": true is left out of includes and named in "errors", as X does for deleted media.

    python3 Tests/fakes/x_api.py --world world.json --log requests.jsonl --expect rows.jsonl
"""

import json
import time

from fake_http import MALFORMED, Handler, base36, serve

CAP = 3200
TOKEN_PREFIX = "7140dibdnow9c7btw"


def iso(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(seconds))


def generated(user, count):
    """`count` posts for `user`, oldest first: ids and times rising, every 5th with emoji, every 7th right-to-left."""
    base = int(user.get("first_id", "1790000000000000000"))
    posts = []
    for i in range(count):
        text = f"Practice update {i} from @{user['username']}"
        if i % 5 == 0:
            text += " 🔥🏈 let's go #recruiting"
        if i % 7 == 0:
            text += " مرحبا بالفريق שלום"
        media = []
        if i % 3 == 0:
            media.append({"media_key": f"3_{base + i}", "type": "photo", "url": f"https://pbs.twimg.com/media/{base + i}.jpg"})
        if i % 10 == 1:
            media.append({"media_key": f"7_{base + i}", "type": "video",
                          "preview_image_url": f"https://pbs.twimg.com/ext_tw_video_thumb/{base + i}.jpg"})
        posts.append({
            "id": str(base + i), "text": text, "created_at": iso(1735732800 + i * 600),
            "like_count": i % 97, "retweet_count": i % 13, "reply_count": i % 7, "quote_count": i % 3, "media": media,
        })
    return posts


def timeline(user):
    """The user's posts as the timeline holds them: newest first, the deleted left out, at most the cap."""
    posts = sorted((p for p in user["posts"] if not p.get("deleted")), key=lambda p: int(p["id"]), reverse=True)
    cap = user.get("cap", CAP)
    return posts if cap is None else posts[:cap]


def not_found(value, resource, parameter):
    """X's partial error for a resource that does not exist (an unknown user, a deleted media item)."""
    by = "id" if parameter != "username" else "username"
    return {
        "value": value, "detail": f"Could not find {resource} with {by}: [{value}].", "title": "Not Found Error",
        "resource_type": resource, "parameter": parameter, "resource_id": value,
        "type": "https://api.twitter.com/2/problems/resource-not-found",
    }


def media_url(media):
    return media.get("url") or media.get("preview_image_url")


class XHandler(Handler):
    @staticmethod
    def load_world(world):
        for user in world["users"]:
            user.setdefault("posts", [])
            user["posts"] += generated(user, user.get("generate", 0))
        return world

    @staticmethod
    def expected_rows(world):
        """What a full sync stores: spec 001's SocialPost fields of every post in a timeline, as Switchboard maps them."""
        for user in world["users"]:
            for post in timeline(user):
                if post.get("malformed"):
                    continue
                yield {
                    "platform": "twitter",
                    "post_url": f"https://x.com/{user['username']}/status/{post['id']}",
                    "post_content": post["text"],
                    "post_date": post["created_at"],
                    "author_handle": "@" + user["username"],
                    "author_name": user["name"],
                    "author_avatar_url": user.get("profile_image_url"),
                    "likes_count": post.get("like_count", 0),
                    "shares_count": post.get("retweet_count", 0),
                    "replies_count": post.get("reply_count", 0),
                    "media_urls": json.dumps(
                        [media_url(m) for m in post.get("media", []) if not m.get("missing")], ensure_ascii=False, separators=(",", ":")
                    ),
                }

    def do_GET(self):  # noqa: N802 - BaseHTTPRequestHandler's name
        world = self.server.world
        path, query = self.parts()
        authorized = self.headers.get("Authorization") == f"Bearer {world['token']}"
        endpoint = "lookup" if path.startswith("/2/users/by/username/") else "tweets" if path.endswith("/tweets") else "other"
        self.record(authorized)
        fault = self.server.faults.next(endpoint)
        if self.hang(fault):
            return
        limits = {"x-rate-limit-limit": 900, "x-rate-limit-remaining": 899, "x-rate-limit-reset": world.get("reset", 1767229200)}
        if fault and fault.get("body") == "malformed":
            return self.send_json(200, MALFORMED, limits)
        status = fault.get("status") if fault else None
        if not authorized or status == 401:
            return self.send_json(401, {"title": "Unauthorized", "type": "about:blank", "status": 401, "detail": "Unauthorized"})
        if status == 429:
            headers = dict(limits, **{"x-rate-limit-remaining": 0})
            if fault.get("retry_after"):
                headers["Retry-After"] = fault["retry_after"]
            return self.send_json(429, {"title": "Too Many Requests", "detail": "Too Many Requests", "type": "about:blank", "status": 429}, headers)
        if status and status >= 500:
            title = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable"}.get(status, "Server Error")
            return self.send_json(status, {"title": title, "detail": title, "type": "about:blank", "status": status})
        if endpoint == "lookup":
            return self.lookup(path.rsplit("/", 1)[1], query, limits)
        if endpoint == "tweets":
            return self.tweets(path.split("/")[3], query, limits)
        return self.send_json(404, {"title": "Not Found Error", "type": "about:blank", "status": 404, "detail": "Not Found"})

    def lookup(self, username, query, limits):
        user = next((u for u in self.server.world["users"] if u["username"].lower() == username.lower()), None)
        if user is None:
            return self.send_json(200, {"errors": [not_found(username, "user", "username")]}, limits)
        data = {"id": user["id"], "name": user["name"], "username": user["username"]}
        if "profile_image_url" in query.get("user.fields", "").split(",") and user.get("profile_image_url"):
            data["profile_image_url"] = user["profile_image_url"]
        return self.send_json(200, {"data": data}, limits)

    def tweets(self, user_id, query, limits):
        user = next((u for u in self.server.world["users"] if u["id"] == user_id), None)
        if user is None:
            return self.send_json(200, {"errors": [not_found(user_id, "user", "id")]}, limits)
        size = int(query.get("max_results", "10"))
        if not 5 <= size <= 100:
            return self.send_json(400, {
                "errors": [{"parameters": {"max_results": [str(size)]},
                            "message": f"The `max_results` query parameter value [{size}] is not between 5 and 100"}],
                "title": "Invalid Request", "detail": "One or more parameters to your request was invalid.",
                "type": "https://api.twitter.com/2/problems/invalid-request",
            }, limits)
        posts = timeline(user)
        if "since_id" in query:
            posts = [p for p in posts if int(p["id"]) > int(query["since_id"])]
        token = query.get("pagination_token")
        offset = int(token[len(TOKEN_PREFIX):], 36) if token else 0
        page = posts[offset:offset + size]
        fields = set(query.get("tweet.fields", "").split(","))
        expanded = "attachments.media_keys" in query.get("expansions", "").split(",")
        media_fields = set(query.get("media.fields", "").split(","))
        data, media, errors = [], [], []
        for post in page:
            tweet = {"id": post["id"], "text": post["text"], "edit_history_tweet_ids": [post["id"]]}
            if "created_at" in fields:
                tweet["created_at"] = post["created_at"]
            if "public_metrics" in fields:
                tweet["public_metrics"] = {
                    "retweet_count": post.get("retweet_count", 0), "reply_count": post.get("reply_count", 0),
                    "like_count": post.get("like_count", 0), "quote_count": post.get("quote_count", 0),
                    "bookmark_count": 0, "impression_count": 10 * post.get("like_count", 0),
                }
            if "attachments" in fields and post.get("media"):
                tweet["attachments"] = {"media_keys": [m["media_key"] for m in post["media"]]}
            if post.get("malformed") == "no-id":
                del tweet["id"]
            if post.get("malformed") == "bad-date":
                tweet["created_at"] = "yesterday"
            data.append(tweet)
            for item in post.get("media", []) if expanded else []:
                if item.get("missing"):
                    errors.append(dict(not_found(item["media_key"], "media", "attachments.media_keys"), section="includes"))
                    continue
                entry = {"media_key": item["media_key"], "type": item["type"]}
                for field in ("url", "preview_image_url"):
                    if field in media_fields and field in item:
                        entry[field] = item[field]
                media.append(entry)
        body = {}
        if data:
            body["data"] = data
        if media:
            body["includes"] = {"media": media}
        if errors:
            body["errors"] = errors
        meta = {"result_count": len(data)}
        if data:
            meta["newest_id"], meta["oldest_id"] = page[0]["id"], page[-1]["id"]
        if offset + size < len(posts):
            meta["next_token"] = TOKEN_PREFIX + base36(offset + size)
        body["meta"] = meta
        return self.send_json(200, body, limits)


if __name__ == "__main__":
    serve(XHandler, "A local X API v2 server for the tests.")
