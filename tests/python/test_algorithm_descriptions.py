"""Each algorithm's face is described once, in libtiles (tiles_algorithm_describe); the reference
pages, made from the headers' comments and the docstrings, say what the description says: tiles.h's
comment on each algorithm and tiles/algorithms.hpp's (tiles/linalg.hpp's) name the element types of its inputs, tiles.h's
functions take each operand by its name, in the description's order (const where it is only read),
and each plain number (block_rows, alpha, iterations) by its name in the description's order, the
extension's functions that bind them name their arguments as tiles.h its parameters, and the
Python function's docstring names each operand's dtypes; the algorithms guide's table names
exactly the element types of the inputs, and its table of gemm's precisions exactly gemm's
precisions. The C API's checks and Python's refusals read the same description."""

import inspect
import pathlib
import re

import numpy as np
import pytest
import tiles
from tiles import _tiles

ROOT = pathlib.Path(__file__).resolve().parents[2]
HEADER = (ROOT / "capi" / "include" / "tiles.h").read_text()
CPP_HEADER = [line for header in ("algorithms.hpp", "linalg.hpp")
              for line in (ROOT / "libtiles" / "include" / "tiles" / header).read_text().splitlines()]
GUIDE = (ROOT / "docs" / "guides" / "algorithms.md").read_text().splitlines()
ALGORITHMS = _tiles.algorithms()
OPENCL_NAMES = {element["name"]: element["opencl"] for element in _tiles.dtypes()}
# What Python's functions call the operands the C API calls "input" (Python's other names are the C API's).
PYTHON_NAMES = {"input": "data"}
# How the C++ shells' comments name the element types, as the C++ types that hold them.
CPP_NAMES = {"uint8": "std::uint8_t", "int32": "int", "uint32": "unsigned", "int64": "std::int64_t",
             "uint64": "std::uint64_t", "float32": "float", "float64": "double", "float16": "half",
             "bfloat16": "bfloat16"}


def _declarations(name):
    """Each function tiles_<name>, tiles_<name>_as, ... of tiles.h, with the comment above it."""
    found = re.findall(r"((?:/\*(?:[^*]|\*(?!/))*\*/\s*)+)TILES_API tiles_status (tiles_" + name +
                       r"(?:_\w+)?)\(([^;]*)\);", HEADER)
    return [(comment, function, " ".join(parameters.split())) for comment, function, parameters in found]


def _cpp_comment(name):
    """The comment above the first template of tiles/algorithms.hpp that declares `name`."""
    for i, line in enumerate(CPP_HEADER):
        if line.startswith("template") and re.search(rf"\b{name}\(", line + CPP_HEADER[i + 1]):
            start = i
            while CPP_HEADER[start - 1].startswith("//"):
                start -= 1
            return "\n".join(CPP_HEADER[start:i])
    raise AssertionError(f"tiles/algorithms.hpp has no template {name}")


def _guide_row(name):
    """The cells of the first row of the algorithms guide's table whose first cell shows `name`(...)."""
    for line in GUIDE:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if line.startswith("| `") and re.search(rf"`{name}\(", cells[0]):
            return cells
    raise AssertionError(f"the algorithms guide's table has no row for {name}")


def _input_types(algorithm):
    return {OPENCL_NAMES[dtype] for operand in algorithm["operands"] if not operand["written"]
            for dtype in operand["dtypes"]}


def _names(text, names):
    return [n for n in names if not re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text, re.IGNORECASE)]


def test_there_is_a_description_of_each_algorithm():
    assert [a["name"] for a in ALGORITHMS] == ["reduce", "block_sum", "block_average", "transpose", "stencil",
                                               "gemm", "cholesky", "qr", "svd", "svdvals", "eigh",
                                               "eigvalsh", "solve", "inv", "slogdet"]
    assert all(a["operands"] for a in ALGORITHMS)


