"""Search recall: Switchboard's search finds whatever the apps' own filter finds (0 misses).

The apps' filters (specs 001 Appendix A, 002 §5, 003 Phase 4) are a case-insensitive substring test of
the whole query on each field; the reference below is that test in Python, `query.lower() in field.lower()`.
queries/social-feed.sql, notifications-inbox.sql and tg-groups.sql must return every row the reference
finds. Extra rows are allowed only from the query's words in any order (docs/search.md), and in the inbox and
groups from accent folding too (`cafe` finds `café`, unicode61's remove_diacritics); the test counts the extras
it cannot explain that way and requires none.

Two databases: the demo data (the migrations and schema/demo/*.sql, as test_aiosql builds it) and a
generated corpus of tricky text (substrings inside words, handles, hashtags, punctuation, emoji, accents,
non-ASCII case such as ZOË, quotes, LIKE wildcards % and _, 1- and 2-character queries, several words), with
more than 5000 posts so that common terms take the ordered-scan path of the hybrid and rare ones the index
path.
"""
import random
import re
import unicodedata

import apsw
import pytest

from conftest import DEMO_SCRIPTS, FAST_EXTENSION, MIGRATIONS, ROOT

QUERIES = ROOT / "queries"
# A parameter: `:name` outside string literals and `--` comments (whose apostrophes are not quotes).
PARAMETER = re.compile(r"'(?:''|[^'])*'|--[^\n]*|(?<![:\w]):(\w+)")
NOW = "2026-02-10T12:00:00Z"


# The apps' filters ------------------------------------------------------------------------------

def spec_match(query, *fields):
    """The apps' filter: the whole query, lowercased, inside one of the fields, lowercased."""
    q = query.lower()
    return any(q in (field or "").lower() for field in fields)


def fold(text):
    """Lowercased with diacritics removed (what unicode61 remove_diacritics 2 compares)."""
    return "".join(c for c in unicodedata.normalize("NFD", (text or "").lower().replace("ς", "σ")) if not unicodedata.combining(c))


def allowed_extra(query, *fields):
    """An extra the design allows: every word of the query, lowercased and accents folded, in some field
    (the words in any order)."""
    return all(any(fold(word) in fold(field) for field in fields) for word in query.split())


def lower(text):
    """Lowercased with ς read as σ (docs/search.md): no accent folding."""
    return (text or "").lower().replace("ς", "σ")


def word_order_extra(query, *fields):
    """The feed's only extras (docs/search.md): every word of the query, lowercased, in some field, in any order."""
    return all(any(lower(word) in lower(field) for field in fields) for word in query.split())


# Running the canned queries ----------------------------------------------------------------------

def apply_schema(con, with_demo):
    paths = MIGRATIONS + (DEMO_SCRIPTS if with_demo else [])
    for path in paths:
        con.execute(path.read_text()).fetchall()
    con.execute("SELECT switchboard_now(?)", (NOW,)).fetchall()


def connect():
    con = apsw.Connection(":memory:")
    con.enable_load_extension(True)
    con.load_extension(FAST_EXTENSION)  # 1,253 queries: the release build, as users load it
    return con


def run(con, name, **arguments):
    sql = (QUERIES / f"{name}.sql").read_text()
    names = {match for match in PARAMETER.findall(sql) if match}
    bindings = {key: arguments.get(key) for key in names}
    cursor = con.execute(sql, bindings)
    try:
        columns = [d[0] for d in cursor.getdescription()]
    except apsw.ExecutionCompleteError:  # no rows
        return []
    return [dict(zip(columns, row)) for row in cursor]


class Corpus:
    """The searchable rows of a database, read once, for the reference filter."""

    def __init__(self, con):
        self.user = con.execute("SELECT id FROM users ORDER BY id LIMIT 1").fetchall()[0][0]
        self.posts = {row[0]: row[1:] for row in con.execute(
            "SELECT id, post_content, author_name, author_handle, post_date FROM social_media_posts WHERE user_id = ?",
            (self.user,))}
        self.notifications = {row[0]: row[1:] for row in con.execute(
            "SELECT id, title, message FROM notifications WHERE user_id = ?", (self.user,))}
        self.groups = {row[0]: row[1:] for row in con.execute("SELECT id, title FROM tg_groups")}


