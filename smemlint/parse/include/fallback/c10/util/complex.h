/* smemlint stand-in: see torch_standin.h (c10::complex is declared there). */
#pragma once
#include "../../torch_standin.h"
