"""A local server that speaks the Telegram Bot API method the sender examples/senders/telegram-bot-api.sh
calls, in the shapes of core.telegram.org/bots/api: POST /bot<token>/sendMessage (form or JSON fields
chat_id and text), answered {"ok": true, "result": Message} or {"ok": false, "error_code", "description",
"parameters": {"retry_after"}}:
  - a chat the world lists as a group: ok, a Message with a new message_id;
  - "missing": 400 "Bad Request: chat not found";
  - "kicked": 403 "Forbidden: bot was kicked from the group chat";
  - a wrong token: 401 "Unauthorized";
  - a fault {"endpoint": "sendMessage", "from": 1, "status": 429, "retry_after": 17}: 429 "Too Many Requests:
    retry after 17" with parameters.retry_after 17 (flood control).

The world (JSON):
    {"token": "123456:ABC-DEF", "chats": {"-1001": {"title": "Family Chat", "type": "supergroup"},
     "-1002": "missing", "-1003": "kicked"}, "faults": [...]}
Each request is logged with its chat_id and text.

    python3 Tests/fakes/telegram_bot_api.py --world world.json --log requests.jsonl
"""

import json
import threading
from urllib.parse import parse_qs

from fake_http import Handler, serve


class TelegramHandler(Handler):
    next_id = 1
    lock = threading.Lock()

    @staticmethod
    def load_world(world):
        return world

    @staticmethod
    def expected_rows(world):
        return []

    def do_POST(self):  # noqa: N802 - BaseHTTPRequestHandler's name
        world = self.server.world
        path, _ = self.parts()
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length).decode()
        if self.headers.get("Content-Type", "").startswith("application/json"):
            fields = json.loads(raw or "{}")
        else:
            fields = {key: values[-1] for key, values in parse_qs(raw, keep_blank_values=True).items()}
        prefix, _, method = path.lstrip("/").partition("/")
        authorized = prefix == "bot" + world["token"]
        chat, text = str(fields.get("chat_id", "")), fields.get("text")
        self.record(authorized, chat_id=chat, text=text)
        fault = self.server.faults.next(method)
        if self.hang(fault):
            return
        if not authorized:
            return self.send_json(401, {"ok": False, "error_code": 401, "description": "Unauthorized"})
        if method != "sendMessage":
            return self.send_json(404, {"ok": False, "error_code": 404, "description": "Not Found: method not found"})
        if fault and fault.get("status") == 429:
            after = fault.get("retry_after", 5)
            return self.send_json(429, {
                "ok": False, "error_code": 429, "description": f"Too Many Requests: retry after {after}", "parameters": {"retry_after": after},
            }, {"Retry-After": after})
        if fault and fault.get("status", 0) >= 500:
            return self.send_json(fault["status"], {"ok": False, "error_code": fault["status"], "description": "Internal Server Error"})
        group = world["chats"].get(chat, "missing")
        if not text:
            return self.send_json(400, {"ok": False, "error_code": 400, "description": "Bad Request: message text is empty"})
        if group == "missing":
            return self.send_json(400, {"ok": False, "error_code": 400, "description": "Bad Request: chat not found"})
        if group == "kicked":
            return self.send_json(403, {"ok": False, "error_code": 403, "description": "Forbidden: bot was kicked from the group chat"})
        with TelegramHandler.lock:
            message_id, TelegramHandler.next_id = TelegramHandler.next_id, TelegramHandler.next_id + 1
        bot_id = int(world["token"].split(":")[0])
        return self.send_json(200, {"ok": True, "result": {
            "message_id": message_id,
            "from": {"id": bot_id, "is_bot": True, "first_name": "Switchboard", "username": "switchboard_test_bot"},
            "chat": {"id": int(chat), "title": group["title"], "type": group["type"]},
            "date": 1767225600, "text": text,
        }})


if __name__ == "__main__":
    serve(TelegramHandler, "A local Telegram Bot API server for the tests.")
