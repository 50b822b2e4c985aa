/* The host's copy of the Description struct of examples/kernels/tiling_description.cl, shared by
 * tiling_description_c and the C tests: field for field the kernel's, so that a view of them is
 * an array of the kernel's structs. */
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