@pytest.mark.parametrize("algorithm", ALGORITHMS, ids=lambda a: a["name"])
def test_tiles_h_takes_the_operands_and_names_the_input_types_described(algorithm):
    declarations = _declarations(algorithm["name"])
    assert declarations, f"tiles.h declares no tiles_{algorithm['name']}"
    main_comment = next(comment for comment, function, _ in declarations if function == f"tiles_{algorithm['name']}")
    for operand in algorithm["operands"]:
        qualifier = "" if operand["written"] else "const "
        declared = rf"(?<!const ){qualifier}tiles_view\* {operand['name']}\b"
        assert any(re.search(declared, parameters) for _, _, parameters in declarations), (operand["name"], declared)
        if not operand["written"]:
            missing = _names(main_comment, [OPENCL_NAMES[dtype] for dtype in operand["dtypes"]])
            assert not missing, f"tiles_{algorithm['name']}'s comment does not name {missing}"


@pytest.mark.parametrize("algorithm", ALGORITHMS, ids=lambda a: a["name"])
def test_tiles_h_takes_the_views_in_the_order_described(algorithm):
    # The C API checks each function's views as the operands its description lists in that order
    # (described_operands): a function may take the first few only (tiles_reduce's result is a pointer).
    described = [operand["name"] for operand in algorithm["operands"]]
    for _, function, parameters in _declarations(algorithm["name"]):
        views = re.findall(r"tiles_view\* (\w+)", parameters)
        assert views == described[:len(views)], f"{function} takes views {views}; its description lists {described}"


# A plain number of tiles.h: a parameter of an arithmetic type other than size_t (out_size and
# count are the sizes of the pointers before them).
PLAIN_NUMBER = re.compile(r"^(?:int|unsigned|long|float|double|u?int\d+_t) (\w+)$")


@pytest.mark.parametrize("algorithm", ALGORITHMS, ids=lambda a: a["name"])
def test_tiles_h_takes_the_numbers_by_the_names_and_in_the_order_described(algorithm):
    # Each function takes the first few of the described numbers (tiles_stencil none of
    # tiles_stencil_split's iterations), and some function takes them all.
    described = algorithm["numbers"]
    taken = []
    for _, function, parameters in _declarations(algorithm["name"]):
        numbers = [m.group(1) for p in parameters.split(",") if (m := PLAIN_NUMBER.match(p.strip()))]
        assert numbers == described[:len(numbers)], (f"{function} takes numbers {numbers}; its description "
                                                     f"names {described}")
        taken = max(taken, numbers, key=len)
    assert taken == described, f"no function of {algorithm['name']} takes all of {described}"


@pytest.mark.parametrize("algorithm", ALGORITHMS, ids=lambda a: a["name"])
def test_the_cpp_shells_name_the_input_types_described(algorithm):
    comment = _cpp_comment("block_sum" if algorithm["name"] == "block_average" else algorithm["name"])
    for operand in algorithm["operands"]:
        if not operand["written"]:
            missing = _names(comment, [CPP_NAMES[dtype] for dtype in operand["dtypes"]])
            assert not missing, f"tiles::{algorithm['name']}'s comment does not name {missing}"


@pytest.mark.parametrize("algorithm", ALGORITHMS, ids=lambda a: a["name"])
def test_python_functions_take_the_inputs_and_name_every_dtype_described(algorithm):
    function = getattr(tiles, algorithm["name"])
    parameters = inspect.signature(function).parameters
    for operand in algorithm["operands"]:
        if not operand["written"]:
            assert PYTHON_NAMES.get(operand["name"], operand["name"]) in parameters, operand["name"]
        missing = _names(function.__doc__, operand["dtypes"])
        assert not missing, f"tiles.{algorithm['name']}'s docstring does not name {missing} ({operand['name']})"


