#!/usr/bin/env python3
"""Scores Switchboard's sentiment_classify and VADER on Tests/data/sentiment_labelled.tsv.

    python3 Benchmarks/sentiment/evaluate.py LIBSWITCHBOARD [--split tuning|heldout|all] [--errors]

Switchboard runs through Python's sqlite3 with the extension loaded; VADER (PyPI vaderSentiment)
gives a compound score that is bucketed with the same thresholds as sentiment_classify
(>= 0.5 very_positive, >= 0.1 positive, > -0.1 neutral, else negative). Prints Markdown tables:
accuracy and per-class precision and recall, for each split asked for.
"""
import argparse
import pathlib
import sqlite3

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "Tests" / "data" / "sentiment_labelled.tsv"
CLASSES = ["very_positive", "positive", "neutral", "negative"]


def bucket(score):
    if score >= 0.5:
        return "very_positive"
    if score >= 0.1:
        return "positive"
    if score > -0.1:
        return "neutral"
    return "negative"


def load():
    rows = []
    with open(DATA, encoding="utf-8") as handle:
        header = handle.readline().rstrip("\n").split("\t")
        assert header == ["split", "label", "text"], header
        for line in handle:
            split, label, text = line.rstrip("\n").split("\t", 2)
            rows.append((split, label, text))
    return rows


def metrics(pairs):
    total = len(pairs)
    correct = sum(1 for gold, guess in pairs if gold == guess)
    per_class = {}
    for name in CLASSES:
        predicted = sum(1 for _, guess in pairs if guess == name)
        actual = sum(1 for gold, _ in pairs if gold == name)
        hits = sum(1 for gold, guess in pairs if gold == guess == name)
        per_class[name] = (hits / predicted if predicted else 0.0, hits / actual if actual else 0.0, actual)
    return correct / total if total else 0.0, per_class, total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("library", help="path to libswitchboard.so (without or with .so)")
    parser.add_argument("--split", choices=["tuning", "heldout", "all"], action="append")
    parser.add_argument("--errors", action="store_true", help="list Switchboard's mistakes on the splits shown")
    parser.add_argument("--no-vader", action="store_true")
    args = parser.parse_args()
    splits = args.split or ["tuning", "heldout", "all"]

    con = sqlite3.connect(":memory:")
    con.enable_load_extension(True)
    con.load_extension(str(pathlib.Path(args.library).with_suffix("")))
    vader = None
    if not args.no_vader:
        from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer
        vader = SentimentIntensityAnalyzer()

    rows = load()
    for split in splits:
        chosen = [row for row in rows if split == "all" or row[0] == split]
        ours, theirs = [], []
        for _, label, text in chosen:
            guess, score = con.execute("SELECT sentiment_classify(?1), sentiment_score(?1)", (text,)).fetchone()
            ours.append((label, guess))
            if args.errors and guess != label:
                print(f"  {label:>13} -> {guess:<13} {score:+.4f}  {text}")
            if vader:
                theirs.append((label, bucket(vader.polarity_scores(text)["compound"])))
        print(f"\n### {split} ({len(chosen)} posts)\n")
        print("| classifier | accuracy | " + " | ".join(f"{c} P / R" for c in CLASSES) + " |")
        print("| --- | ---: | " + " | ".join("---:" for _ in CLASSES) + " |")
        for name, pairs in [("Switchboard", ours), ("VADER 3.3.2", theirs)]:
            if not pairs:
                continue
            accuracy, per_class, _ = metrics(pairs)
            cells = " | ".join(f"{p:.0%} / {r:.0%}" for p, r, _ in per_class.values())
            print(f"| {name} | **{accuracy:.1%}** | {cells} |")
        counts = metrics(ours)[1]
        print("\nposts per class: " + ", ".join(f"{c} {counts[c][2]}" for c in CLASSES))


if __name__ == "__main__":
    main()
