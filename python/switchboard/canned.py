"""Canned queries, read from the catalog the switchboard CLI writes, and run with typed parameters.

The CLI's parser is the only one: `switchboard queries --format json` prints, per query, its name, kind
(read, write, script), op (aiosql's suffix: '' a read, '!' a write, '<!' a write returning rows, '#' a
script), description, declarations (each parameter's type, allowed values, range with its bounds,
requirement, default and description), column types and SQL. The package ships that output as
catalog.json, written when it is built; a folder of your own `.sql` files is read by running the CLI
on it (`switchboard` on PATH, or $SWITCHBOARD_CLI). Nothing here reads a `.sql` header.

    import switchboard
    entry = next(e for e in switchboard.catalog() if e["name"] == "social-feed")
    entry["declarations"][0]    # {"name": "user_id", "type": "text", "requirement": "optional", ...}
    switchboard.CannedQuery(entry).parameters["limit"].default   # 50
"""
import json
import os
import pathlib
import re
import shutil
import subprocess

_HERE = pathlib.Path(__file__).resolve().parent
_BUNDLED = _HERE / "catalog.json"
# A string literal, quoted name or comment (kept as it is), or a `:name` parameter.
_PARAMETER_OR_SKIPPED = re.compile(r"""'(?:''|[^'])*'|"(?:""|[^"])*"|\[[^\]]*\]|--[^\n]*|/\*.*?\*/"""
                                   r"|(?<![\w:]):(?P<name>[A-Za-z_]\w*)", re.DOTALL)
_ARTICLE = {"text": "text", "integer": "an integer", "real": "a real number",
            "boolean": "a boolean (true|false|1|0|yes|no)"}


class QueryError(ValueError):
    """A canned query that cannot be read (a missing catalog, an unusable file of your own, no CLI to read it),
    or arguments that do not fit its declarations."""


class Parameter:
    """One declared parameter: name, type, allowed values, range, and required / optional / default."""

    def __init__(self, declaration):
        """From a catalog declaration: `{"name", "type", "requirement", "default", "allowed", "range",
        "minimum", "maximum", "description"}`, as `switchboard queries --format json` prints it.

            Parameter({"name": "limit", "type": "integer", "requirement": "default", "default": "50",
                       "allowed": [], "range": "between 1 and 10000", "minimum": 1, "maximum": 10000,
                       "description": "page size"}).default   # 50
        """
        self.name, self.type, self.description = declaration["name"], declaration["type"], declaration["description"]
        self.allowed = list(declaration["allowed"])
        self.range, self.minimum, self.maximum = declaration["range"], declaration["minimum"], declaration["maximum"]
        self.required = declaration["requirement"] == "required"
        self.default = None if declaration["default"] is None else self.convert(declaration["default"])

    def convert(self, value):
        """The bindable value for `value` (a Python value or the text the CLI would take), checked."""
        converted = _convert(self.type, value)
        if converted is None:
            raise QueryError(f"parameter :{self.name} must be {_ARTICLE[self.type]}, got {value!r}")
        if self.allowed and converted not in [_convert(self.type, allowed) for allowed in self.allowed]:
            raise QueryError(f"parameter :{self.name} must be one of {'|'.join(self.allowed)}, got {value!r}")
        if ((self.minimum is not None and converted < self.minimum)
                or (self.maximum is not None and converted > self.maximum)):
            raise QueryError(f"parameter :{self.name} must be {self.range}, got {value!r}")
        return converted


def _convert(kind, value):
    """`value` as `kind` (text, integer, real, boolean as 1/0), or None when it is not one."""
    if kind == "text":
        return value if isinstance(value, str) else None
    if kind == "boolean":
        if isinstance(value, bool) or value in (0, 1):
            return int(value)
        return {"true": 1, "1": 1, "yes": 1, "false": 0, "0": 0, "no": 0}.get(str(value).lower())
    if isinstance(value, bool):
        return None
    try:
        number = int(value) if kind == "integer" else float(value)
    except (TypeError, ValueError):
        return None
    if kind == "integer" and isinstance(value, float) and value != number:
        return None
    return number if kind == "integer" or number == number and abs(number) != float("inf") else None


