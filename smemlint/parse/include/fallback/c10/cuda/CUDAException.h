/* smemlint stand-in: see torch_standin.h. */
#pragma once
#include "../../torch_standin.h"
