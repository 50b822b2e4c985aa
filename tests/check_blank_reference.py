"""Counts the entries of the reference that would render without a word of text, and fails above
zero, naming them: the C and C++ ones from Doxygen's XML (the docs target's build/docs/xml, what
Breathe renders), the Python ones from the `tiles` package as autodoc reads it.

    python tests/check_blank_reference.py --xml build/docs/xml --python --pages docs/reference

C and C++: every public member (function, typedef, enumeration, enumerator, variable, macro) and
every class of the public headers, outside the `detail` namespaces that the reference leaves out,
with an empty brief and detailed description. Python: every public name of `tiles`, `tiles.errors`
and `tiles.mpi`, and every public attribute, property and method that a public class defines
itself, whose docstring is empty, merely a pybind11 signature, or inherited from a built-in type
(an int constant shows int's text); an annotated attribute has its text as autodoc finds it (a
`#:` comment or a string after it). With --pages, also what the reference's pages leave out: every
header, group of tiles.h and public name of `tiles` must be taken by a page's directive.
"""

import argparse
import collections
import importlib
import inspect
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

KINDS = ("function", "typedef", "enum", "enumvalue", "variable", "define", "class")


def text_of(element):
    return "".join(element.itertext()).strip() if element is not None else ""


def described(element):
    return bool(text_of(element.find("briefdescription")) or text_of(element.find("detaileddescription")))


def private_scope(name):
    return any(part.endswith("detail") or part.startswith("_") for part in name.split("::"))


def language(location):
    return "C" if location.get("file", "").endswith(".h") else "C++"


def blank_native(xml_folder):
    """(language, kind, name, file:line) of every blank C and C++ entry, and the totals by
    language and kind."""
    blank, total, seen = [], collections.Counter(), set()

    def count(element, kind, name):
        location = element.find("location")
        if location is None or element.get("id") in seen:
            return
        seen.add(element.get("id"))
        lang = language(location)
        total[lang, kind] += 1
        if not described(element):
            blank.append((lang, kind, name, f"{location.get('file')}:{location.get('line')}"))

    for path in sorted(pathlib.Path(xml_folder).glob("*.xml")):
        if path.name == "index.xml":
            continue
        for compound in ET.parse(path).getroot().iter("compounddef"):
            kind, name = compound.get("kind"), text_of(compound.find("compoundname"))
            if kind not in ("file", "namespace", "class", "struct", "union") or private_scope(name):
                continue
            if kind in ("class", "struct", "union"):
                if compound.get("prot", "public") != "public":
                    continue
                count(compound, "class", name)
            scope = "" if kind == "file" else name + "::"
            for member in compound.iter("memberdef"):
                if member.get("prot") != "public" or member.get("kind") == "friend" and not member.find("argsstring").text:
                    continue
                member_kind = "function" if member.get("kind") == "friend" else member.get("kind")
                member_name = scope + text_of(member.find("name")) + (text_of(member.find("argsstring")) if member_kind == "function" else "")
                count(member, member_kind, member_name)
                for value in member.iter("enumvalue"):
                    if value.get("prot", "public") == "public":
                        count(value, "enumvalue", scope + text_of(value.find("name")))
    return blank, total


PYBIND_SIGNATURE = re.compile(r"^(\w+\()|^\d+\. \w+\(|^Overloaded function\.$")


def own_text(obj, owner_docs):
    """The docstring of obj that autodoc shows, or "" where it shows none of its own."""
    doc = inspect.getdoc(obj) or ""
    if isinstance(obj, property) and not doc and obj.fget is not None:
        doc = inspect.getdoc(obj.fget) or ""
    lines = [line for line in doc.splitlines() if line.strip() and not PYBIND_SIGNATURE.match(line.strip())]
    if not lines:
        return ""
    if not inspect.isclass(obj) and not callable(obj) and not isinstance(obj, property) and doc == inspect.getdoc(type(obj)):
        return ""
    if doc in owner_docs:
        return ""
    return doc


def builtin_docs():
    """The texts that objects inherit from Python's built-in types."""
    docs = set()
    for builtin in (object, int, float, str, bytes, tuple, list, dict, bool, type, Exception, BaseException, property,
                    type(None), ValueError, TypeError, IndexError, MemoryError):
        docs.add(inspect.getdoc(builtin))
        for value in vars(builtin).values():
            docs.add(inspect.getdoc(value))
    docs.discard(None)
    return docs


