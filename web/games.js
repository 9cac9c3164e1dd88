/* games.js: what each of the five games looks like on the page.
 *
 * An adapter turns the server's answers into a picture and the player's
 * presses into protocol moves; the page (app.js) does the rest the same way
 * for every game (new game, the engine's turn, undo, saves). Each adapter:
 *   name, title, kind ("lines", "cells" or null: no board), sides (names of
 *   black and white), pickers (which of level/size/height/rules/variant it
 *   has; height: a second side, with height(ask) the current board's),
 *   setup(opts)             the commands after `game NAME` for a new game,
 *   refresh(ask)            the state, read from the server (never from what
 *                           the page remembers, so a resumed game shows right):
 *                           {turn, over, result, moves, last, counters, ...},
 *   draw(board, st, ui)     the board,
 *   press(x, y, st, ui)     a move to play for a press on (x, y), or null,
 *   hover(board, pt, st)    the preview of a move at pt,
 *   controls(box, st, ui)   the game's own buttons (Flood, Mastermind),
 *   engineCommand(st, opts) what the engine does on its turn, or null.
 * ui gives: ui.play(move), ui.act(line), ui.redraw(), ui.human (the human's
 * colour against the engine, or null for two people), ui.say(text).
 */
"use strict";
window.Q = window.Q || {};

