// The Win32 console calls the seed's tiling example makes (colours and the window's size), as
// no-ops: its output is what the test compares. The rectangle it allocates is kept reachable.
#pragma once

typedef void* HANDLE;
typedef unsigned short WORD;
typedef int BOOL;
struct COORD {
    short X;
    short Y;
};
struct SMALL_RECT {
    short Left;
    short Top;
    short Right;
    short Bottom;
};
const int STD_OUTPUT_HANDLE = -11;

inline HANDLE GetStdHandle(int) { return nullptr; }
inline BOOL SetConsoleTextAttribute(HANDLE, WORD) { return 1; }
inline BOOL SetConsoleScreenBufferSize(HANDLE, COORD) { return 1; }
inline const SMALL_RECT* console_window = nullptr;
inline BOOL SetConsoleWindowInfo(HANDLE, BOOL, const SMALL_RECT* window) {
    console_window = window;
    return 1;
}
