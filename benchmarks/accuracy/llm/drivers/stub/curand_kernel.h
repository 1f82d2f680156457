// Stand-in for cuRAND's device header (smemlint benchmark driver, issue 28 part 3): exllamav2's quantize.cu
// includes it and uses nothing of it.
#pragma once
