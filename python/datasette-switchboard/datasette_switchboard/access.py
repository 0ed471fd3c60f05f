"""Who acts on the pages: the acting user (a `users.id` of the workspace) from Datasette's actor, and what they may do.

The plugin's settings (metadata `plugins: datasette-switchboard:`):

    actors: {"alice": "<users.id>"}     # a Datasette actor's id -> the workspace user it acts as
    actor_user_key: "switchboard_user"  # or: the actor's own key that holds its users.id (an auth plugin sets it)
    anonymous: "read"                   # "none" (the default): no pages without a mapped actor; "read": read-only
    anonymous_user: "<users.id>"        # whose pages an anonymous visitor reads (default: the database's only user)

A mapped actor reads and writes their own user's rows, and nobody else's: every canned query the pages run is given
their `user_id`. Anyone else (no actor, or one no setting maps) gets the read-only pages of `anonymous_user` when
`anonymous` is "read", else a 403. Datasette's own `view-database` permission applies first.
"""
from dataclasses import dataclass

from datasette.utils.asgi import Forbidden

PLUGIN = "datasette-switchboard"
ANONYMOUS = ("none", "read")


@dataclass(frozen=True)
class Access:
    """The acting user of one request (`user_id`, a users.id), whether they may write, and who they are signed in as
    (`actor_id`, None when anonymous)."""
    user_id: str
    can_write: bool
    actor_id: str = None


def settings(datasette):
    """The plugin's settings (an empty dict when none are given)."""
    return datasette.plugin_config(PLUGIN) or {}


def mapped_user(config, actor):
    """The users.id that `actor` (Datasette's actor dict, or None) acts as under `config`, or None."""
    if not actor:
        return None
    key = config.get("actor_user_key")
    if key and actor.get(key):
        return str(actor[key])
    user = (config.get("actors") or {}).get(str(actor.get("id")))
    return str(user) if user else None


async def access(datasette, request, database):
    """The Access of `request` to the pages of `database`; raises Forbidden (403) when it has none."""
    await datasette.ensure_permissions(request.actor, [("view-database", database), "view-instance"])
    config = settings(datasette)
    db = datasette.get_database(database)
    actor_id = str(request.actor["id"]) if request.actor and "id" in request.actor else None
    user = mapped_user(config, request.actor)
    if user is not None:
        if not await _is_user(db, user):
            raise Forbidden(f"{actor_id} acts as user {user}, whom this database does not hold")
        return Access(user, True, actor_id)
    anonymous = config.get("anonymous", "none")
    if anonymous not in ANONYMOUS:
        raise Forbidden(f"datasette-switchboard's anonymous setting is {anonymous!r}: it must be none or read")
    if anonymous == "none":
        raise Forbidden("Sign in to see these pages" if actor_id is None
                        else f"{actor_id} is not one of this workspace's users (the plugin's actors setting)")
    user = config.get("anonymous_user") or (await db.execute("SELECT id FROM sole_user")).first()
    if user is None:
        raise Forbidden("This workspace has several users: the plugin's anonymous_user setting names whose pages "
                        "anonymous visitors read")
    user = user if isinstance(user, str) else user[0]
    if not await _is_user(db, user):
        raise Forbidden(f"anonymous_user {user} is not a user of this database")
    return Access(user, False, actor_id)


async def _is_user(db, user):
    return (await db.execute("SELECT 1 FROM users WHERE id = ?", [user])).first() is not None
