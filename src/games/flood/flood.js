/* flood.js: Flood on the web page (src/games/flood/flood.js, served as
 * games/flood.js): the adapter web/games.js describes. Rows from the top; B
 * and W squares are owned. A colour button per colour with the squares it
 * takes, or a press on a square of that colour. */
"use strict";

(function () {
	const { lines, resultOrNull, defaultEngine } = Q.util;

	const FLOOD_CSS = { red: "#e53935", green: "#43a047", blue: "#1e88e5", yellow: "#fdd835",
		purple: "#8e24aa", orange: "#fb8c00", cyan: "#00acc1", magenta: "#d81b60", teal: "#00796b" };
	/* The squares player (B or W) would take with colour digit d. */
	function floodGain(rows, owner, d) {
		const h = rows.length, w = rows[0].length, seen = new Set(), out = [];
		const stack = [];
		const near = (x, y) => [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]].filter(([a, b]) => a >= 0 && b >= 0 && a < w && b < h);
		for (let y = 0; y < h; y++)
			for (let x = 0; x < w; x++)
				if (rows[y][x] === owner)
					for (const [a, b] of near(x, y))
						if (rows[b][a] === d && !seen.has(a + "," + b)) {
							seen.add(a + "," + b);
							stack.push([a, b]);
						}
		while (stack.length) {
			const [x, y] = stack.pop();
			out.push([x, y]);
			for (const [a, b] of near(x, y))
				if (rows[b][a] === d && !seen.has(a + "," + b)) {
					seen.add(a + "," + b);
					stack.push([a, b]);
				}
		}
		return out;
	}
	const flood = {
		name: "flood", title: "Flood", kind: "cells", sides: ["Black (B, bottom left)", "White (W, top right)"],
		typedMoves: false,
		/* Width and height apart (rectangular_boardsize); list_sizes gives
		 * the sides allowed, for either. */
		pickers: ["level", "size", "height"],
		howTo: "<p>Black owns the bottom left square, White the top right. On your turn pick a"
			+ " colour (a button, or a free square of that colour): every free square of that"
			+ " colour touching your area joins it, then those touching the new squares, and so on"
			+ " as far as the colour reaches. The number on each button is how many squares it"
			+ " takes now.</p>"
			+ "<p>When a side's area touches no free square any more, every free square left goes"
			+ " to the other side and the game ends; whoever owns more squares wins.</p>",
		resultUnit: "squares",
		setup: (o) => [`mode ${o.opponent === "engine" ? "computer " + o.human : "two-player"}`,
			`level ${o.level}`, `rectangular_boardsize ${o.size} ${o.height || o.size}`],
		/* The current board's height: showboard's title, "flood WxH, ...". */
		async height(ask) {
			const title = lines(await ask("showboard")).find((l) => l.startsWith("flood ")) || "";
			const m = /^flood \d+x(\d+)/.exec(title);
			return m ? Number(m[1]) : "";
		},
		async refresh(ask) {
			const [sb, board, score] = await Promise.all(["showboard", "board", "score"].map(ask));
			const result = await resultOrNull(ask);
			const ls = lines(sb);
			const key = (ls.find((l) => l.startsWith("colors:")) || "").replace("colors:", "");
			const names = {};
			for (const part of key.split(","))
				if (part.trim()) {
					const [d, n] = part.trim().split(/\s+/);
					names[d] = n;
				}
			/* The status line, every game's: "moves N[, last COLOR D (NAME)]"
			 * then ", COLOR to move" or ", game over: RESULT". */
			const mv = /^moves (\d+)(?:, last (black|white) (\d) \((\w+)\))?(?:, (black|white) to move)?/.exec(ls.find((l) => l.startsWith("moves")) || "") || [];
			const rows = board.split("/");
			const sc = /black (\d+) white (\d+)/.exec(score) || [];
			const free = rows.join("").replace(/[BW]/g, "").length;
			const st = {
				w: rows[0].length, h: rows.length, rows, names, over: result !== null, result,
				turn: result === null ? mv[5] || null : null, moves: Number(mv[1] || 0), last: null,
				lastText: mv[2] ? `${mv[2]} ${mv[4]}` : "",
			};
			st.gains = st.turn ? (await ask("gains " + st.turn)).split(/\s+/).map(Number) : [];
			st.counters = [["Black owns", sc[1]], ["White owns", sc[2]], ["Unowned", free]];
			return st;
		},
		draw(board, st) {
			if (board.w !== st.w || board.h !== st.h || board.kind !== "cells")
				board.reset("cells", st.w, st.h);
			board.clear(board.layer);
			board.clear(board.marks);
			for (let y = 0; y < st.h; y++)
				for (let x = 0; x < st.w; x++) {
					const ch = st.rows[y][x];
					const sq = board.square(x, y, 0, "flood " + (ch === "B" ? "own-black" : ch === "W" ? "own-white" : "free"));
					if (ch !== "B" && ch !== "W")
						sq.style.fill = FLOOD_CSS[st.names[ch]] || "#888";
					sq.dataset.c = ch;
				}
		},
		press(x, y, st) {
			const ch = st.rows[y][x];
			return st.over || !st.turn || ch === "B" || ch === "W" ? null : ch;
		},
		showGain(board, st, d) {
			board.clear(board.preview);
			if (!st.turn)
				return;
			for (const [x, y] of floodGain(st.rows, st.turn === "black" ? "B" : "W", d))
				board.square(x, y, 0.18, "gain " + st.turn, board.preview);
		},
		hover(board, pt, st) {
			if (pt) {
				const ch = st.rows[pt.y][pt.x];
				if (ch !== "B" && ch !== "W")
					flood.showGain(board, st, ch);
			}
		},
		controls(box, st, ui) {
			const digits = Object.keys(st.names).sort();
			const myTurn = st.turn && (!ui.human || st.turn === ui.human);
			for (const d of digits) {
				const b = document.createElement("button");
				b.type = "button";
				b.className = "flood-color";
				b.dataset.color = d;
				b.style.setProperty("--swatch", FLOOD_CSS[st.names[d]] || "#888");
				const gain = st.gains[Number(d) - 1];
				b.textContent = `${st.names[d]}${gain !== undefined ? " +" + gain : ""}`;
				b.setAttribute("aria-label", `play ${st.names[d]} (takes ${gain || 0} squares)`);
				b.disabled = !myTurn || ui.busy;
				b.addEventListener("click", () => ui.play(d));
				b.addEventListener("pointerenter", () => flood.showGain(ui.board, st, d));
				b.addEventListener("focus", () => flood.showGain(ui.board, st, d));
				b.addEventListener("pointerleave", () => ui.board.clear(ui.board.preview));
				box.appendChild(b);
			}
		},
		engineCommand: defaultEngine,
	};

	Q.games.flood = flood;
})();
