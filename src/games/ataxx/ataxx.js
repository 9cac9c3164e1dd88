/* ataxx.js: Ataxx on the web page (src/games/ataxx/ataxx.js, served as
 * games/ataxx.js): the adapter web/games.js describes. Squares a1 (bottom
 * left) on; x is black, o white. A press on a piece selects it and shows its
 * clones and jumps; a press on an empty square plays there. */
"use strict";

(function () {
	const { lines, resultOrNull, defaultEngine } = Q.util;

	const AX_COLS = "abcdefghijklmnop";
	const axName = (x, y, h) => AX_COLS[x] + (h - y);
	function axPoint(s, h) {
		return { x: AX_COLS.indexOf(s[0]), y: h - Number(s.slice(1)) };
	}
	function parseFen(fen) {
		const [board, side, , num] = fen.split(/\s+/);
		const rows = board.split("/").map((r) => r.replace(/\d+/g, (n) => ".".repeat(Number(n))));
		return { rows, side: side === "x" ? "black" : "white", num: Number(num || 1) };
	}
	const ataxx = {
		name: "ataxx", title: "Ataxx", kind: "cells", sides: ["Black (x, Yin)", "White (o, Yang)"],
		pickers: ["level", "size", "rules"],
		howTo: "<p>Each side moves one of its pieces (Black, the first, then White). A"
			+ " <b>clone</b> goes to an empty square next to it, diagonals included: the piece stays"
			+ " and a new one appears. A <b>jump</b> goes to an empty square two away: the piece"
			+ " leaves its square. Either way every enemy piece next to the square it lands on turns"
			+ " to the mover's colour.</p>"
			+ "<p>Click a piece, then where it goes; an empty square next to one of your pieces"
			+ " can be clicked straight away for a clone. A side that cannot move passes. The game"
			+ " ends when neither side can move (the board full, or a side without pieces); more"
			+ " pieces wins.</p>",
		resultUnit: "pieces",
		setup: (o) => [`level ${o.level}`, `rules ${o.rules}`, `boardsize ${o.size}`],
		async refresh(ask) {
			const [fen, legal, sb] = await Promise.all([ask("fen"), ask("list_moves"), ask("showboard")]);
			const result = await resultOrNull(ask);
			const f = parseFen(fen);
			const n = f.rows.length;
			const count = (ch) => f.rows.join("").split(ch).length - 1;
			/* showboard's status line, every game's: "moves N[, last COLOR
			 * MOVE]" then ", COLOR to move" or ", game over: RESULT". */
			const m = /^moves \d+, last (black|white) (\S+?),/.exec(lines(sb).pop()) || [];
			const st = {
				w: n, h: n, rows: f.rows, turn: result === null ? f.side : null, over: result !== null, result,
				moves: 2 * (f.num - 1) + (f.side === "white" ? 1 : 0),
				legal: legal.split(/\s+/).filter(Boolean), last: m[2] || null,
			};
			st.lastText = m[1] ? `${m[1]} ${m[2]}` : "";
			st.counters = [["Black pieces", count("x")], ["White pieces", count("o")], ["Empty", count(".")]];
			return st;
		},
		mover: (st) => (st.turn === "black" ? "x" : "o"),
		targets(st, from) {
			const t = new Map();
			for (const mv of st.legal) {
				if (mv === "pass")
					continue;
				if (mv.length <= 3 && !from)
					t.set(mv, mv);
				else if (from && (mv.startsWith(from) && mv.length > 3))
					t.set(mv.slice(from.length), mv);
				else if (from && mv.length <= 3 && !t.has(mv))
					t.set(mv, mv);
			}
			return t;
		},
		draw(board, st) {
			if (board.w !== st.w || board.kind !== "cells") {
				board.reset("cells", st.w, st.h);
				board.labels(AX_COLS.slice(0, st.w).split(""), Array.from({ length: st.h }, (_, y) => String(st.h - y)));
			}
			board.clear(board.under);
			board.clear(board.layer);
			board.clear(board.marks);
			for (let y = 0; y < st.h; y++)
				for (let x = 0; x < st.w; x++) {
					const ch = st.rows[y][x];
					const sq = board.square(x, y, 0.02, ch === "-" ? "cell gap" : "cell", board.under);
					sq.dataset.sq = axName(x, y, st.h);
					if (ch === "x" || ch === "o") {
						const c = board.circle(x, y, 0.4, "stone " + (ch === "x" ? "black" : "white"));
						c.dataset.v = axName(x, y, st.h);
					}
				}
			const sel = ataxx.selected;
			if (sel && !st.over) {
				const p = axPoint(sel, st.h);
				board.square(p.x, p.y, 0.06, "selected", board.marks);
				for (const [dst, mv] of ataxx.targets(st, sel)) {
					const q = axPoint(dst, st.h);
					board.circle(q.x, q.y, 0.12, mv.length > 3 ? "target jump" : "target clone", board.marks).dataset.move = mv;
				}
			}
			/* The last move's destination: a clone's square, a jump's second. */
			const last = st.last && /([a-p]\d+)$/.exec(st.last);
			if (last) {
				const p = axPoint(last[1], st.h);
				board.square(p.x, p.y, 0.1, "last-square", board.marks).dataset.v = last[1];
			}
		},
		press(x, y, st, ui) {
			if (st.over || !st.turn)
				return null;
			const sq = axName(x, y, st.h);
			const ch = st.rows[y][x];
			if (ch === ataxx.mover(st)) {
				ataxx.selected = ataxx.selected === sq ? null : sq;
				ui.redraw();
				return null;
			}
			if (ch !== ".")
				return null;
			const t = ataxx.targets(st, ataxx.selected);
			const mv = t.get(sq) || (st.legal.includes(sq) ? sq : null);
			if (!mv) {
				ui.say(ataxx.selected ? `${ataxx.selected} cannot reach ${sq}` : `no piece next to ${sq}: pick a piece to jump`);
				return null;
			}
			return mv;
		},
		hover(board, pt, st) {
			if (!pt || st.over || !st.turn)
				return;
			const sq = axName(pt.x, pt.y, st.h);
			const mv = ataxx.targets(st, ataxx.selected).get(sq) || (st.legal.includes(sq) ? sq : null);
			if (mv && st.rows[pt.y][pt.x] === ".")
				board.circle(pt.x, pt.y, 0.4, "stone ghost " + st.turn, board.preview);
		},
		played() { ataxx.selected = null; },
		reset() { ataxx.selected = null; },
		/* a pass is legal (and shown) only when no move is */
		canPass: (st) => st.legal.includes("pass"),
		label: (x, y, h) => "abcdefghijklmnop"[x] + (h - y),
		engineCommand: defaultEngine,
	};

	Q.games.ataxx = ataxx;
})();
