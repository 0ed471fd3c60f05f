"""Which of Datasette's databases hold a Switchboard workspace (the `sole_user` view of the schema)."""
import weakref

# The databases found to hold a workspace: a workspace stays one, so each is asked once (the canned_queries hook
# alone is called once per canned query on a database's page, each a query of its views).
_workspace_databases = weakref.WeakSet()


async def is_workspace(datasette, database):
    """Whether the database named `database` is served and holds a workspace."""
    try:
        db = datasette.get_database(database)
    except KeyError:
        return False
    if db not in _workspace_databases:
        if "sole_user" not in await db.view_names():
            return False
        _workspace_databases.add(db)
    return True
