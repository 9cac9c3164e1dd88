/* games.js: what the games look like on the page, the part they share.
 *
 * Each game's page module is its folder's NAME.js (src/games/NAME/NAME.js,
 * served as games/NAME.js): app.js loads one for each game list_games names,
 * in that order, after this file, and each registers its adapter as
 * Q.games.NAME, using the helpers here (Q.parse, Q.util).
 *
 * An adapter turns the server's answers into a picture and the player's
 * presses into protocol moves; the page (app.js) does the rest the same way
 * for every game (new game, the engine's turn, undo, saves). Each adapter:
 *   name, title (also the nav link's text), kind ("lines", "cells" or null:
 *   no board), sides (names of black and white), pickers (which of
 *   level/size/height/rules/variant it has; height: a second side, with
 *   height(ask) the current board's),
 *   setup(opts)             the commands after `game NAME` for a new game,
 *   refresh(ask)            the state, read from the server (never from what
 *                           the page remembers, so a resumed game shows right):
 *                           {turn, over, result, moves, last, counters, ...},
 *   draw(board, st, ui)     the board,
 *   press(x, y, st, ui)     a move to play for a press on (x, y), or null,
 *   hover(board, pt, st)    the preview of a move at pt,
 *   controls(box, st, ui)   the game's own buttons (Flood, Mastermind),
 *   engineCommand(st, opts) what the engine does on its turn, or null,
 * and where the game needs them:
 *   canPass                 a pass button: true, or canPass(st) for when,
 *   earlyPass(st)           true when a pass now needs a second press (Go),
 *   typedMoves              false: no box to type a move in (Flood),
 *   puzzle                  true: always against the engine, no colour for
 *                           the human, undo takes back one move (Mastermind),
 *   analysis                true: the engine's thinking is streamed while it
 *                           plays (Go's kata-analyze),
 *   label(x, y, h)          a point's name for the board's keyboard and
 *                           screen readers (default: Go's vertex),
 *   howTo                   "How to play": a few paragraphs of HTML,
 *   resultUnit              what a result's margin counts ("points": Go's
 *                           B+3.5 reads "Black wins by 3.5 points"),
 *   turnText(st), resultText(r)  the status line's words, when not
 *                           "Black to move" and "Game over: ...".
 *   played(mv, color), reset()  a move was made (the page's or the engine's;
 *                           color is its side's word from the command, Mastermind's
 *                           guess has none), a game begins: the page's own state
 *                           (Ataxx's selected piece; the last move is showboard's),
 *   recordOf(cmd, mv, st)   the lines that replay the engine's move mv (made
 *                           by cmd, from st) in a new session, when not
 *                           `play COLOR mv` (Mastermind's first try).
 * ui gives: ui.play(move), ui.act(line), ui.redraw(), ui.human (the human's
 * colour against the engine, or null for two people), ui.say(text).
 */
"use strict";
window.Q = window.Q || {};

(function () {
	const GO_COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
	const lines = (t) => Q.conn.lines(t);

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

	/* Filled by the games' modules (app.js loads them): Q.games.NAME. */
	Q.games = {};
	/* What they share: parsing, and drawing and the engine's turn. */
	Q.parse = { vertexOf, pointOfVertex };
	Q.util = { lines, showboardSize, goLabels, resultOrNull, defaultEngine, stonesDraw, stonesPress, stonesHover };
})();
