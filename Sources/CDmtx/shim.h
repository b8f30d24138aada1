#include <dmtx.h>
