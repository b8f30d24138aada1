#include "giro_dmtx.h"
#include "giro_lazy_library.h"

// Every libdmtx function Giro calls; a missing entry is a link error (undefined reference), never a run-time surprise.
#define GIRO_DMTX_FUNCTIONS(X) \
    X(dmtxDecodeCreate) \
    X(dmtxDecodeDestroy) \
    X(dmtxDecodeMatrixRegion) \
    X(dmtxGetSymbolAttribute) \
    X(dmtxImageCreate) \
    X(dmtxImageDestroy) \
    X(dmtxImageSetProp) \
    X(dmtxMatrix3VMultiplyBy) \
    X(dmtxMessageDestroy) \
    X(dmtxRegionDestroy) \
    X(dmtxRegionFindNext) \
    X(dmtxTimeAdd) \
    X(dmtxTimeNow)

GIRO_LAZY_LIBRARY(giro_dmtx, "libdmtx", GIRO_DMTX_FUNCTIONS, "libdmtx.so.0", "libdmtx.so")
