"""The seed's tile average, driving libtiles.so through Python's standard ctypes alone, as another
language's foreign-function interface would: the structs declared from tiles.h, arguments and the
domain made by the exported tiles_arg_init_* and tiles_domain_init. Prints the averages as the
seed does. Usage: tile_average_ctypes.py LIBTILES KERNEL_FILE"""

import ctypes
import sys

library = ctypes.CDLL(sys.argv[1])
kernel_source = open(sys.argv[2], "rb").read()

TILES_FLOAT32 = 8  # tiles_dtype


class Shape(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("dtype", ctypes.c_int), ("element_size", ctypes.c_size_t),
                ("rank", ctypes.c_int), ("extent", ctypes.c_int * 3)]


class Domain(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("rank", ctypes.c_int), ("extent", ctypes.c_int * 3),
                ("tile_rank", ctypes.c_int), ("tile", ctypes.c_int * 3)]


class Arg(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("kind", ctypes.c_int), ("view", ctypes.c_void_p),
                ("array", ctypes.c_void_p), ("dtype", ctypes.c_int), ("value", ctypes.c_ubyte * 8),
                ("bytes", ctypes.c_size_t)]


library.tiles_last_error_message.restype = ctypes.c_char_p


def check(status):
    if status != 0:
        raise SystemExit(f"libtiles failed ({status}): {library.tiles_last_error_message().decode()}")


def shape(dtype, rows, columns):
    s = Shape(ctypes.sizeof(Shape), dtype, 0, 2)
    s.extent[0], s.extent[1] = rows, columns
    return s


def view(dtype, rows, columns, host):
    handle = ctypes.c_void_p()
    s = shape(dtype, rows, columns)
    check(library.tiles_view_create(ctypes.byref(handle), ctypes.byref(s), host))
    return handle


sample_size = 2
matrix = (ctypes.c_float * 64)(*range(64))
averages = (ctypes.c_float * 16)()
matrix_view, averages_view = view(TILES_FLOAT32, 8, 8, matrix), view(TILES_FLOAT32, 4, 4, averages)
kernel = ctypes.c_void_p()
check(library.tiles_kernel_create(ctypes.byref(kernel), kernel_source, b"tile_average", None))

domain = Domain(ctypes.sizeof(Domain))
check(library.tiles_domain_init(ctypes.byref(domain), 2, (ctypes.c_int * 2)(8, 8), 2,
                                (ctypes.c_int * 2)(sample_size, sample_size)))
args = (Arg * 2)()
for a in args:
    a.struct_size = ctypes.sizeof(Arg)
check(library.tiles_arg_init_view(ctypes.byref(args[0]), matrix_view))
check(library.tiles_arg_init_view(ctypes.byref(args[1]), averages_view))
check(library.tiles_launch(None, ctypes.byref(domain), kernel, args, ctypes.c_size_t(2)))
check(library.tiles_view_synchronize(averages_view))

for row in range(4):
    print(" ".join(f"{averages[row * 4 + column]:g}" for column in range(4)))
for handle, release in ((kernel, library.tiles_kernel_release), (matrix_view, library.tiles_view_release),
                        (averages_view, library.tiles_view_release)):
    check(release(handle))
