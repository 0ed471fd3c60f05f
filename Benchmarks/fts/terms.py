#!/usr/bin/env python3
"""Search terms that no one chose (Benchmarks/fts/vtab.sh): generated afresh on every run from the corpus itself,
by a seeded random generator (the seed is printed, so a run can be repeated), in these classes:

  absent, common runs   words in no post whose every run of three letters is among the corpus's commonest
  rare / medium / common words of the posts by document frequency (under 0.05%, 0.1-2%, over 5% of the posts)
  1-2 characters        the rarest letters and pairs of the posts, and prefixes of their words
  multi-word            two or three of the words above, rare with common, medium with medium, absent with common
  accents               the posts' words and pieces with a non-ASCII letter, and words with one vowel accented
  mixed case            words of the three frequency classes in random case

Document frequencies come from the trigram index itself: a word's phrase (`MATCH '"word"'`) is in exactly the posts
whose content, name or handle hold it, for ASCII letters, which fold the same way in SQLite and Swift.

  terms.py DB SEED     prints the classes and their terms (the module's `generate` is what vtab.py calls)
"""
import random
import re
import sqlite3
import sys

SAMPLE = 20_000
WORD = re.compile(r"[^\W_]+", re.UNICODE)


def document_frequency(conn, word):
    """Posts holding `word` (three ASCII characters or more), from the index's phrase."""
    return conn.execute("SELECT count(*) FROM social_posts_trigram WHERE social_posts_trigram MATCH ?",
                        ('"' + word.replace('"', '""') + '"',)).fetchone()[0]


def sample_posts(conn, rng):
    """Up to SAMPLE posts at random: their content, author name and handle."""
    top = conn.execute("SELECT max(seq) FROM social_media_posts").fetchone()[0] or 0
    seqs = rng.sample(range(1, top + 1), min(SAMPLE, top))
    texts = []
    for start in range(0, len(seqs), 500):
        chunk = seqs[start:start + 500]
        texts += conn.execute(f"SELECT post_content, author_name, author_handle FROM social_media_posts WHERE seq IN "
                              f"({','.join('?' * len(chunk))})", chunk).fetchall()
    return texts


def absent_words(conn, texts, rng, count):
    """Words in no post made only of the commonest runs of three ASCII letters: a walk from a common run that adds
    a letter whenever the new last run is common too."""
    frequency = {}
    for fields in texts:
        runs = set()
        for field in fields:
            text = (field or "").lower()
            runs.update(text[i:i + 3] for i in range(len(text) - 2))
        for run in runs:
            if re.fullmatch(r"[a-z]{3}", run):
                frequency[run] = frequency.get(run, 0) + 1
    common = sorted(frequency, key=frequency.get, reverse=True)[:60]
    following = {}
    for run in common:
        following.setdefault(run[:2], []).append(run[2])
    words = []
    for _ in range(20_000):
        if len(words) == count:
            break
        word = rng.choice(common)
        length = rng.randint(5, 8)
        while len(word) < length and following.get(word[-2:]):
            word += rng.choice(following[word[-2:]])
        if len(word) >= 5 and word not in words and document_frequency(conn, word) == 0:
            words.append(word)
    return words


def generate(conn, rows, seed):
    """{class: [terms]} for the database behind `conn` (`rows` posts), from `seed`."""
    rng = random.Random(seed)
    texts = sample_posts(conn, rng)
    tokens = sorted({token.lower() for fields in texts for field in fields for token in WORD.findall(field or "")})
    rng.shuffle(tokens)
    ascii_tokens = [t for t in tokens if t.isascii() and len(t) >= 3]
    classes = {"rare": [], "medium": [], "common": []}
    bounds = {"rare": (1, max(1, rows * 0.0005)), "medium": (rows * 0.001, rows * 0.02), "common": (rows * 0.05, rows)}
    # Whole words first, then pieces of words (3-6 letters): the common class comes mostly from pieces.
    pieces = []
    for token in ascii_tokens[:400]:
        length = rng.randint(3, min(6, len(token)))
        start = rng.randint(0, len(token) - length)
        pieces.append(token[start:start + length])
    for word in ascii_tokens[:600] + pieces:
        if all(len(terms) >= 10 for terms in classes.values()):
            break
        frequency = document_frequency(conn, word)
        for name, (low, high) in bounds.items():
            if low <= frequency <= high and len(classes[name]) < 10 and word not in classes[name]:
                classes[name].append(word)
    absent = absent_words(conn, texts, rng, 12)
    # 1-2 characters: the rarest letters and pairs of letters of the sample (what a user types first of a rare
    # word), then prefixes of its words (mostly common).
    pieces = {}
    for fields in texts:
        seen = set()
        for field in fields:
            text = (field or "").lower()
            seen.update(c for c in text if c.isalnum())
            seen.update(text[i:i + 2] for i in range(len(text) - 1) if text[i:i + 2].isalnum())
        for piece in seen:
            pieces[piece] = pieces.get(piece, 0) + 1
    rarest = sorted(pieces, key=lambda p: (pieces[p], p))
    short = [p for p in rarest if len(p) == 1][:2] + [p for p in rarest if len(p) == 2][:3]
    for token in tokens[:400]:
        prefix = token[:rng.randint(1, 2)]
        if prefix not in short:
            short.append(prefix)
        if len(short) == 10:
            break

    def pick(name):
        return rng.choice(classes[name]) if classes[name] else rng.choice(ascii_tokens)

    multi = [f"{pick('rare')} {pick('common')}", f"{pick('medium')} {pick('medium')}", f"{pick('common')} {pick('common')}",
             f"{pick('medium')} {pick('medium')} {pick('common')}", f"{pick('common')} {pick('rare')}",
             f"{rng.choice(absent) if absent else pick('rare')} {pick('common')}", f"{pick('common')} {pick('medium')}",
             f"{pick('rare')} {pick('medium')}", f"{pick('medium')} {pick('common')} {pick('common')}",
             f"{pick('common')} {rng.choice(absent) if absent else pick('rare')}"]
    accented = [t for t in tokens if not t.isascii()][:6]
    accented += [a[: rng.randint(1, len(a))] for a in accented[:2]]
    for word in [pick("medium"), pick("common"), pick("rare")]:
        vowels = [i for i, c in enumerate(word) if c in "aeiou"]
        if vowels:
            i = rng.choice(vowels)
            accented.append(word[:i] + {"a": "á", "e": "é", "i": "í", "o": "ö", "u": "ü"}[word[i]] + word[i + 1:])
    mixed = ["".join(c.upper() if rng.random() < 0.5 else c for c in pick(name)) for name in ("rare", "medium", "common") * 4][:10]
    return {
        "rare": classes["rare"], "medium": classes["medium"], "common": classes["common"],
        "absent, common runs": absent, "1-2 characters": short, "multi-word": multi,
        "accents": accented[:10], "mixed case": mixed,
    }


if __name__ == "__main__":
    database, seed = sys.argv[1], int(sys.argv[2])
    conn = sqlite3.connect(database)
    rows = conn.execute("SELECT count(*) FROM social_media_posts").fetchone()[0]
    for name, terms in generate(conn, rows, seed).items():
        print(f"{name}: {terms}")
