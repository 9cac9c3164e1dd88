/* gomoku.js: Gomoku on the web page (src/games/gomoku/gomoku.js, served as
 * games/gomoku.js): the adapter web/games.js describes, Go's stones on a lines
 * board, and under renju black's forbidden points marked and not played. */
"use strict";

(function () {
	const { vertexOf, pointOfVertex } = Q.parse;
	const { lines, showboardSize, goLabels, resultOrNull, defaultEngine, stonesDraw, stonesPress, stonesHover } = Q.util;

	const gomoku = {
		name: "gomoku", title: "Gomoku", kind: "lines", sides: ["Black", "White"],
		pickers: ["level", "size", "rules"],
		howTo: "<p>Black and White take turns putting a stone on an empty point; Black moves"
			+ " first. The first to make five in a row, across, down or diagonally, wins; a full"
			+ " board with no five is a draw.</p>"
			+ "<p>Rules: <b>freestyle</b> counts any row of five or more; <b>standard</b> only"
			+ " exactly five. Under <b>renju</b> Black, who would otherwise have the edge, may not"
			+ " play a forbidden point: one that makes two open threes at once, two fours at once,"
			+ " or a row of six or more (unless it also makes five). On Black's turn they are marked"
			+ " <span class=\"legend-forbidden\" aria-hidden=\"true\"></span> and cannot be"
			+ " played.</p>",
		setup: (o) => [`level ${o.level}`, `rules ${o.rules}`, `boardsize ${o.size}`],
		async refresh(ask) {
			const [sb, b, w, forbidden] = await Promise.all(["showboard", "list_stones black",
				"list_stones white", "forbidden"].map(ask));
			const h = showboardSize(sb);
			/* The status line, every game's: "rules R, moves N[, last COLOR
			 * POINT]" then ", COLOR to move" or ", game over: RESULT". */
			const status = lines(sb).pop();
			const m = /moves (\d+)(?:, last (black|white) (\S+?))?(?:, (black|white) to move)?(?:, game over: (.*))?$/.exec(status) || [];
			const result = await resultOrNull(ask);
			const st = {
				w: h, h, black: b.split(/\s+/).filter(Boolean), white: w.split(/\s+/).filter(Boolean),
				moves: Number(m[1] || 0), last: m[3] || null, lastText: m[2] ? `${m[2]} ${m[3]}` : "",
				turn: result === null ? m[4] || null : null, over: result !== null,
				result: result === null ? null : m[5] || result,
			};
			/* Renju: black's forbidden points, marked and not played. */
			st.forbidden = st.turn === "black" ? forbidden.split(/\s+/).filter(Boolean) : [];
			st.counters = [["Black stones", st.black.length], ["White stones", st.white.length]];
			return st;
		},
		draw(board, st) {
			if (board.w !== st.w || board.kind !== "lines") {
				board.reset("lines", st.w, st.h);
				goLabels(board);
				const c = (st.w - 1) / 2;
				if (st.w % 2)
					board.circle(c, c, 0.08, "star", board.under);
			}
			stonesDraw(board, st);
			for (const v of st.forbidden) {
				const p = pointOfVertex(v, st.h);
				const m = board.circle(p.x, p.y, 0.2, "forbidden", board.marks);
				m.dataset.v = v;
			}
		},
		press(x, y, st, ui) {
			const v = stonesPress(x, y, st);
			if (v && st.forbidden.includes(v)) {
				ui.say(`${v} is forbidden for black (renju)`);
				return null;
			}
			return v;
		},
		hover(board, pt, st) {
			if (pt && !st.forbidden.includes(vertexOf(pt.x, pt.y, st.h)))
				stonesHover(board, pt, st);
		},
		engineCommand: defaultEngine,
	};

	Q.games.gomoku = gomoku;
})();