def check(con, corpus, query):
    """Runs the three searches for query; returns a list of problems (misses, unexplained extras)."""
    problems = []

    def compare(what, rows, found_ids, allowed=allowed_extra):
        expected = {key for key, fields in rows.items() if spec_match(query, *fields)}
        for key in expected - found_ids:
            problems.append(f"{what}: MISS {query!r} -> {rows[key]!r}")
        for key in found_ids - expected:
            if not allowed(query, *rows[key]):
                problems.append(f"{what}: unexplained extra {query!r} -> {rows[key]!r}")

    everything = run(con, "social-feed", search=query, user_id=corpus.user, limit=10 ** 9)
    # The feed folds no accent: its extras are the words in any order only.
    compare("social-feed", {k: v[:3] for k, v in corpus.posts.items()}, {row["id"] for row in everything}, word_order_extra)
    # One page, as the app asks for it: every expected post newer than the page's last row is on it.
    page = run(con, "social-feed", search=query, user_id=corpus.user)
    if page:
        last = (page[-1]["post_date"], page[-1]["id"])
        on_page = {row["id"] for row in page}
        for key, (content, name, handle, date) in corpus.posts.items():
            if spec_match(query, content, name, handle) and (date, key) >= last and key not in on_page:
                problems.append(f"social-feed page: MISS {query!r} -> {content!r}")
    elif any(spec_match(query, *v[:3]) for v in corpus.posts.values()):
        problems.append(f"social-feed page: empty for {query!r}")

    inbox = run(con, "notifications-inbox", search=query, user_id=corpus.user, when="all")
    compare("notifications-inbox", corpus.notifications, {row["id"] for row in inbox})
    groups = run(con, "tg-groups", search=query)
    compare("tg-groups", corpus.groups, {row["id"] for row in groups})
    return problems


def substrings_of(rng, texts, count, lengths):
    """count random substrings (of the given lengths) of the texts, plus their UPPER and Title forms."""
    found = set()
    texts = [t for t in texts if t]
    for _ in range(count):
        text = rng.choice(texts)
        n = rng.choice(lengths)
        if len(text) < n:
            continue
        start = rng.randrange(len(text) - n + 1)
        piece = text[start:start + n]
        if piece.strip():
            found.add(piece)
            found.add(rng.choice([piece.upper(), piece.title(), piece.lower()]))
    return sorted(found)


# The demo data -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def demo():
    con = connect()
    apply_schema(con, with_demo=True)
    yield con, Corpus(con)
    con.close()


def demo_queries(corpus):
    rng = random.Random(4)
    texts = [f for fields in corpus.posts.values() for f in fields[:3]] \
        + [f for fields in corpus.notifications.values() for f in fields] \
        + [f for fields in corpus.groups.values() for f in fields]
    alphabet = sorted({c.lower() for t in texts if t for c in t if not c.isspace()})
    return alphabet + substrings_of(rng, texts, 400, [2, 2, 3, 4, 5, 7, 10, 16]) + [
        "line", "ith", "smith", "coach", "camp", "reg camp", "offer", "CAMP", "%", "_", "'", '"', "🎉"]


def test_demo_search_has_no_misses(demo):
    con, corpus = demo
    assert corpus.posts and corpus.notifications and corpus.groups
    problems = [p for q in demo_queries(corpus) for p in check(con, corpus, q)]
    assert problems == []


# A generated corpus of tricky text ---------------------------------------------------------------

FRAGMENTS = [
    "Deadline extended", "deadlines", "camp registration", "Reg for camp", "Fall CAMP", "with", "Smith visit",
    "#ScholarshipOffer", "#GoBruins", "@coachsmith", "@RiversideFC", "ZOË Ångström", "zoë", "café au lait", "Cafe",
    "naïve", "résumé", "50% off_now!", "100%", "under_score", "a_b", "quote \"hi\"", "it's", "don't", "⚽🎉 goal",
    "🔥🔥", "İstanbul", "ΟΔΟΣ", "οδός", "straße", "STRASSE", "日本語テキスト", "C++ / C#", "e-mail: a.b@x.io",
    "tab\there", "line\nbreak", "x", "qz", "Ωmega", "Ünïcödé", "ümlaut", "NEAR(a b)", "AND OR NOT", "col:val",
    "*star*", "back\\slash", "[brackets]", "semi;colon", "dash-ed", "dots...", "UCLA", "Ucla", "K-State",
    "Kelvin \u212a", "fi\ufb01ligature", "e\u0301cole", "école",
]
WORDS = ["the", "team", "coach", "practice", "game", "recruit", "visit", "great", "season", "offer", "today",
         "tomorrow", "training", "film", "weights", "stats", "campus", "official", "school", "state"]
NAMES = ["José Álvarez", "Ann Lee", "Chloé M", "ZOË Smith", "Łukasz Nowak", "Mike O'Brien", "Coach K", "Ümit Öz",
         "田中 太郎", "Dana_Smith", "Pat 50%"]
