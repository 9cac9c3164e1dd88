/* Fuzz target: a client's whole input through the UAI front end (Ataxx):
 * position, go, perft, setoption, isready and stop during a search (a
 * job stays queued while the next line is read, fuzz_common.h). */
#include "frontend_uai.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_frontend(&frontend_uai, data, size, 1024, NULL);
	return 0;
}