# The extension's functions, each its C function as it is declared, by that function's name.
BOUND_AS_DECLARED = {"reduce": "tiles_reduce_as", "reduce_into": "tiles_reduce_into",
                     "block_sum": "tiles_block_sum", "block_average": "tiles_block_average",
                     "transpose": "tiles_transpose", "gemm": "tiles_gemm_as", "stencil": "tiles_stencil",
                     "cholesky": "tiles_cholesky", "qr": "tiles_qr", "svd": "tiles_svd", "svdvals": "tiles_svdvals",
                     "eigh": "tiles_eigh", "eigvalsh": "tiles_eigvalsh", "solve": "tiles_solve",
                     "inv": "tiles_inv", "slogdet": "tiles_slogdet",
                     "reduce_split": "tiles_reduce_split", "gemm_split": "tiles_gemm_split",
                     "stencil_split": "tiles_stencil_split"}
# The C parameters one Python argument stands for: a returned result by its dtype, a list of contexts.
ONE_ARGUMENT = {"out out_size accumulator": "accumulator", "contexts count": "contexts"}


@pytest.mark.parametrize("binding", sorted(BOUND_AS_DECLARED))
def test_the_extension_names_its_arguments_as_tiles_h_its_parameters(binding):
    c_function = BOUND_AS_DECLARED[binding]
    declared = {function: parameters for _, function, parameters in _declarations(c_function[6:])}[c_function]
    c_names = " ".join(parameter.split()[-1].lstrip("*") for parameter in declared.split(","))
    for parameters, argument in ONE_ARGUMENT.items():
        c_names = c_names.replace(parameters, argument)
    signature = getattr(_tiles, binding).__doc__.splitlines()[0]
    assert re.findall(r"(\w+): ", signature) == c_names.split(), signature


def test_the_guide_names_exactly_the_input_types_described():
    # A row may show several algorithms (block_sum's shows block_average): its elements are all of theirs.
    # Words in parentheses are remarks ("uchar (summed in ulong)"), not element types the row takes.
    for algorithm in ALGORITHMS:
        cells = _guide_row(algorithm["name"])
        shown = [a for a in ALGORITHMS if re.search(rf"`{a['name']}\(", cells[0])]
        described = set().union(*(_input_types(a) for a in shown))
        remarks_left_out = re.sub(r"\([^)]*\)", "", cells[-1])
        named = set(re.findall(r"[\w]+", remarks_left_out)) & set(OPENCL_NAMES.values())
        assert named == described, (f"the guide's row of {algorithm['name']} names {sorted(named)}; its "
                                    f"description's inputs take {sorted(described)}")


def test_the_guide_lists_exactly_the_precisions_described():
    # The table under "gemm's precision": a row per precision or pair of them, each named in backticks first.
    section = "\n".join(GUIDE).split("## gemm's precision", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    listed = [name for row in rows for name in re.findall(r"`(\w+)`", row)]
    gemm = next(a for a in ALGORITHMS if a["name"] == "gemm")
    assert gemm["parameter"] == "precision"
    assert listed == gemm["parameter_values"]


def test_python_refuses_what_the_description_does_not_take():
    transpose = next(a for a in ALGORITHMS if a["name"] == "transpose")
    taken = transpose["operands"][0]["dtypes"]
    for element in _tiles.dtypes():
        if element["as_bits"] or element["name"] in taken or element["name"] in ("bool",):
            continue
        with pytest.raises(tiles.InvalidArgument, match=rf"^transpose supports .* not {element['name']}: convert"):
            tiles.transpose(np.zeros((2, 3), element["dtype"]))


def test_messages_name_the_python_functions_and_the_ranks_described():
    with pytest.raises(tiles.InvalidArgument, match=r"^reduce: the input view has rank 3; reduce takes rank 1 "
                                                    r"\(one row\) or 2$"):
        tiles.reduce(np.zeros((2, 2, 2), np.float32))
    with pytest.raises(tiles.InvalidArgument, match=r"^stencil: the mask view has rank 3; stencil takes rank 1 "):
        tiles.stencil(np.zeros((4, 4), np.float32), np.ones((1, 1, 1), np.float32))
