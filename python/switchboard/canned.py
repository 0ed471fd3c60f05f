"""Canned queries: the `.sql` files' headers parsed as the CLI parses them, and run with typed parameters.

A file starts with `-- name: NAME(PARAM, ...)OP` (OP: nothing for a read, `!` a write, `<!` a write
returning rows, `#` a script), then docstring lines: the summary, parameter declarations
`:name TYPE[, one of a|b][, RANGE][, required | optional | default VALUE][: description]` (RANGE, for
integer and real: `between LOW and HIGH`, `at least LOW` or `at most HIGH`, bounds included) and column types
`returns boolean|json: col, col`.
"""
import json
import pathlib
import re

_NAME_LINE = re.compile(r"^--\s*name:\s*(?P<name>[a-z0-9][a-z0-9_-]{0,63})\s*"
                        r"(?:\((?P<signature>[^)]*)\))?\s*(?P<op>|!|<!|#)\s*$")
_DECLARATION = re.compile(r"^:(?P<name>[A-Za-z_]\w*)[ \t]+(?P<type>text|integer|real|boolean)(?=$|[,:])")
_RETURNS = re.compile(r"^returns\s+(?P<type>\w+)\s*:\s*(?P<columns>.*)$")
# A string literal, quoted name or comment (kept as it is), or a `:name` parameter.
_PARAMETER_OR_SKIPPED = re.compile(r"""'(?:''|[^'])*'|"(?:""|[^"])*"|\[[^\]]*\]|--[^\n]*|/\*.*?\*/"""
                                   r"|(?<![\w:]):(?P<name>[A-Za-z_]\w*)", re.DOTALL)
_RANGE = re.compile(r"^(?:between (?P<low>\S+) and (?P<high>\S+)|at least (?P<least>\S+)|at most (?P<most>\S+))$")
_ARTICLE = {"text": "text", "integer": "an integer", "real": "a real number",
            "boolean": "a boolean (true|false|1|0|yes|no)"}


class QueryError(ValueError):
    """A canned query that cannot be parsed, or arguments that do not fit its declarations."""


class Parameter:
    """One declared parameter: name, type, allowed values, range, and required / optional / default."""

    def __init__(self, line, origin):
        """Parses a declaration line (the docstring line without `--`); `origin` names the file in errors."""
        match = _DECLARATION.match(line)
        rest = line[match.end():]
        # The description starts at the first ':' followed by a space or the end of the line.
        cut = re.search(r":(?= |$)", rest)
        specification, self.description = (rest[:cut.start()], rest[cut.end():].strip()) if cut else (rest, "")
        self.name, self.type = match["name"], match["type"]
        self.allowed, self.required, self.default = [], True, None
        self.range, self.minimum, self.maximum = None, None, None
        default = None
        for clause in [c.strip() for c in specification.split(",")][1:]:
            bounds = _RANGE.match(" ".join(clause.split()))
            if bounds and self.type in ("integer", "real"):
                self.range = " ".join(clause.split())
                self.minimum = _convert(self.type, bounds["low"] or bounds["least"]) if bounds["low"] or bounds["least"] else None
                self.maximum = _convert(self.type, bounds["high"] or bounds["most"]) if bounds["high"] or bounds["most"] else None
            elif clause.startswith("one of "):
                self.allowed = [value.strip() for value in clause[len("one of "):].split("|")]
            elif clause == "optional":
                self.required = False
            elif clause == "required":
                self.required = True
            elif clause.startswith("default "):
                raw = clause[len("default "):].strip()
                if len(raw) >= 2 and raw[0] == raw[-1] == "'":
                    raw = raw[1:-1]
                self.required, default = False, raw
            else:
                raise QueryError(f"{origin}: bad parameter declaration '{line}': unknown clause '{clause}'")
        if default is not None:
            self.default = self.convert(default)

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

    def __init__(self, text, origin):
        """Parses a query file's text; `origin` names it in errors."""
        lines = text.split("\n")
        header = _NAME_LINE.match(lines[0].strip()) if lines else None
        if header is None:
            raise QueryError(f"{origin}: the first line must be '-- name: NAME(PARAM, ...)' with nothing, '!', '<!' or '#' after it")
        self.name, self.origin = header["name"], origin
        self.kind = {"": "read", "!": "write", "<!": "write", "#": "script"}[header["op"]]
        self.returns_rows = header["op"] in ("", "<!")
        docstring, body = [], 1
        while body < len(lines) and lines[body].lstrip().startswith("--"):
            docstring.append(lines[body].strip()[2:].strip())
            body += 1
        self.summary, self.parameters, self.column_types = "", {}, {}
        for line in docstring:
            returns = _RETURNS.match(line)
            if returns and returns["type"] in ("boolean", "json"):
                for column in [c.strip() for c in returns["columns"].split(",") if c.strip()]:
                    self.column_types[column] = returns["type"]
            elif _DECLARATION.match(line):
                parameter = Parameter(line, origin)
                self.parameters[parameter.name] = parameter
            elif not self.summary:
                self.summary = line
        if header["signature"] is not None:
            signature = [name.strip() for name in header["signature"].split(",") if name.strip()]
            if sorted(signature) != sorted(self.parameters):
                raise QueryError(f"{origin}: the signature ({', '.join(signature)}) must list exactly the declared "
                                 f"parameters ({', '.join(self.parameters)})")
        self.sql = "\n".join(lines[body:]).strip()

    @classmethod
    def from_file(cls, path):
        """The query in `path`, a `.sql` file whose header names it as the file does."""
        path = pathlib.Path(path)
        query = cls(path.read_text(encoding="utf-8"), str(path))
        if query.name != path.stem:
            raise QueryError(f"{path}: the header names '{query.name}' but the file is {path.name}")
        return query

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

    def sql_for_text_parameters(self):
        """The SQL rewritten for hosts that bind every parameter as text and an unset one as `''`
        (Datasette's canned queries): each `:name` becomes an expression giving NULL for `''` (so the SQL's
        own defaults apply, as when the CLI leaves it unset) and the declared type otherwise (integer,
        real, boolean as 1/0 from true|false|1|0|yes|no). Strings, quoted names and comments are left alone.
        """
        def typed(name):
            value = f"nullif(:{name}, '')"
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
