/* The UAI front end (`quintet --protocol uai`, on stdin or over TCP with
 * --listen): the Universal Ataxx Interface, UCI's Ataxx sibling, as
 * cuteataxx and other Ataxx tools speak it. It drives the Ataxx module
 * directly (standard rules unless the Rules option says yinyang), takes its
 * levels from the configuration (games.ataxx.levels) and is documented in
 * protocol/PROTOCOL.md.
 *
 * It sits on the front-end layer (frontend.h) like GTP: go and perft are
 * jobs on the search workers, streaming their info lines with fe_emit;
 * isready and stop are answered while one runs, other lines wait for it. */
#ifndef QUINTET_UAI_H
#define QUINTET_UAI_H

#include "frontend.h"

extern const struct frontend_ops frontend_uai;

#endif
