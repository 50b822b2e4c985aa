"""Checks the relative links of Markdown files read where they lie (the README, BENCHMARKS.md): each
leads to a file or folder that exists and, with a #fragment, to a heading there (GitHub's anchors).
--guides DIR also requires the first file to link to every Markdown page in DIR.

    python tests/check_links.py [--guides docs/guides] README.md BENCHMARKS.md ...
"""

import argparse
import pathlib
import re
import sys

LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def prose_lines(path):
    """The lines outside fenced code blocks, with inline code blanked out, and their numbers."""
    inside = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield number, re.sub(r"`[^`]*`", "``", line)


def anchors(path):
    """GitHub's anchors of a Markdown file's headings: lower case, punctuation dropped, spaces as
    hyphens, and -1, -2, ... after repeats."""
    seen = {}
    found = set()
    for _, line in prose_lines(path):
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).lower()).replace(" ", "-")
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def check(path):
    problems, targets = [], set()
    for number, line in prose_lines(path):
        for target in LINK.findall(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):   # a web address, mailto: and the like
                continue
            file_part, _, fragment = target.partition("#")
            resolved = (path.parent / file_part).resolve() if file_part else path.resolve()
            where = f"{path}:{number}: {target}"
            if not resolved.exists():
                problems.append(f"{where}: no such file or folder")
                continue
            targets.add(resolved)
            if fragment and resolved.suffix == ".md" and fragment not in anchors(resolved):
                problems.append(f"{where}: {resolved.name} has no heading with the anchor #{fragment}")
    return problems, targets


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guides", type=pathlib.Path, help="a folder of pages the first file must link to")
    parser.add_argument("files", nargs="+", type=pathlib.Path)
    options = parser.parse_args()
    problems = []
    for index, path in enumerate(options.files):
        found, targets = check(path)
        problems += found
        if index == 0 and options.guides:
            problems += [f"{path}: no link to the guide {page}" for page in sorted(options.guides.glob("*.md"))
                         if page.resolve() not in targets]
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{len(options.files)} files checked, {len(problems)} broken or missing links")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
