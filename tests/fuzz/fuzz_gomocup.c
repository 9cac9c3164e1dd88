/* Fuzz target: a manager's whole input through the Gomocup front end
 * (Gomoku): START, INFO, BEGIN, TURN, BOARD ... DONE, TAKEBACK, END. */
#include "frontend_gomocup.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_frontend(&frontend_gomocup, data, size, 1024, NULL);
	return 0;
}
