# Sphinx's configuration for libtiles' documentation: the guides (Markdown, through MyST), the
# Python reference from the package's docstrings (autodoc imports the built module), and the C and
# C++ reference from the headers (Breathe over Doxygen's XML). Its sources are the repository's root
# (sphinx -c docs . OUT), so that the README, BENCHMARKS.md and CHANGELOG.md are pages as they are and
# every relative link means the same here as where the Markdown is read. The docs target of CMake
# passes the XML's folder as breathe_projects.tiles and puts the built package on PYTHONPATH.
import os

from sphinx import addnodes

project = "libtiles"
author = "libtiles' authors"
extensions = ["myst_parser", "breathe", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "docs/index"
include_patterns = ["README.md", "BENCHMARKS.md", "CHANGELOG.md", "docs/**.md"]
html_extra_path = ["root"]   # index.html at the top, which leads to docs/index.html
html_theme = "alabaster"
html_static_path = []
html_copy_source = False
html_show_sourcelink = False

# Headings get anchors to link to, as GitHub gives them, so that links between the pages work both
# here and where the Markdown is read as it is.
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence"]

breathe_projects = {}
breathe_default_project = "tiles"
breathe_domain_by_extension = {"h": "c", "hpp": "cpp"}
breathe_default_members = ("members",)
breathe_show_include = False

autodoc_member_order = "bysource"
autodoc_typehints = "none"

# What the references name but do not document: the standard library's, OpenCL's and MPI's types,
# and numpy's. Everything of libtiles' own must resolve.
nitpick_ignore_regex = [
    (r"(cpp|c):(identifier|expr|type|class|func)", r"(std|cl|MPI)(::.*)?"),
    (r"cpp:(identifier|expr|type|class|func)", r"(tiles::)?(detail|engine|algorithms)(::.*)?|element_"),
    # C++ AMP's namespace (its short vectors, which textures hold), whose headers (tiles/cppamp/)
    # are C++ AMP's own documents' to describe.
    (r"cpp:(identifier|expr|type|class|func)", r"concurrency(::.*)?"),
    # An unscoped enumerator named in a default argument, which the C++ domain looks up only in its
    # enumeration, array_view's private alias of its own type for other elements, and array's of an
    # iterator's element type.
    ("cpp:identifier", r"queuing_mode_automatic|like<U, 1>|iterator_t<It>"),
    (r"(cpp|c):(identifier|expr|type)", r"(cl_|size_t|u?int\d+_t|uintptr_t|ptrdiff_t|FILE|MPI_)\w*"),
    (r"py:(class|obj|exc|func)", r"(numpy|np|os|typing|collections)\..*"),
]

# The C headers' `typedef struct tiles_shape {...} tiles_shape;` is one declaration, which Breathe
# hands the C domain twice, as the struct and as the typedef; and namespace `tiles` is declared
# again on each page of the C++ reference (one per area, each with its headers).
# Code excerpts with an elision (`...the body...`) are shown as text where Pygments cannot lex them.
suppress_warnings = ["duplicate_declaration.c", "duplicate_declaration.cpp", "misc.highlighting_failure"]


def folder_links_as_text(app, doctree):
    """A link to a folder of the repository (examples/c) leads somewhere where the Markdown is read
    as it is, but to no page here: the site shows its text. A folder that does not exist stays a
    broken link, which -W makes an error."""
    docname = app.env.docname
    for node in list(doctree.findall(addnodes.pending_xref)):
        if node.get("reftype") != "myst":
            continue
        path = os.path.join(app.srcdir, os.path.dirname(docname), node["reftarget"])
        if os.path.isdir(path):
            node.replace_self(node.children)


def setup(app):
    app.connect("doctree-read", folder_links_as_text)
