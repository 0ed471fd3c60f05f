"""The feed's "Sync Posts" button: runs the sync command the operator configured (never one a visitor supplies) for
the acting user, and answers with the sync's own words ("Synced 3 new posts", "No new posts found. You're up to date!",
"Sync failed: <reason>").

    plugins:
      datasette-switchboard:
        sync_command: ["switchboard", "sync", "posts", "--command", "/srv/fetch-coach-posts.sh"]

The plugin appends `--json --db <the database file> --user <the acting user's id>` and reads the JSON answer
(`{"success", "message", "newPostCount"}`). One sync of a database at a time: a second press while one runs is told
so, as the app disables its button while syncing.
"""
import asyncio
import json
import shlex

from .access import settings

# How long a sync may run, in seconds (the sync_timeout setting); the CLI's own --timeout bounds a --command's fetch.
TIMEOUT = 600
NOT_SET_UP = ("Sync failed: no source is set up on this server (the operator sets datasette-switchboard's "
              "sync_command)")
RUNNING = "Sync failed: a sync of these posts is already running"
_running = set()


def command(datasette):
    """The configured sync command as an argument list, or None."""
    configured = settings(datasette).get("sync_command")
    if not configured:
        return None
    return shlex.split(configured) if isinstance(configured, str) else [str(part) for part in configured]


async def sync(datasette, path, user_id):
    """(the sync's message, whether it succeeded) for the database file `path` and the user `user_id`."""
    argv = command(datasette)
    if argv is None:
        return NOT_SET_UP, False
    if path in _running:
        return RUNNING, False
    _running.add(path)
    try:
        return await _run(argv + ["--json", "--db", path, "--user", user_id],
                          float(settings(datasette).get("sync_timeout", TIMEOUT)))
    finally:
        _running.discard(path)


async def _run(argv, timeout):
    try:
        process = await asyncio.create_subprocess_exec(*argv, stdin=asyncio.subprocess.DEVNULL,
                                                       stdout=asyncio.subprocess.PIPE,
                                                       stderr=asyncio.subprocess.PIPE)
    except OSError as error:
        return f"Sync failed: cannot run {argv[0]} ({error.strerror or error})", False
    try:
        out, err = await asyncio.wait_for(process.communicate(), timeout)
    except TimeoutError:
        process.kill()
        await process.wait()
        return f"Sync failed: the sync took longer than {timeout:g} s", False
    for line in reversed(out.decode("utf-8", "replace").splitlines()):
        try:
            answer = json.loads(line)
        except ValueError:
            continue
        if isinstance(answer, dict) and "message" in answer:
            return str(answer["message"]), bool(answer.get("success")) and process.returncode == 0
    reason = err.decode("utf-8", "replace").strip().splitlines()
    reason = reason[-1].removeprefix("error: ") if reason else f"exit status {process.returncode}"
    return (reason if reason.startswith("Sync failed") else f"Sync failed: {reason}"), False
