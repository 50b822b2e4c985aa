"""Doxygen's INPUT_FILTER for libtiles' headers: what Doxygen reads in place of each header, which
stays as it is. Doxygen prints this script's output for a file as if it were the file, so every
line keeps its number.

libtiles' headers document each declaration with the plain comment above it, or after it on the
same line; Doxygen reads only its own comment markers, so this marks the plain comments as
Doxygen's. Two conventions of the headers need more than that:
- A comment above a run of declarations (overloads, the forms of one constructor, or macros, with
  no blank line or other comment between them) is the text of each, as Doxygen's member groups with
  DISTRIBUTE_GROUP_DOC would make it; Doxygen itself gives it to the first only.
- A comment after a line of several declarators (`uint64_t uploads, downloads; // ...`) documents
  each of them; Doxygen gives it to the last only.
A section's banner (`/* ---- Devices ---- */`) stays a plain comment: it documents nothing. The
comment a header opens with describes the header (the area of the reference it is the source of).

    python3 docs/doc_comments.py HEADER
"""

import os
import re
import sys

LINE_COMMENT = re.compile(r"^(\s*)//([^/!]|$)")
BLOCK_COMMENT = re.compile(r"^(\s*)/\*([^*!])")
TRAILING_LINE = re.compile(r"([;,{)]\s*)//([^/!])")
TRAILING_BLOCK = re.compile(r"([;,{)]\s*)/\*([^*!])")
BANNER = re.compile(r"^\s*/\* ----")
DECLARATORS = re.compile(
    r"(^\s*|\*/ )([A-Za-z_][\w:<>]*\s+)([A-Za-z_]\w*(?:\s*=\s*[^,;(]*)?), ([A-Za-z_][^;(]*;\s*)(/\*\*<.*\*/|///<.*)$")
NOT_A_DECLARATION = re.compile(r"^\s*([{}):,#]|&&|\|\||->|public:|private:|protected:|static_assert\b)")
CODE_COMMENT = re.compile(r"\s*(//.*|/\*.*)$")


def several_declarators(line):
    """`T a, b; /**< x */` as `T a; /**< x */ T b; /**< x */`, declarator by declarator."""
    while True:
        match = DECLARATORS.search(line)
        if not match:
            return line
        lead, kind, name, rest, comment = match.groups()
        text = comment[4:-2].strip() if comment.startswith("/**<") else comment[4:].strip()
        line = line[:match.start()] + f"{lead}{kind}{name}; /**< {text} */ {kind}{rest}{comment}"


def marked(line):
    """The line with its plain comments marked as Doxygen's."""
    if BANNER.match(line):
        return line
    if line.lstrip().startswith(("//", "/*")):
        line = LINE_COMMENT.sub(r"\1///\2", line, count=1)
        return BLOCK_COMMENT.sub(r"\1/**\2", line, count=1)
    line = TRAILING_LINE.sub(r"\1///<\2", line, count=1)
    line = TRAILING_BLOCK.sub(r"\1/**<\2", line, count=1)
    return several_declarators(line)


def comment_blocks(lines, banners=False):
    """(first line, last line, indentation, text) of each comment that stands on lines of its own
    (banners too where `banners`)."""
    i = 0
    while i < len(lines):
        line = lines[i]
        indent = len(line) - len(line.lstrip())
        if banners and BANNER.match(line):
            j = i
            while "*/" not in lines[j] and j + 1 < len(lines):
                j += 1
            yield i, j, indent, ""
            i = j + 1
        elif line.lstrip().startswith("//") and not BANNER.match(line):
            j = i
            while j + 1 < len(lines) and lines[j + 1].lstrip().startswith("//"):
                j += 1
            text = " ".join(l.strip()[2:].strip() for l in lines[i:j + 1])
            yield i, j, indent, text
            i = j + 1
        elif line.lstrip().startswith("/*") and not BANNER.match(line):
            j = i
            while "*/" not in lines[j] and j + 1 < len(lines):
                j += 1
            if lines[j].rstrip().endswith("*/"):
                body = " ".join(lines[i:j + 1]).strip()[2:-2]
                yield i, j, indent, " ".join(part.strip().lstrip("*").strip() for part in body.split("\n"))
            i = j + 1
        else:
            i += 1


def code_of(line):
    """The line without a comment at its end."""
    return CODE_COMMENT.sub("", line).rstrip()


SCOPE = re.compile(r'^\s*(template\s*<.*>\s*)?(inline\s+|typedef\s+)?(namespace|class|struct|union|enum|extern\s+"")')
LITERAL = re.compile(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'')


