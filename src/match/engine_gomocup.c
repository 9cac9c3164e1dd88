/* The Gomocup driver (the piskvork brain protocol: START, BEGIN, TURN x,y,
 * INFO timeout_turn ms, ...), for Gomoku engines. Reserved: the prefix
 * "gomocup:" is known, so a spec using it gets "not supported yet" rather
 * than being run as a GTP command line; the driver is written here, on
 * the operations of struct engine_driver (engine.h), once quintet has
 * Gomoku: new_game sends START with the board size (and INFO lines for
 * the time), play keeps the moves, genmove sends BEGIN/TURN or BOARD and
 * reads "x,y", translating with the game's own coordinates. */
#include "match/engine.h"

const struct engine_driver engine_gomocup = {
	.prefix = "gomocup:",
	.name = "Gomocup",
	.ready = false,
};
