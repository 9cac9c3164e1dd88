/* Gomoku positions with a forced win by continuous fours (VCF), for the
 * engine's tests (tests/unit/test_gomoku_ai.c) and its benchmark
 * (bench/gomoku_bench.c vcf).
 *
 * Each position is a move list played alternately from the empty board
 * (black first), after which the side to move (the attacker) wins by
 * fours; none has a five or an open four to play at once, and the
 * defender has no four on the board. Sixteen come from games of the seed's
 * computer against itself (with some random moves), found by the solver;
 * two are built by hand for renju's forbidden points. Each comment gives a
 * shortest winning line (attacker's stone, defender's forced reply, ...),
 * read on the board and checked by hand stone by stone; `line` is that line,
 * which the tests also replay with the rules alone (gomoku_wins,
 * gomoku_is_legal): every attacker stone legal and making a four, every
 * reply the only block, the last stone a five, an open four, or a four
 * black may not block. Vertices are Go's (column letters without I, row 1 at
 * the bottom). */
#ifndef QUINTET_TEST_GOMOKU_VCF_SET_H
#define QUINTET_TEST_GOMOKU_VCF_SET_H

#include "games/gomoku/gomoku_board.h"

struct gomoku_vcf_case {
	const char *name;        /* for messages */
	int size;                /* board size */
	enum gomoku_rules rules; /* the rules it is a win under */
	const char *moves;       /* from the empty board; the attacker moves next */
	const char *line;        /* a shortest winning line, checked by hand */
};