def in_bodies(lines):
    """For each line, whether it starts inside a function's body (or an initializer's braces),
    where comments document statements, not declarations."""
    inside, stack, statement, in_block, in_macro = [], [], "", False, False
    for line in lines:
        inside.append(any(kind == "body" for kind in stack))
        if in_macro or line.lstrip().startswith("#"):
            in_macro, statement = line.rstrip().endswith("\\"), ""
            continue
        code = line
        if in_block:
            if "*/" not in code:
                continue
            code, in_block = code.split("*/", 1)[1], False
        code = LITERAL.sub('""', code)
        code = re.sub(r"/\*.*?\*/", " ", code)
        if "/*" in code:
            code, in_block = code.split("/*", 1)[0], True
        code = code.split("//", 1)[0]
        for char in code:
            if char == "{":
                stack.append("scope" if SCOPE.match(statement) else "body")
                statement = ""
            elif char == "}":
                if stack:
                    stack.pop()
                statement = ""
            elif char == ";":
                statement = ""
            else:
                statement += char
        statement += " "
    return inside


def run_after(lines, last, indent):
    """The lines that start the second and later declarations of the run after a comment ending
    at `last`: at the comment's indentation, each after a line that ended a declaration, up to a
    blank line, a comment, an access specifier or the end of the scope."""
    starts, seen_first, complete, macros = [], False, True, set()
    for i in range(last + 1, len(lines)):
        line = lines[i]
        stripped = line.strip()
        depth = len(line) - len(line.lstrip())
        if i > 0 and lines[i - 1].rstrip().endswith("\\"):
            continue  # a macro's next line
        if stripped.startswith("#define"):
            macro = re.match(r"#define\s+(\w+)", stripped).group(1)
            if seen_first and macro not in macros:  # not the other branch of an #if
                starts.append(i)
            seen_first, complete = True, True
            macros.add(macro)
            continue
        if re.match(r"#\s*(if|ifdef|ifndef|else|elif|endif)\b", stripped):
            continue
        if not stripped or (depth <= indent and (stripped.startswith(("//", "/*", "#"))
                                                 or re.match(r"(public|private|protected):", stripped))):
            break
        if depth < indent:
            break
        if depth == indent and complete and not NOT_A_DECLARATION.match(line):
            if seen_first and not TRAILING_LINE.search(line) and not TRAILING_BLOCK.search(line):
                starts.append(i)
            seen_first = True
        code = code_of(line)
        if code:
            complete = code.endswith((";", "}"))
    return starts


def banner_groups(lines):
    """{line: text to append} that makes each banner of a C header (`/* ---- Devices ---- */`) open a
    Doxygen group of what follows it, c_devices titled "Devices", up to the next banner or the
    header's closing `#ifdef __cplusplus`: the reference's pages take the C API by these groups."""
    ends, open_group = {}, False
    for first, last, _, _ in comment_blocks(lines, banners=True):
        if not BANNER.match(lines[first]):
            continue
        title = re.sub(r"\s*-{3,}\s*", " ", " ".join(l.strip().lstrip("/*").rstrip("*/") for l in lines[first:last + 1]))
        title = re.sub(r"\s+", " ", title).strip()
        name = "c_" + re.sub(r"\W+", "_", title.split(":")[0].lower().replace("'", "")).strip("_")
        ends[last] = (" /** @} */" if open_group else "") + f" /** \\defgroup {name} {title} */ /** @{{ */"
        open_group = True
    if open_group:
        closing = max(i for i, line in enumerate(lines) if line.strip() == "#ifdef __cplusplus")
        ends[closing - 1] = " /** @} */"
    return ends


def filtered(text, name=""):
    """What Doxygen reads for the header `name` whose text is `text`."""
    lines = text.split("\n")
    extra = {}
    body = in_bodies(lines)
    for first, last, indent, comment in comment_blocks(lines):
        if comment.strip() and not body[first]:
            for i in run_after(lines, last, indent):
                extra[i] = comment.replace("*/", "* /")
    groups = banner_groups(lines) if name.endswith(".h") else {}
    out = []
    for i, line in enumerate(lines):
        line = marked(line) + groups.get(i, "")
        if i == 0:  # the opening comment, if the header has one, describes the file
            line = re.sub(r"^(///|/\*\*)", lambda m: m.group(1) + " \\file " + os.path.basename(name), line)
        if i in extra:
            stripped = line.lstrip()
            line = line[:len(line) - len(stripped)] + f"/** {extra[i]} */ " + stripped
        out.append(line)
    return "\n".join(out)


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as header:
        sys.stdout.write(filtered(header.read(), sys.argv[1]))