def attribute_docs(cls_or_module):
    """autodoc's texts of annotated and assigned attributes: `#:` comments and strings after them."""
    from sphinx.pycode import ModuleAnalyzer
    module = cls_or_module if inspect.ismodule(cls_or_module) else sys.modules[cls_or_module.__module__]
    try:
        found = ModuleAnalyzer.for_module(module.__name__).find_attr_docs()
    except Exception:
        return {}
    prefix = "" if inspect.ismodule(cls_or_module) else cls_or_module.__qualname__
    return {name: "\n".join(lines).strip() for (scope, name), lines in found.items() if scope == prefix}


def public_names(module):
    names = getattr(module, "__all__", None)
    if names is None:
        names = [name for name, value in vars(module).items() if not name.startswith("_")
                 and getattr(value, "__module__", module.__name__) == module.__name__ and not inspect.ismodule(value)]
    return [name for name in names if name != "__version__"]


def blank_python(module_names):
    blank, total = [], collections.Counter()
    inherited = builtin_docs()
    seen = set()
    for module_name in module_names:
        module = importlib.import_module(module_name)
        module_attrs = attribute_docs(module)
        for name in public_names(module):
            obj = getattr(module, name)
            where = f"{module_name}.{name}"
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            total["Python", "module"] += 1
            if not (own_text(obj, inherited) or module_attrs.get(name)):
                blank.append(("Python", "name", where, getattr(obj, "__module__", "")))
            if not inspect.isclass(obj):
                continue
            class_attrs = attribute_docs(obj)
            members = dict.fromkeys(list(getattr(obj, "__annotations__", {})) + list(vars(obj)))
            for member in members:
                if member.startswith("_"):
                    continue
                value = vars(obj).get(member)
                total["Python", "member"] += 1
                if not (class_attrs.get(member) or (value is not None and own_text(value, inherited))):
                    blank.append(("Python", "member", f"{where}.{member}", obj.__module__))
    return blank, total


def missing_from_pages(xml_folder, pages, python):
    """What the reference's pages leave out: a header (C++), a banner's group of tiles.h (C) or a
    public name of `tiles` (Python) that no page's directive takes."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in sorted(pathlib.Path(pages).rglob("*.md")))
    taken = set(re.findall(r"\{doxygen(?:file|group)\}\s+(\S+)", text))
    taken |= set(re.findall(r"\.\. auto\w+::\s+(\S+)", text))
    missing = []
    if xml_folder:
        for path in sorted(pathlib.Path(xml_folder).glob("*.xml")):
            if path.name == "index.xml":
                continue
            for compound in ET.parse(path).getroot().iter("compounddef"):
                name = text_of(compound.find("compoundname"))
                if compound.get("kind") == "group" and name not in taken:
                    missing.append(f"the group {name} (a banner of tiles.h)")
                if compound.get("kind") == "file" and name.endswith(".hpp") and name not in taken:
                    missing.append(f"the header {name}")
    if python:
        import tiles
        for name in public_names(tiles):
            if f"tiles.{name}" not in taken:
                missing.append(f"tiles.{name}")
        for module in ("tiles.errors", "tiles.mpi"):
            if module not in taken:
                missing.append(f"the module {module}")
    return missing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--xml", help="Doxygen's XML folder (build/docs/xml)")
    parser.add_argument("--python", action="store_true", help="check the importable `tiles` package")
    parser.add_argument("--pages", help="the reference's pages (docs/reference): fail where they leave out a header, "
                                        "a group of tiles.h or a public name of tiles")
    arguments = parser.parse_args()
    blank, total = [], collections.Counter()
    if arguments.xml:
        native_blank, native_total = blank_native(arguments.xml)
        blank += native_blank
        total += native_total
    if arguments.python:
        python_blank, python_total = blank_python(["tiles", "tiles.errors", "tiles.mpi"])
        blank += python_blank
        total += python_total
    for lang, kind, name, where in blank:
        print(f"blank {lang} {kind}: {name}  ({where})")
    by_language = collections.Counter()
    for (lang, kind), n in total.items():
        by_language[lang] += n
    blank_by = collections.Counter((lang, kind) for lang, kind, _, _ in blank)
    for lang in sorted(by_language):
        kinds = ", ".join(f"{kind} {blank_by[lang, kind]} of {n}" for (l, kind), n in sorted(total.items()) if l == lang)
        print(f"{lang}: {sum(n for (l, _), n in blank_by.items() if l == lang)} of {by_language[lang]} entries blank ({kinds})")
    missing = missing_from_pages(arguments.xml, arguments.pages, arguments.python) if arguments.pages else []
    for what in missing:
        print(f"on no page of the reference: {what}")
    return 1 if blank or missing else 0


if __name__ == "__main__":
    sys.exit(main())