static const struct gomoku_vcf_case gomoku_vcf_set[] = {
	/* White: G8 (D8 . F8 G8 H8, the gap E8 completes), E8; J5 (J5 H6 G7
	 * F8, closed by E9), K4; J8 (F8 G8 H8 J8, E8 now black), K8; J9 (F6 G7
	 * H8 J9, closed by E5), K10; J6 (J5 J6 . J8 J9), J7; H7 makes F9 G8 H7
	 * J6 with E10 and K5 both empty: an open four. */
	{ "free-white-22", 15, GOMOKU_FREESTYLE,
	  "F10 F6 G6 H6 G9 H8 A3 G7 E5 F8 E9 P4 H9 F9 C7 D8 B8",
	  "G8 E8 J5 K4 J8 K8 J9 K10 J6 J7 H7" },
	/* Black: J7 (J7 H8 G9 F10, E11 white), K6; H7 (H7 H8 H9 H10, H11
	 * white), H6; L7 makes two fours at once: G7 H7 J7 . L7 (K7) and L7 .
	 * J9 H10 G11 (K8). */
	{ "free-black-166", 15, GOMOKU_FREESTYLE,
	  "G9 F7 F6 F8 G7 G8 H8 E5 J9 K10 H9 F9 H10 H11 F10 E11 G11 F12",
	  "J7 K6 H7 H6 L7" },
	/* Black: M7 (H7 J7 K7 . M7), L7; J4 (J4 . J6 J7 J8, J9 white), J5;
	 * M11 (J11 K11 L11 M11, H11 white), N11; M8 (M7 M8 M9 . M11), M10; M5
	 * (M5 . M7 M8 M9), M6; L6 (J8 K7 L6 M5, H9 white), N4; K5 makes J4 K5
	 * L6 M7 with H3 and N8 empty: open. */
	{ "free-black-218", 15, GOMOKU_FREESTYLE,
	  "K7 K9 J10 H6 J8 H9 J7 J9 G9 H8 H7 G7 F6 K10 L11 L9 M9 H12 J11 K12 K11 H11 H10 J12 G12 "
	  "F1 J6 L8",
	  "M7 L7 J4 J5 M11 N11 M8 M10 M5 M6 L6 N4 K5" },
	/* White: H7 (F9 G8 H7 J6, E10 black), K5; D7 (D7 . F7 G7 H7, J7
	 * black), E7; F11 (F7 . F9 F10 F11), F8; F13 (F9 F10 F11 . F13), F12;
	 * H11 (F13 . H11 J10 K9, L8 black), G12; E8 (D7 E8 F9 . H11), G10; H5
	 * makes E8 F7 G6 H5 with D9 and J4 empty: open. */
	{ "free-white-144", 15, GOMOKU_FREESTYLE,
	  "K8 H10 J9 K9 J8 J10 H8 G8 L8 M8 K10 G7 L11 M12 L9 L10 J7 H6 G9 F10 G3 L5 J5 J6 E10 "
	  "F7 H9 G6 F6 H2 E9 F9 O10",
	  "H7 K5 D7 E7 F11 F8 F13 F12 H11 G12 E8 G10 H5" },
	/* White: H2 (D6 E5 F4 . H2), G3; H4 (H2 . H4 H5 H6), H3; J7 (F4 G5 H6
	 * J7, E3 black), K8; J8 (J6 J7 J8 . J10), J9; J4 (J4 . J6 J7 J8), J5;
	 * G4 makes F4 G4 H4 J4 with E4 and K4 empty: open. */
	{ "free-white-154", 15, GOMOKU_FREESTYLE,
	  "G6 G10 G7 F8 G8 G5 F7 E7 E6 D5 F6 D6 C5 D7 D8 E8 F9 J6 D4 E5 H9 J10 H10 H5 F5 F4 C7 "
	  "H6 E3",
	  "H2 G3 H4 H3 J7 K8 J8 J9 J4 J5 G4" },
	/* Black, eight fours: L8 (H8 J8 K8 L8, G8 white), M8; L6 (H9 J8 K7 L6,
	 * G10 white), M5; K5 (K5 . K7 K8 K9, K10 white), K6; L10 (H7 J8 K9
	 * L10, G6 white), M11; L7 (L6 L7 L8 . L10), L9; L4 (L4 . L6 L7 L8), L5;
	 * J6 (H7 J6 K5 L4, G8 white), M3; H5 makes H5 J6 K7 L8 with G4 and M9
	 * empty: open. */
	{ "free-black-293", 15, GOMOKU_FREESTYLE,
	  "K9 F10 G9 G8 H9 J9 H10 F8 H8 H11 H7 H6 J8 G6 K7 G10 F9 E9 G7 J7 K8 K10",
	  "L8 M8 L6 M5 K5 K6 L10 M11 L7 L9 L4 L5 J6 M3 H5" },
	/* Standard (exact fives), white: K7 (G4 H5 J6 K7, F3 black), L8; H7
	 * (G7 H7 J7 K7, F7 black), L7; L4 (H7 J6 K5 L4, G8 black), M3; M5 (H5
	 * J5 K5 . M5), L5; K4 (G4 . J4 K4 L4), H4; N4 (J4 K4 L4 . N4), M4; L6
	 * (K7 L6 M5 N4, J8 black), O3; H3 makes H3 J4 K5 L6, open at G2 and
	 * M7, each completing exactly five (F1 empty, N8 black). */
	{ "standard-white-251", 15, GOMOKU_STANDARD,
	  "K6 J7 G9 F9 G6 J6 G8 G7 F7 J5 J8 F8 H6 J4 J3 K5 N8 H5 G5 G4 F3",
	  "K7 L8 H7 L7 L4 M3 M5 L5 K4 H4 N4 M4 L6 O3 H3" },
	/* Standard, black: K11 (F11 G11 H11 . K11, E11 white), J11; J12 (F9
	 * G10 H11 J12, E8 white), K13; G14 (G10 G11 G12 . G14, G9 white), G13;
	 * H13 (G14 H13 J12 K11, L10 white), F15; E10 makes E10 F11 G12 H13,
	 * open at D9 and J14, each exactly five. */
	{ "standard-black-29", 15, GOMOKU_STANDARD,
	  "F9 J10 H9 H7 J9 G9 H10 K9 H11 H12 G10 E8 F11 E12 C11 F12 G12 L10 J8 K7 G11 E11",
	  "K11 J11 J12 K13 G14 G13 H13 F15 E10" },
	/* Renju, black: C2 (C2 D3 E4 F5, G6 white), B1; F3 (C6 D5 E4 F3, B7
	 * white), G2; A6 (A6 . C6 D6 E6, F6 white), B6; C4 (A6 . C4 D3 E2), B5;
	 * C3 (C2 C3 C4 . C6), C5; E3 makes C3 D3 E3 F3, open at B3 and G3, and
	 * no second four or three: allowed. */
	{ "renju-black-86", 15, GOMOKU_RENJU,
	  "J9 J8 J7 F8 H8 G9 G7 F6 E2 M11 H7 F7 F9 E7 D6 J11 H10 H9 P2 L7 K10 L11 K11 G10 F11 G8 "
	  "E6 H4 G5 F4 F5 G4 E4 E5 G11 F12 D3 G6 J4 L6 K7 K8 D5 D4 C6 B7",
	  "C2 B1 F3 G2 A6 B6 C4 B5 C3 C5 E3" },
	/* Renju, white: D7 (D7 E8 F9 G10, H11 black), C6; C8 (C8 . E8 F8 G8,
	 * H8 black), D8; B12 (B12 C12 . E12 F12, G12 black), D12; C11 makes
	 * B12 C11 . E9 F8, completed only at D10, where black may not block:
	 * D8 D9 D10 D11 D12 D13 would be an overline. */
	{ "renju-white-291", 15, GOMOKU_RENJU,
	  "H7 F6 H10 G9 H8 H9 J9 G8 K10 L11 J10 G10 G11 F12 J11 J12 J8 J7 L10 M10 H2 K9 K8 L7 "
	  "J15 M8 N9 F9 H11 F11 F10 E12 D13 H12 G12 E9 D9 G6 G7 E6 D6 F7 D5 E8 E7 E10 E11 C12 D11 "
	  "F8 F5",
	  "D7 C6 C8 D8 B12 D12 C11" },
	/* Renju, black: E6 (E6 F7 G8 H9, J10 white), D5; E8 (E6 E7 E8 . E10),
	 * E9; D7 (D7 E8 F9 G10, H11 white) and the three D7 E7 F7: a
	 * four-three, allowed, C6; C7 makes C7 D7 E7 F7 with B7 and G7 empty. */
	{ "renju-black-176", 15, GOMOKU_RENJU,
	  "F7 H10 K7 J7 H9 J10 G10 J8 J9 K2 F9 G9 F10 F8 E7 H8 G8 K6 L5 J11 K12 H11 M10 L8 K9 L11 "
	  "K11 K10 M8 M9 E10 D11",
	  "E6 D5 E8 E9 D7 C6 C7" },
	/* Renju, black (J11 and H10 are forbidden to it at the start): L11
	 * (G11 H11 . K11 L11: J11 completes five, which white takes), J11; L8
	 * (H11 J10 K9 L8, G12 white), M7; L10 (L8 . L10 L11 L12), L9; H13 (H13
	 * J12 K11 L10, M9 white), G14; H12 (H9 . H11 H12 H13), H10; K12 (H12
	 * J12 K12 L12, G12 white), M12; H14 (H11 H12 H13 H14, H10 white), H15;
	 * J13 makes H14 J13 K12 L11 with G15 and M10 empty (and the three G11
	 * H12 J13: a four-three, allowed). */
	{ "renju-black-180", 15, GOMOKU_RENJU,
	  "H9 K10 J10 J6 K11 G8 L12 M13 H11 H7 F9 K5 L4 J8 J12 G10 K9 G12 J9 G9 G11 G6 G7 M9",
	  "L11 J11 L8 M7 L10 L9 H13 G14 H12 H10 K12 M12 H14 H15 J13" },
	/* 20x20, white: O9 (L9 M9 N9 O9, K9 black), P9; O10 (L7 M8 N9 O10, K6
	 * black), P11; O12 (L9 M10 N11 O12, K8 black), P13; O11 makes O9 O10
	 * O11 O12 with O8 and O13 empty. */
	{ "twenty-white-59", 20, GOMOKU_FREESTYLE,
	  "K12 L9 N13 M11 L11 M10 M12 K10 N12 L12 N10 N11 K8 M8 J11 M9 M7 N9 K9 L7 K6",
	  "O9 P9 O10 P11 O12 P13 O11" },
	/* 20x20, black: P7 (P7 P8 P9 P10, P11 white), P6; O8 (L11 . N9 O8
	 * P7), M10; Q6 (N9 O8 P7 Q6, M10 white now), R5; Q8 (O8 P8 Q8 R8, N8
	 * white), S8; Q7 makes Q6 Q7 Q8 Q9 with Q5 and Q10 empty. */
	{ "twenty-black-87", 20, GOMOKU_FREESTYLE,
	  "L13 L9 N11 M11 M12 K14 P9 O10 N13 K13 N10 N12 L11 K10 L14 L12 O14 P15 N9 K9 L10 K12 R8 "
	  "O15 K11 N8 Q9 O9 P10 S7 P8 P11",
	  "P7 P6 O8 M10 Q6 R5 Q8 S8 Q7" },
	/* 9x9, white, with a counter-four: G6 (D6 E6 F6 G6, C6 black), H6; G3
	 * (G2 G3 . G5 G6), G4; G9 (C5 D6 E7 . G9), F8; G7 (G5 G6 G7 . G9), G8;
	 * E5 (D4 E5 F6 G7, C3 black), H8, which gives black D8 . F8 G8 H8 (a
	 * four at E8); white blocks it with a four, E8 (E5 E6 E7 E8, E4
	 * black), E9; F4 makes D6 E5 F4 G3 with C7 and H2 empty. */
	{ "nine-white-35", 9, GOMOKU_FREESTYLE,
	  "E4 F6 C3 D6 C6 G2 C4 C5 E1 E7 B4 D4 D5 B7 B3 E6 E3 D3 A9 G5 D8",
	  "G6 H6 G3 G4 G9 F8 G7 G8 E5 H8 E8 E9 F4" },
	/* 9x9, black, along the bottom edge: F2 (C5 D4 E3 F2, B6 white), G1;
	 * F3 (F2 F3 F4 F5, F6 white), F1; G4 (D4 E4 F4 G4, C4 white), H4; H5
	 * makes E2 F3 G4 H5 with D1 and J6 empty. */
	{ "nine-black-26", 9, GOMOKU_FREESTYLE,
	  "E4 C4 E3 C7 E5 E6 E2 E1 C5 D5 B3 F7 G8 D7 E7 D6 D8 F6 C6 J9 F5 G6 H6 D3 D4 B6 F4 G5",
	  "F2 G1 F3 F1 G4 H4 H5" },
	/* Built: renju, white. Black G8 H8 and J9 J10 cross at J8, a double
	 * three (forbidden to black); white K7 L6 M5 lie on J8's diagonal,
	 * closed by black H9 and O3. N4 makes K7 L6 M5 N4, completed only at
	 * J8, which black may not take. (Under freestyle black blocks there:
	 * no VCF.) */
	{ "renju-white-forbidden-block", 15, GOMOKU_RENJU,
	  "G8 K7 H8 L6 H9 M5 J9 B14 J10 B2 O3",
	  "N4" },
	/* Built: renju, black. H8 would make two fours (E8 F8 G8 H8 and H8 H9
	 * H10 H11), forbidden; the win is elsewhere: M2 (J2 K2 L2 M2, H2
	 * white) with the three M2 M3 M4, a four-three, N2; M5 makes M2 M3 M4
	 * M5 with M1 and M6 empty. (Under freestyle H8 itself wins.) */
	{ "renju-black-avoids-double-four", 15, GOMOKU_RENJU,
	  "E8 D8 F8 H12 G8 H2 H9 A15 H10 P15 H11 A8 J2 P8 K2 D14 L2 M14 M3 A1 M4 F13",
	  "M2 N2 M5" },
};

#endif
