#define _GNU_SOURCE
#include "atomic_exchange.h"
#include <fcntl.h>
#include <stdio.h>

#if defined(__linux__) && defined(RENAME_EXCHANGE)
int stepwise_exchange_paths(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}
#else
int stepwise_exchange_paths(const char *first, const char *second) {
    (void)first;
    (void)second;
    return -1;
}
#endif
