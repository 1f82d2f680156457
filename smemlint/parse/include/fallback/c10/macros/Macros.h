/* smemlint stand-in: see torch_standin.h (C10_WARP_SIZE and the attribute macros are defined there). */
#pragma once
#include "../../torch_standin.h"
