/* go.js: Go on the web page (src/games/go/go.js, served as games/go.js):
 * the adapter web/games.js describes, on a lines board with star points,
 * captures and komi among the counters. */
"use strict";

(function () {
	const { lines, showboardSize, goLabels, defaultEngine, stonesDraw, stonesPress, stonesHover } = Q.util;

	function starPoints(n) {
		if (n < 7)
			return [];
		const e = n < 13 ? 2 : 3, m = (n - 1) / 2, f = n - 1 - e;
		const pts = [[e, e], [e, f], [f, e], [f, f]];
		if (n % 2 && n >= 9)
			pts.push([m, m]);
		if (n % 2 && n >= 13)
			pts.push([e, m], [f, m], [m, e], [m, f]);
		return pts;
	}

	const go = {
		name: "go", title: "Go", kind: "lines", sides: ["Black", "White"],
		pickers: ["level", "size", "rules"], canPass: true, analysis: true,
		howTo: "<p>Black and White take turns putting a stone on an empty point; Black"
			+ " moves first. Stones of one colour next to each other along the lines form a group."
			+ " A group whose last empty neighbouring point is filled by the other side is captured"
			+ " and taken off the board. A move may not take the group's own last liberty (unless it"
			+ " captures), nor repeat an earlier position (ko).</p>"
			+ "<p>Passing is allowed; two passes in a row end the game. Then each side's area counts:"
			+ " its stones on the board and the empty points only it surrounds, dead stones removed,"
			+ " plus komi for White. More points wins.</p>",
		resultUnit: "points",
		setup: (o) => [`level ${o.level}`, `rules ${o.rules}`, `boardsize ${o.size}`],
		async refresh(ask) {
			const [sb, b, w, cb, cw] = await Promise.all(["showboard", "list_stones black",
				"list_stones white", "captures black", "captures white"].map(ask));
			const h = showboardSize(sb);
			const ls = lines(sb);
			/* The status line, every game's: "komi K, moves N[, last COLOR MOVE]"
			 * then ", COLOR to move" or ", game over: ..." (two passes). */
			const status = ls.find((l) => l.startsWith("komi")) || "";
			const m = /moves (\d+)(?:, last (black|white) (\S+?))?(?:, (black|white) to move|, (game over): .*)?$/.exec(status) || [];
			const over = Boolean(m[5]);
			const st = {
				w: h, h, black: b.split(/\s+/).filter(Boolean), white: w.split(/\s+/).filter(Boolean),
				moves: Number(m[1] || 0), last: m[3] && m[3] !== "pass" ? m[3] : null,
				lastText: m[2] ? `${m[2]} ${m[3]}` : "", turn: over ? null : m[4] || null, over,
				result: over ? await ask("final_score") : null,
			};
			const komi = (/^komi (-?[\d.]+)/.exec(status) || [])[1];
			st.counters = [["Black captured", cb], ["White captured", cw],
				["Stones", `${st.black.length} / ${st.white.length}`], ["Komi", komi || "?"]];
			return st;
		},
		draw(board, st) {
			if (board.w !== st.w || board.kind !== "lines") {
				board.reset("lines", st.w, st.h);
				goLabels(board);
				for (const [x, y] of starPoints(st.w))
					board.circle(x, y, 0.08, "star", board.under);
			}
			stonesDraw(board, st);
		},
		/* Two passes end the game: a pass before a third of the board is
		 * filled, the opponent not having passed, is most likely a slip. */
		earlyPass: (st) => st.moves < st.w * st.h / 3 && !/ pass$/.test(st.lastText),
		press: (x, y, st) => stonesPress(x, y, st),
		hover: stonesHover,
		engineCommand: defaultEngine,
	};

	Q.games.go = go;
})();