class CannedQuery:
    """One canned query. Call it with a connection that has the extension loaded and keyword arguments."""

    def __init__(self, entry):
        """From one catalog entry (a dict of `switchboard queries --format json`, see `catalog`)."""
        self.name, self.origin, self.kind = entry["name"], entry["origin"], entry["kind"]
        self.returns_rows = entry["returns_rows"]
        self.summary, self.description = entry["summary"], entry["description"]
        self.parameters = {declaration["name"]: Parameter(declaration) for declaration in entry["declarations"]}
        self.column_types = dict(entry["column_types"])
        self.sql = entry["sql"]

    @classmethod
    def from_file(cls, path):
        """The query in `path`, a `.sql` file whose header names it as the file does: the bundled catalog's
        entry for a bundled file, else the entry the switchboard CLI gives for it (see `catalog`)."""
        path = pathlib.Path(path)
        bundled = path.resolve().parent == (_HERE / "queries").resolve()
        entries, problems = (_bundled(), []) if bundled else _folder(path.parent)
        entry = next((entry for entry in entries if entry["name"] == path.stem), None)
        if entry is None:
            raise QueryError(next((problem for problem in problems if path.name in problem),
                                  f"{path}: no such query (the header must name it {path.stem})"))
        return cls(entry)

    def bindings(self, arguments):
        """Every declared parameter's value: given ones converted and checked, defaults applied, the rest None.

        A given None counts as not given. Raises `QueryError` for an unknown parameter, a missing required
        one, or a value of the wrong type, not among the allowed values or out of the declared range.
        """
        unknown = sorted(set(arguments) - set(self.parameters))
        if unknown:
            raise QueryError(f"unknown parameter :{unknown[0]} for query '{self.name}'")
        values = {}
        for name, parameter in self.parameters.items():
            given = arguments.get(name)
            if given is not None:
                values[name] = parameter.convert(given)
            elif parameter.required:
                raise QueryError(f"missing required parameter :{name}")
            else:
                values[name] = parameter.default
        return values

    def __call__(self, conn, **arguments):
        """Runs the query on `conn` (stdlib sqlite3 or APSW).

        A read returns its rows as dicts, a `<!` write its RETURNING rows, a `!` write the number of
        changed rows. Declared boolean columns come back as True/False, json columns holding valid JSON
        as Python values. A write runs in a savepoint: it changes nothing when it fails.
        """
        values = self.bindings(arguments)
        if self.kind == "script":
            raise QueryError(f"{self.name} is a script ('#'); run it with the switchboard CLI")
        if self.kind == "read":
            return self._rows(conn, values)
        conn.execute("SAVEPOINT switchboard_write")
        try:
            rows = self._rows(conn, values)
            changes = _first(conn, "SELECT changes()")
        except BaseException:
            conn.execute("ROLLBACK TO switchboard_write")
            conn.execute("RELEASE switchboard_write")
            raise
        conn.execute("RELEASE switchboard_write")
        return rows if self.returns_rows else changes

    def _rows(self, conn, values):
        cursor = conn.cursor()
        try:
            cursor.execute(self.sql, values)
            try:  # APSW describes the columns only while the statement has rows to give
                columns = [column[0] for column in cursor.description or []]
            except Exception:
                columns = []
            return [self._typed(dict(zip(columns, row))) for row in cursor.fetchall()]
        finally:
            cursor.close()

    def _typed(self, row):
        for column, kind in self.column_types.items():
            value = row.get(column)
            if value is None:
                continue
            if kind == "boolean":
                row[column] = bool(value)
            elif isinstance(value, str):
                try:
                    row[column] = json.loads(value)
                except ValueError:
                    pass
        return row

    def sql_for_text_parameters(self, prefix=""):
        """The SQL rewritten for hosts that bind every parameter as text and an unset one as `''`
        (Datasette's canned queries): each `:name` becomes an expression giving NULL for `''` (so the SQL's
        own defaults apply, as when the CLI leaves it unset) and the declared type otherwise (integer,
        real, boolean as 1/0 from true|false|1|0|yes|no). Strings, quoted names and comments are left alone.
        With `prefix`, each parameter is bound as `:{prefix}name` instead (to use the SQL inside another
        statement with parameters of its own).
        """
        def typed(name):
            value = f"nullif(:{prefix}{name}, '')"
            kind = self.parameters[name].type if name in self.parameters else "text"
            if kind == "integer":
                return f"CAST({value} AS INTEGER)"
            if kind == "real":
                return f"CAST({value} AS REAL)"
            if kind == "boolean":
                return (f"(CASE lower({value}) WHEN 'true' THEN 1 WHEN '1' THEN 1 WHEN 'yes' THEN 1 "
                        f"WHEN 'false' THEN 0 WHEN '0' THEN 0 WHEN 'no' THEN 0 END)")
            return value
        return _PARAMETER_OR_SKIPPED.sub(lambda m: f"({typed(m['name'])})" if m["name"] else m[0], self.sql)

    def __repr__(self):
        return f"<CannedQuery {self.name} ({self.kind})>"