(function () {
	const GO_COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
	const lines = (t) => Q.conn.lines(t);
	const other = (c) => (c === "black" ? "white" : "black");

	/* Go-style vertices: column letter (no I), row 1 at the bottom. */
	function vertexOf(x, y, h) { return GO_COLS[x] + (h - y); }
	function pointOfVertex(v, h) {
		const m = /^([A-HJ-Z])(\d+)$/i.exec(v || "");
		return m ? { x: GO_COLS.indexOf(m[1].toUpperCase()), y: h - Number(m[2]) } : null;
	}
	function goLabels(board) {
		const h = board.h;
		board.labels(GO_COLS.slice(0, board.w).split(""), Array.from({ length: h }, (_, y) => String(h - y)));
	}
	/* The size of a showboard drawing: the column letters of its first line. */
	function showboardSize(sb) {
		return lines(sb)[0].split(/\s+/).length;
	}
	async function resultOrNull(ask) {
		try {
			return await ask("final_score");
		} catch (e) {
			return null; /* game not over */
		}
	}
	function defaultEngine(st, opts) {
		if (opts.opponent !== "engine" || st.over || st.turn !== opts.engine)
			return null;
		return "genmove " + opts.engine;
	}
	function stonesDraw(board, st) {
		board.clear(board.layer);
		board.clear(board.marks);
		for (const [color, list] of [["black", st.black], ["white", st.white]])
			for (const v of list) {
				const p = pointOfVertex(v, st.h);
				const c = board.circle(p.x, p.y, 0.46, "stone " + color);
				c.dataset.v = v;
			}
		const last = pointOfVertex(st.last, st.h);
		if (last) {
			const color = st.black.includes(st.last.toUpperCase()) ? "black" : "white";
			board.circle(last.x, last.y, 0.17, "last-mark on-" + color, board.marks).dataset.v = st.last;
		}
	}
	function stonesPress(x, y, st) {
		const v = vertexOf(x, y, st.h);
		if (st.over || st.black.includes(v) || st.white.includes(v))
			return null;
		return v;
	}
	function stonesHover(board, pt, st) {
		if (!pt || st.over || !st.turn || stonesPress(pt.x, pt.y, st) === null)
			return;
		board.circle(pt.x, pt.y, 0.46, "stone ghost " + st.turn, board.preview);
	}
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
		pickers: ["level", "size", "rules"], canPass: true,
		setup: (o) => [`level ${o.level}`, `rules ${o.rules}`, `boardsize ${o.size}`],
		async refresh(ask) {
			const [sb, b, w, cb, cw] = await Promise.all(["showboard", "list_stones black",
				"list_stones white", "captures black", "captures white"].map(ask));
			const h = showboardSize(sb);
			const ls = lines(sb);
			const status = ls.find((l) => l.startsWith("komi")) || "";
			const m = /moves (\d+)(?:, last (black|white) (\S+?))?(?:, (black|white) to move)?$/.exec(status) || [];
			const over = ls.some((l) => l.startsWith("game over"));
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
		press: (x, y, st) => stonesPress(x, y, st),
		hover: stonesHover,
		engineCommand: defaultEngine,
	};

	const gomoku = {
		name: "gomoku", title: "Gomoku", kind: "lines", sides: ["Black", "White"],
		pickers: ["level", "size", "rules"],
		setup: (o) => [`level ${o.level}`, `rules ${o.rules}`, `boardsize ${o.size}`],
		async refresh(ask) {
			const [sb, b, w, forbidden] = await Promise.all(["showboard", "list_stones black",
				"list_stones white", "forbidden"].map(ask));
			const h = showboardSize(sb);
			const status = lines(sb).pop();
			const m = /moves (\d+)(?:, last (\S+?))?(?:, (black|white) to move)?(?:, game over: (.*))?$/.exec(status) || [];
			const result = await resultOrNull(ask);
			const st = {
				w: h, h, black: b.split(/\s+/).filter(Boolean), white: w.split(/\s+/).filter(Boolean),
				moves: Number(m[1] || 0), last: m[2] || null, lastText: m[2] || "",
				turn: result === null ? m[3] || null : null, over: result !== null,
				result: result === null ? null : m[4] || result,
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

	/* ---- Ataxx: squares a1 (bottom left) on; x is black, o white. ---- */
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
		setup: (o) => [`level ${o.level}`, `rules ${o.rules}`, `boardsize ${o.size}`],
		async refresh(ask) {
			const [fen, legal] = await Promise.all([ask("fen"), ask("list_moves")]);
			const result = await resultOrNull(ask);
			const f = parseFen(fen);
			const n = f.rows.length;
			const count = (ch) => f.rows.join("").split(ch).length - 1;
			const st = {
				w: n, h: n, rows: f.rows, turn: result === null ? f.side : null, over: result !== null, result,
				moves: 2 * (f.num - 1) + (f.side === "white" ? 1 : 0),
				legal: legal.split(/\s+/).filter(Boolean), last: ataxx.lastMove || null,
			};
			st.lastText = st.last || "";
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
		played(mv) { ataxx.lastMove = mv; ataxx.selected = null; },
		reset() { ataxx.lastMove = null; ataxx.selected = null; },
		canPass: true,
		engineCommand: defaultEngine,
	};

	/* ---- Flood: rows from the top; B and W squares are owned. ---- */
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
		/* Width and height apart (rectangular_boardsize); list_sizes gives
		 * the sides allowed, for either. */
		pickers: ["level", "size", "height"],
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
			const mv = /moves (\d+)(?:, (black|white) to move)?/.exec(ls.find((l) => l.startsWith("moves")) || "") || [];
			const rows = board.split("/");
			const sc = /black (\d+) white (\d+)/.exec(score) || [];
			const free = rows.join("").replace(/[BW]/g, "").length;
			const st = {
				w: rows[0].length, h: rows.length, rows, names, over: result !== null, result,
				turn: result === null ? mv[2] || null : null, moves: Number(mv[1] || 0), last: null, lastText: "",
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

	/* ---- Mastermind: the codebreaker is black, the only side that moves. ---- */
	const MM_CSS = ["#9e9e9e", "#1e63d6", "#f2c230", "#d63a2f", "#2e9e4a", "#8d5a2b", "#f07cb4", "#7e4fd1", "#f08a1d", "#2bc0d6"];
	function parseVariant(v) {
		const w = v.split(/\s+/);
		const get = (k) => w[w.indexOf(k) + 1];
		return { name: w[0], pegs: Number(get("pegs")), colors: Number(get("colors")),
			repeats: get("repeats") === "yes", tries: Number(get("tries")), feedback: get("feedback") };
	}
	function digitsOf(v) {
		return v.colors === 10 ? "0123456789".split("") : Array.from({ length: v.colors }, (_, i) => String(i + 1));
	}
	function pegRow(code, pegs, cls) {
		const row = document.createElement("span");
		row.className = "pegs " + (cls || "");
		for (let i = 0; i < pegs; i++) {
			const p = document.createElement("span");
			const d = code[i];
			p.className = "peg" + (d === undefined ? " empty" : "");
			if (d !== undefined) {
				p.style.background = MM_CSS[Number(d)];
				p.textContent = d;
			}
			row.appendChild(p);
		}
		return row;
	}
	const mastermind = {
		name: "mastermind", title: "Mastermind", kind: null, sides: ["Codebreaker", "Codemaker"],
		pickers: ["level", "variant", "role"],
		setup: (o) => [`level ${o.level}`, `variant ${o.variant}`],
		async refresh(ask) {
			const [v, sb] = await Promise.all([ask("variant"), ask("showboard")]);
			const result = await resultOrNull(ask);
			const variant = parseVariant(v);
			const ls = lines(sb);
			const secret = (ls.find((l) => l.startsWith("secret:")) || "").replace("secret: ", "");
			const tries = [];
			for (const l of ls) {
				const m = /^(\d+)\. (\S+)\s+(.*)$/.exec(l);
				if (m)
					tries.push({ code: m[2], answer: m[3].startsWith("?") ? null : m[3] });
			}
			const awaiting = tries.length > 0 && tries[tries.length - 1].answer === null;
			const st = {
				variant, tries, secret, awaiting, over: result !== null, result,
				breaker: secret.startsWith("unknown") ? "engine" : "person",
				turn: result === null ? "black" : null, moves: tries.length,
				last: tries.length ? tries[tries.length - 1].code : null,
			};
			st.lastText = st.last || "";
			st.counters = [["Tries", tries.length], ["Tries left", variant.tries - tries.length], ["Secret", secret]];
			return st;
		},
		controls(box, st, ui) {
			const v = st.variant;
			const list = document.createElement("ol");
			list.className = "tries";
			for (const t of st.tries) {
				const li = document.createElement("li");
				li.appendChild(pegRow(t.code, v.pegs));
				const a = document.createElement("span");
				a.className = t.answer === null ? "answer waiting" : "answer";
				a.textContent = t.answer === null ? "awaiting your answer" : t.answer;
				li.appendChild(a);
				list.appendChild(li);
			}
			box.appendChild(list);
			if (st.over)
				return;
			const needSecret = ui.opts.role === "two" && st.tries.length === 0 && !/setcode/.test(st.secret);
			if (st.breaker === "engine" && st.awaiting)
				mastermind.answerRow(box, st, ui);
			else if (st.breaker !== "engine")
				mastermind.codeRow(box, st, ui, needSecret);
		},
		/* The row of the code being entered: a palette button per colour, a
		 * text field for the keyboard, and Guess (or Set secret). */
		codeRow(box, st, ui, secret) {
			const v = st.variant;
			const wrap = document.createElement("div");
			wrap.className = "code-row";
			const label = document.createElement("label");
			label.textContent = secret ? "Codemaker, your secret (hidden from the codebreaker): " : "Your guess: ";
			const input = document.createElement("input");
			input.id = "mm-code";
			input.type = secret ? "password" : "text";
			input.inputMode = "numeric";
			input.autocomplete = "off";
			input.maxLength = v.pegs;
			input.size = v.pegs + 2;
			label.appendChild(input);
			wrap.appendChild(label);
			/* The pegs of the code so far (none shown while a secret is typed). */
			wrap.appendChild(pegRow("", v.pegs, "current"));
			input.addEventListener("input", () => {
				const row = pegRow(secret ? "" : input.value, v.pegs, "current");
				wrap.replaceChild(row, wrap.querySelector(".pegs.current"));
			});
			const pal = document.createElement("div");
			pal.className = "palette";
			for (const d of digitsOf(v)) {
				const b = document.createElement("button");
				b.type = "button";
				b.className = "peg-button";
				b.dataset.digit = d;
				b.style.background = MM_CSS[Number(d)];
				b.textContent = d;
				b.setAttribute("aria-label", "colour " + d);
				b.addEventListener("click", () => {
					if (input.value.length < v.pegs)
						input.value += d;
					input.dispatchEvent(new Event("input"));
				});
				pal.appendChild(b);
			}
			const back = document.createElement("button");
			back.type = "button";
			back.textContent = "⌫";
			back.setAttribute("aria-label", "remove the last peg");
			back.addEventListener("click", () => { input.value = input.value.slice(0, -1); input.dispatchEvent(new Event("input")); });
			pal.appendChild(back);
			wrap.appendChild(pal);
			const go = document.createElement("button");
			go.type = "button";
			go.id = "mm-submit";
			go.textContent = secret ? "Set secret" : "Guess";
			go.disabled = ui.busy;
			const submit = () => (secret ? ui.act("setcode " + input.value) : ui.act("guess " + input.value));
			go.addEventListener("click", submit);
			input.addEventListener("keydown", (e) => { if (e.key === "Enter") submit(); });
			wrap.appendChild(go);
			box.appendChild(wrap);
		},
		/* The answer to the engine's guess: X, O or - per peg, or two counts. */
		answerRow(box, st, ui) {
			const v = st.variant;
			const wrap = document.createElement("div");
			wrap.className = "answer-row";
			const marks = [];
			if (v.feedback === "positional") {
				wrap.append("Answer per peg (X right place, O wrong place, - absent): ");
				for (let i = 0; i < v.pegs; i++) {
					const b = document.createElement("button");
					b.type = "button";
					b.className = "mark";
					b.textContent = "-";
					b.setAttribute("aria-label", `peg ${i + 1} answer`);
					b.addEventListener("click", () => { b.textContent = { "-": "O", O: "X", X: "-" }[b.textContent]; });
					marks.push(b);
					wrap.appendChild(b);
				}
			} else {
				for (const name of ["right place", "wrong place"]) {
					const l = document.createElement("label");
					l.append(name + " ");
					const s = document.createElement("input");
					s.type = "number";
					s.min = 0;
					s.max = v.pegs;
					s.value = 0;
					s.className = "count";
					l.appendChild(s);
					marks.push(s);
					wrap.appendChild(l);
				}
			}
			const go = document.createElement("button");
			go.type = "button";
			go.id = "mm-answer";
			go.textContent = "Answer";
			go.disabled = ui.busy;
			go.addEventListener("click", () => ui.act("feedback " + (v.feedback === "positional"
				? marks.map((b) => b.textContent).join("") : marks.map((s) => s.value).join(" "))));
			wrap.appendChild(go);
			box.appendChild(wrap);
		},
		engineCommand(st, opts) {
			if (st.over || opts.role !== "breaker-engine" || st.awaiting)
				return null;
			if (st.breaker !== "engine" && st.tries.length > 0)
				return null;
			return "genmove b";
		},
	};

	Q.games = { go, gomoku, ataxx, flood, mastermind };
	Q.gameOrder = ["go", "gomoku", "ataxx", "flood", "mastermind"];
	Q.parse = { vertexOf, pointOfVertex, parseFen, parseVariant, floodGain, other };
})();
