// A macro of the program's own header, which a kernel of features.cpp uses.
#pragma once

#define BLOCK 4
