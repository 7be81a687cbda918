#ifndef STEPWISE_CCMARK_SHIM_H
#define STEPWISE_CCMARK_SHIM_H
#include <cmark.h>
#endif
