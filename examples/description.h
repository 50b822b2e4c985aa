/* The host's copy of the Description struct of examples/kernels/tiling_description.cl, shared by
 * the tiling_description examples (C++ and C) and their tests: field for field the kernel's, so
 * that a view of them is an array of the kernel's structs. C and C++ alike. */
#ifndef DESCRIPTION_H
#define DESCRIPTION_H

typedef struct Description {
    int value;
    int tileRow;
    int tileColumn;
    int globalRow;
    int globalColumn;
    int localRow;
    int localColumn;
} Description;

#endif
