#ifndef STEPWISE_ATOMIC_EXCHANGE_H
#define STEPWISE_ATOMIC_EXCHANGE_H

/// Swaps two paths in one atomic step (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 where the system or file system cannot (the caller falls back).
int stepwise_exchange_paths(const char *first, const char *second);

#endif
