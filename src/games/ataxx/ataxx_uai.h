/* The UAI front end (`quintet --protocol uai`): the Universal Ataxx
 * Interface, UCI's Ataxx sibling, as cuteataxx and other Ataxx tools speak
 * it. It drives the Ataxx module directly (standard rules unless the Rules
 * option says yinyang) and is documented in protocol/PROTOCOL.md.
 *
 * One reader (the caller's thread) and one search thread at a time; stop,
 * isready and quit are answered while a search runs. */
#ifndef QUINTET_UAI_H
#define QUINTET_UAI_H

#include <stdint.h>
#include <stdio.h>

/* Read UAI commands from in until quit or end of input, answering on out
 * (flushed after every line). seed seeds the engine's random choices.
 * Returns the process exit status: 0, or 1 when out could not be written. */
int uai_run(FILE *in, FILE *out, uint64_t seed);

#endif
