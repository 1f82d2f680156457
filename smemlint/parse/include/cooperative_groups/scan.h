/* smemlint stand-in for <cooperative_groups/scan.h> (bundled mode): the scans
   are declared with the reductions in reduce.h. */
#ifndef SMEMLINT_STANDIN_CG_SCAN_H
#define SMEMLINT_STANDIN_CG_SCAN_H
#include "reduce.h"
#endif /* SMEMLINT_STANDIN_CG_SCAN_H */
