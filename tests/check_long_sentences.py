"""Counts the sentences of more than 60 words in the Markdown of docs/ and fails above a limit kept
here, naming each one's file, line and length, so the guides stay readable: 25 words is the rule,
40 the exception.

    python tests/check_long_sentences.py docs

What is read: paragraphs, list items and table cells, each on its own (a list item or a cell never
runs into the next). What is left out: fenced blocks (code and MyST directives), headings, HTML
lines, link definitions and table rules. A code span counts as one word and a link as its text.
A sentence ends at '.', '?' or '!' before a space or the end of its block; a semicolon does not end
one, and a bullet without a full stop is one sentence.
"""

import argparse
import pathlib
import re
import sys

# The most sentences over 60 words that docs/ may hold. It only goes down: lower it whenever a
# rewrite leaves fewer, never raise it to let a new one in.
LIMIT = 0
LONGEST = 60

FENCE = re.compile(r"^\s*(```|~~~)")
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
SKIPPED = re.compile(r"^\s*(?:#{1,6}\s|<|\[[^\]]+\]:\s|\(.*\)=\s*$)")
TABLE_RULE = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
CODE_SPAN = re.compile(r"(`+).+?\1", re.DOTALL)
LINK = re.compile(r"!?\[((?:[^\]\[]|\[[^\]]*\])*)\]\([^)]*\)")
ROLE = re.compile(r"\{[\w:-]+\}(?=`)")
ABBREVIATION = re.compile(r"\b(e\.g|i\.e|etc|vs|cf)\.", re.IGNORECASE)
SENTENCE_END = re.compile(r"(?<=[.?!])[)\]\"'*_]*(?=\s)")


def blocks(path):
    """(first line number, text) of each paragraph, list item and table cell outside fences, the
    lines of a paragraph or item joined by newlines."""
    inside, current, start = False, [], 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            inside = not inside
        table = not inside and line.lstrip().startswith("|")
        ends = inside or not line.strip() or FENCE.match(line) or SKIPPED.match(line) or table
        if (ends or LIST_ITEM.match(line)) and current:
            yield start, "\n".join(current)
            current = []
        if table and not TABLE_RULE.match(line):
            yield from ((number, cell) for cell in cells(line))
        if not ends:
            start = start if current else number
            current.append(LIST_ITEM.sub("", line, count=1).lstrip("> "))
    if current:
        yield start, "\n".join(current)


def cells(row):
    """A table row's cells; a code span's or an escaped bar does not divide them."""
    row = CODE_SPAN.sub("code", row.strip().strip("|"))
    return re.split(r"(?<!\\)\|", row)


def keeping_lines(replacement):
    """A substitution that keeps the newlines of what it replaces, so lines can still be counted."""
    return lambda match: match.expand(replacement) + "\n" * match.group().count("\n")


def plain(text):
    """The text as read: a code span as one word, a link as its text, abbreviations' dots gone."""
    text = ROLE.sub("", text)
    text = CODE_SPAN.sub(keeping_lines("code"), text)
    text = LINK.sub(keeping_lines(r"\1"), text)
    return ABBREVIATION.sub(r"\1", text)


def words(sentence):
    return sum(1 for token in sentence.split() if re.search(r"\w", token))


def long_sentences(path):
    """(line, words, opening words) of each sentence of the file over LONGEST words."""
    found = []
    for start, text in blocks(path):
        for sentence in SENTENCE_END.split(plain(text)):
            count = words(sentence)
            if count > LONGEST:
                line = start + sentence[:len(sentence) - len(sentence.lstrip())].count("\n")
                found.append((line, count, " ".join(sentence.split()[:8])))
            start += sentence.count("\n")
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=pathlib.Path)
    options = parser.parse_args()
    total = 0
    for folder in options.folders:
        for path in sorted(folder.rglob("*.md")):
            for line, count, opening in long_sentences(path):
                print(f"{path}:{line}: {count} words: {opening} ...")
                total += 1
    print(f"{total} sentences over {LONGEST} words; the limit is {LIMIT}")
    return 1 if total > LIMIT else 0


if __name__ == "__main__":
    sys.exit(main())