def _first(conn, sql):
    cursor = conn.cursor()
    try:
        return cursor.execute(sql).fetchall()[0][0]
    finally:
        cursor.close()


def catalog(folder=None):
    """The catalog entries (dicts, as `switchboard queries --format json` prints them), sorted by name.

    Without `folder`: the bundled queries, from catalog.json. With it: that folder's own `.sql` files,
    as the switchboard CLI parses them (`switchboard` on PATH, or $SWITCHBOARD_CLI); raises `QueryError`
    naming the file when one cannot be used, or when there is no CLI.

        [entry["name"] for entry in catalog()][:2]     # ['coaches-create', 'coaches-delete']
        catalog("my-queries")[0]["origin"]             # '/home/me/my-queries/coach-notes.sql'
    """
    if folder is None:
        return _bundled()
    entries, problems = _folder(folder)
    if problems:
        raise QueryError("; ".join(problems))
    return entries


def _bundled():
    if not _BUNDLED.exists():
        raise QueryError(f"{_BUNDLED} is missing: reinstall switchboard-sqlite (its build writes the catalog)")
    return json.loads(_BUNDLED.read_text(encoding="utf-8"))


def _folder(folder):
    """(the folder's own entries, the CLI's complaints about its unusable files)."""
    cli = os.environ.get("SWITCHBOARD_CLI") or shutil.which("switchboard")
    if not cli:
        raise QueryError(f"reading the queries in {folder} needs the switchboard CLI, which parses their headers: "
                         "put it on PATH as switchboard or set SWITCHBOARD_CLI")
    result = subprocess.run([cli, "queries", "--queries", str(folder), "--format", "json"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise QueryError(result.stderr.strip() or f"{cli} queries --queries {folder} failed")
    root = pathlib.Path(folder).resolve()
    entries = [entry for entry in json.loads(result.stdout) if pathlib.Path(entry["origin"]).parent == root]
    problems = [line[len("warning: "):] for line in result.stderr.splitlines() if line.startswith("warning: ")]
    return entries, problems


class Queries:
    """The canned queries of one connection, as attributes named with `_` for `-` (`q.social_feed(...)`)."""

    def __init__(self, conn, canned):
        """Keeps `conn` and turns on what every Switchboard connection needs, as the CLI does:
        `PRAGMA foreign_keys=ON` and `PRAGMA recursive_triggers=ON`."""
        self._conn = conn
        self._queries = {query.name: query for query in canned}
        for statement in ("PRAGMA foreign_keys=ON", "PRAGMA recursive_triggers=ON"):
            conn.execute(statement)

    def __getattr__(self, attribute):
        query = self._queries.get(attribute.replace("_", "-")) or self._queries.get(attribute)
        if query is None:
            raise AttributeError(f"no canned query '{attribute.replace('_', '-')}'")
        return lambda **arguments: query(self._conn, **arguments)

    def __getitem__(self, name):
        """The `CannedQuery` called `name` (`social-feed`)."""
        return self._queries[name]

    def __iter__(self):
        return iter(self._queries.values())

    def __dir__(self):
        return sorted(name.replace("-", "_") for name in self._queries)