HANDLES = ["@coachsmith", "@ann_lee", "chloe.m", "@zoe_s", "@lnowak", "@obrien", "@coachk", "@umit", "@tanaka",
           "@dana%smith", ""]


@pytest.fixture(scope="module")
def tricky():
    rng = random.Random(2026)
    con = connect()
    apply_schema(con, with_demo=False)
    con.execute("INSERT INTO users (id, name) VALUES ('u1', 'Jordan')")
    con.execute("BEGIN")
    for i in range(6000):
        parts = [rng.choice(WORDS) for _ in range(rng.randrange(2, 9))]
        for _ in range(rng.choice([0, 0, 1, 1, 2])):
            parts.insert(rng.randrange(len(parts) + 1), rng.choice(FRAGMENTS))
        content = ("the " if i % 7 else "") + " ".join(parts)
        author = rng.randrange(len(NAMES))
        date = f"2025-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}T{rng.randrange(24):02d}:{rng.randrange(60):02d}:00Z"
        con.execute("INSERT INTO social_media_posts (user_id, platform, post_url, post_content, author_name,"
                    " author_handle, post_date) VALUES ('u1', 'twitter', ?, ?, ?, ?, ?)",
                    (f"https://x.com/{i}", content, NAMES[author] if i % 13 else "", HANDLES[author], date))
    for _ in range(400):
        title = rng.choice(FRAGMENTS + WORDS).capitalize()
        message = " ".join(rng.choice(FRAGMENTS + WORDS) for _ in range(rng.randrange(1, 6)))
        con.execute("INSERT INTO notifications (user_id, type, title, message, scheduled_for)"
                    " VALUES ('u1', 'deadline_alert', ?, ?, ?)",
                    (title, message, f"2026-01-{rng.randrange(1, 29):02d}T{rng.randrange(24):02d}:00:00Z"))
    for i, fragment in enumerate(FRAGMENTS + NAMES):
        con.execute("INSERT INTO tg_groups (title) VALUES (?)", (f"{fragment} group {i}",))
    con.execute("COMMIT")
    yield con, Corpus(con)
    con.close()


def tricky_queries(corpus):
    rng = random.Random(7)
    texts = FRAGMENTS + NAMES + [h for h in HANDLES if h] + WORDS
    alphabet = sorted({c for t in texts for c in t if not c.isspace()} | {c.lower() for t in texts for c in t})
    return alphabet + substrings_of(rng, texts, 300, [2, 2, 3, 4, 5, 6, 9]) + [
        "line", "ith", "smith", "SMITH", "coachsmith", "@coachsmith", "ScholarshipOffer", "offer", "zoë", "ZOË",
        "Zoë", "zoe", "cafe", "café", "CAFÉ", "ångström", "50%", "%", "%%", "_", "off_now", "a_b", "\"hi\"", "\"",
        "it's", "'", "⚽", "🎉", "⚽🎉", "🔥", "istanbul", "İstanbul", "İ", "οδος", "ΟΔΟΣ", "οδός", "σ", "ς", "ß",
        "strasse", "日本", "テキスト", "c++", "c#", "a.b@x.io", "near(", "and or", "col:", "*", "\\", "[", ";",
        "reg camp", "camp reg", "great state", "the team", "k-state", "k", "\u212a", "fi", "\ufb01", "école", "ecole",
        "e\u0301", "\u0301", "qz", "q", "x", "ω", "Ω", "ümit", "ÜMIT", "tanaka", "田中", "dana%smith", "pat 50",
        "team ", " team", "zzzz-not-there", "ab\x00cd", "a" * 40,
    ]


def test_tricky_search_has_no_misses(tricky):
    con, corpus = tricky
    problems = [p for q in tricky_queries(corpus) for p in check(con, corpus, q)]
    assert problems == []


def test_tricky_corpus_takes_both_paths(tricky):
    """Common terms (5000+ trigram candidates) take the ordered scan, rare ones the index."""
    con, _ = tricky
    def candidates(q):
        return con.execute("SELECT count(*) FROM social_posts_trigram WHERE social_posts_trigram MATCH"
                           " search_trigrams(?)", (q,)).fetchall()[0][0]
    assert candidates("the") >= 5000 and candidates("smith") < 5000


def test_blank_search_is_no_filter(tricky):
    con, corpus = tricky
    for blank in (None, "", "   ", "\t\n", "\u3000"):
        assert len(run(con, "social-feed", search=blank, user_id=corpus.user, limit=10 ** 9)) == len(corpus.posts)
        assert len(run(con, "tg-groups", search=blank)) == len(corpus.groups)
