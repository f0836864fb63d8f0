/* version.h — the program version, reported by --version and in every report. */
#ifndef NEVERODDS_VERSION_H
#define NEVERODDS_VERSION_H
#define NO_VERSION "0.1.0"
#endif
