/* tests/integration/web.js URL SHOTDIR: the web page in headless Chromium
 * (Debian's /usr/bin/chromium, driven by playwright-core), against a daemon
 * serving it at URL (tests/integration/web.sh starts one). Prints TAP.
 *
 * Every game is played to its end by clicking, against the engine: Go 9x9
 * at easy (stones, then passes until the engine passes too; at medium,
 * the engine's candidates shown while it thinks), Gomoku 7x7,
 * Ataxx 5x5 (a jump and clones), Flood 5x5 and 7x4 (colour buttons and a
 * square of the board; Width and Height pickers), Mastermind with the engine as codemaker (the test breaks the
 * code from the page's answers) and as codebreaker (the test answers with
 * the page's X/O/- buttons). Then a player registered at the start has
 * statistics and is in the top three; a save and the autosave of a closed
 * page are loaded and resumed in a new browser context. The daemon is
 * restarted under the page mid-game (a player's Gomoku game, a guest's
 * Mastermind with the engine's secret) and its idle timeout let expire: the
 * next click plays on in the same game, as the same player. A screenshot of
 * each game goes to SHOTDIR. Nothing here is timed: every wait is for the
 * page to finish its commands, bounded only so that a hang fails.
 */
"use strict";
const path = require("path");
const fs = require("fs");
const { chromium } = require("playwright-core");
const { execFileSync } = require("child_process");

const [url, shots] = process.argv.slice(2);
const WAIT = 60000; /* a hang bound, not a timing assertion */
const results = [];
let page = null;
const pageErrors = [];
/* Console errors, but for the failed WebSocket tries of a reconnection
 * while the daemon restarts (expected: the page retries). */
function watchConsole(p) {
	p.on("console", (m) => {
		if (m.type() === "error" && !/WebSocket connection to .* failed/.test(m.text()))
			pageErrors.push("console: " + m.text());
	});
}

function check(name, fn) {
	return fn().then(() => results.push([true, name, ""]),
		(e) => results.push([false, name, String(e && e.stack || e)]));
}
function assert(cond, what) {
	if (!cond)
		throw new Error(what);
}

/* Wait until the page has finished every action it started. */
async function settle(p) {
	await (p || page).waitForFunction(() => window.Q && Q.ui && Q.ui.pending === 0 && Q.conn.busy === 0,
		null, { timeout: WAIT });
}
const state = (p) => (p || page).evaluate(() => JSON.parse(JSON.stringify(Q.ui.st)));
const text = async (sel, p) => ((await (p || page).textContent(sel)) || "").trim();

/* Click point (x, y) of the board, moved by (dx, dy) spacings. */
async function clickPoint(x, y, dx, dy) {
	await page.locator("#board").scrollIntoViewIfNeeded();
	const c = await page.evaluate(([x, y, dx, dy]) => Q.ui.board.clientOf(x, y, dx, dy), [x, y, dx || 0, dy || 0]);
	await page.mouse.click(c.x, c.y);
	await settle();
}
const GO_COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
const pointOf = (v, h) => ({ x: GO_COLS.indexOf(v[0]), y: h - Number(v.slice(1)) });

async function newGame(game, settings) {
	await page.evaluate((g) => { location.hash = "#" + g; }, game);
	await page.waitForFunction((g) => document.body.dataset.game === g, game, { timeout: WAIT });
	await settle();
	for (const [id, value] of Object.entries(settings))
		await page.selectOption("#" + id, value);
	await page.click("#new-game");
	await settle();
}

async function shot(name) {
	await page.screenshot({ path: path.join(shots, name + ".png"), fullPage: true });
}

/* Until the game is over: one move of the human's a round (bounded). */
async function playOut(move, bound) {
	for (let i = 0; i < bound; i++) {
		const st = await state();
		if (st.over)
			return st;
		await move(st, i);
	}
	return state();
}

/* What each adapter asks of the page instead of app.js naming games: the
 * pass button (Ataxx: only when a pass is legal), the move box (not in
 * Flood), the thinking panel (Go), the status words (Mastermind), the
 * board's colour by its kind and the points' names (Ataxx: a1). */
async function testGameHooks() {
	const seen = async () => page.evaluate(() => ({
		pass: !document.getElementById("pass").hidden,
		box: !document.getElementById("move-form").hidden,
		thinking: !document.getElementById("thinking").hidden,
		turn: document.getElementById("turn").textContent,
		kind: document.body.dataset.kind,
		bg: getComputedStyle(document.querySelector(".board-bg") || document.body).fill,
		label: Q.ui.game.kind ? Q.ui.board.opts.label(0, Q.ui.board.h - 1) : null,
		howto: document.getElementById("howto").hidden ? "" : document.getElementById("howto-text").textContent,
	}));
	/* Each game teaches itself: its "How to play" names what its moves do. */
	const teaches = (what, st, words) => assert(words.every((w) => st.howto.includes(w)),
		`${what}'s How to play names ${words}: ${st.howto}`);
	await newGame("go", { opponent: "human", size: "9" });
	assert(await page.isHidden("#level-field"), "no level picker in a game of two people");
	const go = await seen();
	assert(go.pass && go.box && go.thinking && go.kind === "lines" && go.label === "A1", "Go: " + JSON.stringify(go));
	teaches("Go", go, ["captured", "two passes", "komi"]);
	await newGame("ataxx", { opponent: "human" });
	const ax = await seen();
	assert(!ax.pass && ax.box && !ax.thinking && ax.kind === "cells" && ax.label === "a1" && ax.bg !== go.bg,
		"Ataxx: " + JSON.stringify(ax) + " Go's board " + go.bg);
	teaches("Ataxx", ax, ["clone", "jump"]);
	await newGame("flood", { opponent: "human" });
	const fl = await seen();
	assert(!fl.pass && !fl.box && fl.kind === "cells" && fl.bg === ax.bg, "Flood: " + JSON.stringify(fl));
	teaches("Flood", fl, ["colour", "free square"]);
	await newGame("mastermind", { role: "maker-engine" });
	const mm = await seen();
	assert(!mm.pass && !mm.box && mm.kind === "none" && mm.turn === "Codebreaker to guess", "Mastermind: " + JSON.stringify(mm));
	teaches("Mastermind", mm, ["X", "O", "right place"]);
	await newGame("gomoku", { opponent: "human" });
	const gm = await seen();
	teaches("Gomoku", gm, ["five in a row", "renju", "forbidden point"]);
	assert(await page.$("#howto-text .legend-forbidden"), "Gomoku's How to play shows the forbidden points' mark");
}

async function resultShown() {
	const r = await page.getAttribute("#result", "data-result");
	assert(r && /^([BW]\+|0)/.test(r), `a result in SGF style, got ${JSON.stringify(r)}`);
	assert(/Game over|Code broken|Not broken/.test(await text("#result")), "the result is spelt out");
	return r;
}

/* ---- the games ---- */
async function testGo() {
	await newGame("go", { opponent: "engine", "human-color": "black", level: "easy", size: "9", rules: "chinese" });
	const sizes = await page.$$eval("#size option", (o) => o.map((e) => e.value));
	assert(sizes.includes("9") && sizes.includes("25") && !sizes.includes("26"), "the size picker holds the configured sizes: " + sizes);
	const levels = await page.$$eval("#level option", (o) => o.map((e) => e.value));
	assert(["easy", "medium", "hard"].every((l) => levels.includes(l)), "the level picker holds the levels: " + levels);
	assert(await page.getAttribute("#board", "data-w") === "9", "a 9x9 board");
	/* Halfway between E5 and F5 is no point: nothing is played. */
	const e5 = pointOf("E5", 9);
	await clickPoint(e5.x, e5.y, 0.5, 0);
	assert((await state()).moves === 0, "a click halfway between two lines plays nothing");
	/* Hovering shows the stone to come. */
	const c = await page.evaluate(([x, y]) => Q.ui.board.clientOf(x, y, 0.2, 0.1), [e5.x, e5.y]);
	await page.mouse.move(c.x, c.y);
	assert(await page.$("#board .preview .ghost.black"), "hover previews a black stone");
	/* A third of the spacing off E5 still plays E5; the engine answers. */
	await clickPoint(e5.x, e5.y, 0.3, -0.1);
	let st = await state();
	assert(st.black.includes("E5"), "E5 played by a click 0.3 spacings away: " + st.black);
	assert(st.moves === 2 && st.white.length === 1, "the engine answered: " + JSON.stringify(st));
	assert(await page.$(`#board .marks .last-mark[data-v="${st.white[0]}"]`), "the engine's stone is marked as the last move");
	assert(await page.$('#board circle.stone.black[data-v="E5"]'), "the black stone is drawn");
	/* Undo against the computer takes back its reply and the move. */
	await page.click("#undo");
	await settle();
	st = await state();
	assert(st.moves === 0 && st.black.length === 0, "undo took both moves back");
	/* The keyboard: the arrow keys move the cursor, Enter plays there. */
	await page.focus("#board");
	await page.keyboard.press("ArrowLeft");
	await page.keyboard.press("Enter");
	await settle();
	st = await state();
	assert(st.black.includes("D5") && st.moves === 2, "Enter played D5, left of the last press: " + st.black);
	/* A few stones, then pass until the engine passes as well. */
	for (const v of ["C3", "G7", "C7", "G3"]) {
		st = await state();
		const p = pointOf(v, 9);
		if (!st.black.includes(v) && !st.white.includes(v))
			await clickPoint(p.x, p.y, 0.1, 0.1);
	}
	assert((await state()).black.length >= 3, "stones played by clicking");
	/* An early pass asks for a second press; the first plays nothing. */
	st = await state();
	await page.click("#pass");
	await settle();
	assert((await state()).moves === st.moves, "the first press of an early pass plays nothing");
	assert(await page.getAttribute("#pass", "data-armed") === "yes" && /again/.test(await text("#pass")),
		"the pass button asks to be pressed again: " + await text("#pass"));
	st = await playOut(async () => { await page.click("#pass"); await settle(); }, 300);
	assert(st.over, "the game ended by two passes");
	await resultShown();
	assert(/wins by [\d.]+ points|Draw/.test(await text("#result")), "the result says points: " + await text("#result"));
	assert(/captured/.test(await text("#counters")), "captures are shown");
	await shot("go");
}

/* At medium the engine moves with lz-genmove_analyze: its candidates,
 * best first, are in the thinking panel, the move it played the first. */
async function testGoThinking() {
	await newGame("go", { opponent: "engine", "human-color": "black", level: "medium", size: "9", rules: "chinese" });
	assert(/candidate moves show here/.test(await text("#thinking-text")), "the panel says what it shows");
	const e5 = pointOf("E5", 9);
	await clickPoint(e5.x, e5.y, 0, 0);
	const st = await state();
	assert(st.moves === 2 && st.white.length === 1, "the engine answered: " + JSON.stringify(st));
	const items = await page.$$eval("#candidates li", (l) => l.map((e) => e.textContent));
	assert(items.length >= 1 && items.length <= 5, "one to five candidates: " + items);
	assert(items.every((t) => /^[A-HJ][1-9]: \d+\.\d% to win, \d+ playouts$/.test(t)), "each a move, a win rate and playouts: " + items);
	assert(items[0].startsWith(st.white[0] + ":"), `the move played (${st.white[0]}) leads: ${items}`);
	assert(/^Win rates are White's \(the computer's\)/.test(await text("#thinking-text")), "the panel says whose win rates: " + await text("#thinking-text"));
	assert(await page.evaluate(() => Q.analysis.drawn) > 0, "the candidates were drawn on the board while it thought");
	await shot("go-thinking");
}

async function testGomoku() {
	await newGame("gomoku", { opponent: "engine", "human-color": "black", level: "easy", size: "7", rules: "freestyle" });
	assert(await page.getAttribute("#board", "data-w") === "7", "a 7x7 board");
	const order = [];
	for (let y = 0; y < 7; y++)
		for (let x = 0; x < 7; x++)
			order.push([x, y]);
	const st = await playOut(async (s) => {
		const taken = new Set([...s.black, ...s.white]);
		const free = order.filter(([x, y]) => !taken.has(GO_COLS[x] + (7 - y)));
		assert(free.length, "a free point while the game goes on");
		const before = s.moves;
		await clickPoint(free[0][0], free[0][1], -0.25, 0.2);
		assert((await state()).moves > before, "a click 0.32 spacings off a free point plays it");
	}, 60);
	assert(st.over, "the Gomoku game ended");
	assert(st.white.length > 0, "the engine played");
	await resultShown();
	await shot("gomoku");
}

async function testTwoPeople() {
	await newGame("gomoku", { opponent: "human", size: "7", rules: "freestyle" });
	await clickPoint(3, 3);
	await clickPoint(4, 4);
	const st = await state();
	assert(st.black.join() === "D4" && st.white.join() === "E3", "each click a stone of the side to move: " + JSON.stringify(st));
	assert(st.moves === 2 && st.turn === "black", "no engine move between them");
	assert(await text("#last") === "Last white E3", "the last move with its colour: " + await text("#last"));
	assert(!/computer/.test(await text("#turn")), "nobody is called the computer");
}

async function testMastermindTwo() {
	await newGame("mastermind", { role: "two", variant: "digits" });
	assert(await page.isHidden("#level-field"), "no level picker when two people play Mastermind");
	assert(await page.getAttribute("#mm-code", "type") === "password", "the secret is typed hidden");
	await page.fill("#mm-code", "1234");
	await page.click("#mm-submit");
	await settle();
	let st = await state();
	assert(/setcode/.test(st.secret) && st.tries.length === 0, "the secret is set: " + st.secret);
	for (const d of "1243")
		await page.click(`.peg-button[data-digit="${d}"]`);
	await page.click("#mm-submit");
	await settle();
	st = await state();
	assert(st.tries.length === 1 && st.tries[0].answer === "XXOO", "the codebreaker's try is answered XXOO: " + JSON.stringify(st.tries));
	assert(/XXOO/.test(await text(".tries")), "the answer is shown beside the try");
}

async function testAtaxx() {
	await newGame("ataxx", { opponent: "engine", "human-color": "black", level: "easy", size: "5", rules: "yinyang" });
	let st = await state();
	assert(st.w === 5, "a 5x5 board");
	const sq = (s) => ({ x: "abcdefghijklmnop".indexOf(s[0]), y: st.h - Number(s.slice(1)) });
	/* A jump first: select the piece, then the square two away. */
	const jump = st.legal.find((m) => m.length === 4);
	assert(jump, "a jump is legal at the start: " + st.legal);
	const from = sq(jump.slice(0, 2)), to = sq(jump.slice(2));
	await clickPoint(from.x, from.y, 0.3, 0.3);
	assert(await page.$("#board .marks .target.jump"), "selecting a piece shows its jumps");
	await clickPoint(to.x, to.y, -0.4, 0.1);
	st = await state();
	assert(st.rows[from.y][from.x] !== "x" || st.rows[to.y][to.x] === "x", "the jump moved the piece");
	assert(st.moves >= 1, "the jump was played");
	/* The last move, with its colour, is showboard's (so a resumed game shows it). */
	assert(/^Last (black|white) [a-e][1-5]([a-e][1-5])?$/.test(await text("#last")), "the last move is shown: " + await text("#last"));
	assert(await page.$("#board .marks .last-square"), "the last move's square is marked");
	let clones = 0;
	st = await playOut(async (s) => {
		const before = s.counters[0][1];
		const clone = s.legal.find((m) => m.length <= 3 && m !== "pass");
		if (clone) {
			const p = sq(clone);
			await clickPoint(p.x, p.y);
			const after = await state();
			assert(after.over || after.moves > s.moves, "the clone was played: " + clone);
			if (after.counters[0][1] > before || after.over)
				clones++;
		} else if (s.legal.length && s.legal[0] !== "pass") {
			const m = s.legal[0], a = sq(m.slice(0, 2)), b = sq(m.slice(2));
			await clickPoint(a.x, a.y);
			await clickPoint(b.x, b.y);
		} else {
			await page.click("#pass");
			await settle();
		}
	}, 60);
	assert(st.over, "the Ataxx game ended");
	assert(clones > 0, "clones grew the black pieces");
	await resultShown();
	await shot("ataxx");
}

/* Flood w x h from the Width and Height pickers, clicked and played to its end. */
async function testFlood(w, h) {
	await newGame("flood", { opponent: "engine", "human-color": "black", level: "easy",
		size: String(w), height: String(h) });
	let st = await state();
	assert(st.w === w && st.h === h, `a ${w}x${h} board: ${st.w}x${st.h}`);
	const squares = await page.$$eval("#board rect.flood", (r) => r.length);
	assert(squares === w * h, `${w * h} squares drawn: ${squares}`);
	const buttons = await page.$$eval(".flood-color", (b) => b.length);
	assert(buttons >= 3, "a button per colour: " + buttons);
	const contrasts = await page.$$eval(".flood-color", (bs) => bs.map((b) => {
		const lum = (css) => {
			const [r, g, bl] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => Number(v) / 255)
				.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
			return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
		};
		const s = getComputedStyle(b);
		const [a, c] = [lum(s.color), lum(s.backgroundColor)].sort((x, y) => y - x);
		return [b.dataset.color, (a + 0.05) / (c + 0.05)];
	}));
	assert(contrasts.every(([, r]) => r >= 4.5), "every colour button's text reads at 4.5:1 or better: " + JSON.stringify(contrasts));
	/* One move through the board: a square next to black's corner. */
	const owned0 = Number(st.counters[0][1]);
	const target = st.rows[h - 2][0] !== "B" ? [0, h - 2] : st.rows[h - 1][1] !== "B" ? [1, h - 1] : null;
	if (target) {
		await clickPoint(target[0], target[1]);
		st = await state();
		assert(st.moves >= 1 && Number(st.counters[0][1]) > owned0, "clicking a square played its colour");
	}
	st = await playOut(async (s) => {
		const best = s.gains.indexOf(Math.max(...s.gains)) + 1;
		await page.click(`.flood-color[data-color="${best}"]`);
		await settle();
		const after = await state();
		assert(after.moves > s.moves, "the colour button played");
		if (!after.over)
			assert(/^Last white (red|green|blue|yellow|purple|orange|cyan|magenta|teal)$/.test(await text("#last")),
				"the colour the computer just played is shown: " + await text("#last"));
	}, 60);
	assert(st.over, "the Flood game ended");
	assert(/wins by \d+ squares|Draw/.test(await text("#result")), "the result says squares: " + await text("#result"));
	assert(/Black owns/.test(await text("#counters")), "squares owned are shown");
	await resultShown();
	await shot(w === h ? "flood" : `flood-${w}x${h}`);
}

/* The pickers of a rectangular board: Width and Height, both from
 * list_sizes, the current board's sides picked when the page comes back. */
async function testFloodRectangular() {
	await testFlood(7, 4);
	assert(await text("#size-field span") === "Width", "the size picker says Width");
	const heights = await page.$$eval("#height option", (o) => o.map((e) => e.value));
	const widths = await page.$$eval("#size option", (o) => o.map((e) => e.value));
	assert(heights.join() === widths.join() && heights.includes("4"), "heights as list_sizes: " + heights);
	await page.evaluate(() => { location.hash = "#go"; });
	await page.waitForFunction(() => document.body.dataset.game === "go");
	await settle();
	assert(await page.isHidden("#height-field"), "no height picker in Go");
	assert(await text("#size-field span") === "Size", "Go's picker says Size");
	await page.evaluate(() => { location.hash = "#flood"; });
	await page.waitForFunction(() => document.body.dataset.game === "flood");
	await settle();
	/* A fresh game of the configured size: the pickers show its sides. */
	const st = await state();
	const picked = await page.evaluate(() => ["size", "height"].map((id) => document.getElementById(id).value));
	assert(picked.join("x") === `${st.w}x${st.h}`, `the pickers show the current ${st.w}x${st.h} board: ` + picked);
}

/* Mastermind's positional answer (PROTOCOL.md: X, then O, else -). */
function answer(secret, guess) {
	return guess.split("").map((d, i) => (secret[i] === d ? "X" : secret.includes(d) ? "O" : "-")).join("");
}
function allCodes() {
	const out = [];
	for (let n = 1234; n <= 9876; n++) {
		const s = String(n);
		if (!s.includes("0") && new Set(s).size === 4)
			out.push(s);
	}
	return out;
}

async function testMastermindMaker() {
	await newGame("mastermind", { role: "maker-engine", level: "easy", variant: "digits" });
	let codes = allCodes();
	const st = await playOut(async (s) => {
		for (const t of s.tries)
			codes = codes.filter((c) => answer(c, t.code) === t.answer);
		assert(codes.length, "the page's answers fit some code");
		for (const d of codes[0])
			await page.click(`.peg-button[data-digit="${d}"]`);
		await page.click("#mm-submit");
		await settle();
		const after = await state();
		assert(after.tries.length === s.tries.length + 1, "the guess was played");
		assert(/^[XO-]{4}$/.test(after.tries[after.tries.length - 1].answer), "an X/O/- answer");
	}, 10);
	assert(st.over, "the code was broken or the tries spent");
	assert((await resultShown()).startsWith("B+"), "the code was broken from the page's answers");
	await shot("mastermind");
}

async function testMastermindBreaker() {
	await newGame("mastermind", { role: "breaker-engine", level: "medium", variant: "digits" });
	const secret = "2715";
	const st = await playOut(async (s) => {
		assert(s.awaiting, "the engine's guess awaits an answer");
		const want = answer(secret, s.tries[s.tries.length - 1].code);
		const marks = await page.$$(".answer-row .mark");
		assert(marks.length === 4, "an answer button per peg");
		for (let i = 0; i < 4; i++)
			for (let k = 0; k < 3 && (await marks[i].textContent()) !== want[i]; k++)
				await marks[i].click();
		await page.click("#mm-answer");
		await settle();
	}, 10);
	assert(st.over, "the engine broke the code");
	assert((await resultShown()).startsWith("B+"), "the engine's guesses found " + secret);
	await shot("mastermind-breaker");
}

/* ---- accounts, saves ---- */
const NAME = "webtester", PASSWORD = "secret123";

async function login(p, register) {
	await p.fill("#login-name", NAME);
	await p.fill("#login-password", PASSWORD);
	await p.click(register ? "#register" : "#login");
	await settle(p);
	assert((await p.getAttribute("#who", "data-player")) === NAME, "logged in as " + NAME + ": " + await text("#message", p));
}

async function testStatsTop() {
	const rows = await page.$$eval("#stats tbody tr", (r) => r.map((e) => e.textContent));
	assert(rows.length >= 4, "statistics rows after the games: " + rows);
	assert(rows.some((r) => /^goeasy/.test(r.replace(/\s/g, ""))), "a Go easy row: " + rows);
	await page.evaluate(() => { location.hash = "#gomoku"; });
	await page.waitForFunction(() => document.body.dataset.game === "gomoku");
	await settle();
	const top = await page.$$eval("#top li", (l) => l.map((e) => e.dataset.name));
	assert(top.includes(NAME), "the player is in Gomoku's top three: " + top);
}

async function testSaveResume(browser) {
	await newGame("go", { opponent: "engine", "human-color": "black", level: "easy", size: "9" });
	await clickPoint(2, 2);
	let st = await state();
	const saved = { black: st.black.sort(), white: st.white.sort() };
	assert(saved.black.length === 1 && saved.white.length === 1, "two moves before the save");
	await page.fill("#save-name", "web1");
	await page.click("#save");
	await settle();
	assert(/saved as web1/.test(await text("#message")), "saved: " + await text("#message"));
	const options = await page.$$eval("#save-list option", (o) => o.map((e) => e.value));
	assert(options.includes("web1"), "the save is listed: " + options);
	const [scrollW, innerW] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
	assert(scrollW <= innerW, `the saves list does not widen the page: ${scrollW} px in a ${innerW} px window`);
	/* One more move, then the page goes away: its game is autosaved. */
	const free = [[6, 6], [6, 2], [2, 6]].find(([x, y]) => !st.white.includes(GO_COLS[x] + (9 - y)));
	await clickPoint(free[0], free[1]);
	st = await state();
	const later = { black: st.black.sort(), white: st.white.sort() };
	assert(later.black.length === 2, "a third stone after the save");
	await page.context().close();

	const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
	const p = await ctx.newPage();
	p.on("pageerror", (e) => pageErrors.push(e.message));
	watchConsole(p);
	await p.goto(url + "/#go");
	await p.waitForSelector("body[data-ready=yes]", { timeout: WAIT });
	assert((await p.getAttribute("#who", "data-player")) === "", "a new context starts as a guest");
	await login(p, false);
	await p.selectOption("#save-list", "web1");
	await p.click("#load");
	await settle(p);
	st = await state(p);
	assert(st.w === 9, "the loaded game is 9x9");
	assert(JSON.stringify([st.black.sort(), st.white.sort()]) === JSON.stringify([saved.black, saved.white]),
		"load web1 shows the saved stones: " + JSON.stringify(st));
	/* The autosave is written when the first page's session ends, which
	 * the server does on its own time: try resume until it is there. */
	let resumed = false;
	for (let i = 0; i < 100 && !resumed; i++) {
		await p.click("#resume");
		await settle(p);
		st = await state(p);
		resumed = st.black.length === 2;
		if (!resumed)
			await p.waitForTimeout(100);
	}
	assert(resumed, "resume brought back the closed page's game: " + await text("#message", p));
	assert(JSON.stringify([st.black.sort(), st.white.sort()]) === JSON.stringify([later.black, later.white]),
		"the resumed stones are the closed page's");
	/* A touch on a phone: a tap a quarter spacing off a free point plays it. */
	const spot = [[4, 4], [4, 6], [6, 4]].find(([x, y]) => {
		const v = GO_COLS[x] + (9 - y);
		return !st.black.includes(v) && !st.white.includes(v);
	});
	await p.locator("#board").scrollIntoViewIfNeeded();
	const c = await p.evaluate(([x, y]) => Q.ui.board.clientOf(x, y, 0.25, 0.1), spot);
	await p.touchscreen.tap(c.x, c.y);
	await settle(p);
	const tapped = await state(p);
	const v = GO_COLS[spot[0]] + (9 - spot[1]);
	assert(tapped.black.includes(v) && tapped.moves === st.moves + 2, `the tap played ${v} and the engine answered: ` + JSON.stringify(tapped));
	await p.screenshot({ path: path.join(shots, "resume-phone.png"), fullPage: true });
	/* 19x19 on the phone: points 17 px apart; a tap marks, a second plays. */
	for (const [id, value] of Object.entries({ size: "19", level: "easy" }))
		await p.selectOption("#" + id, value);
	await p.click("#new-game");
	await settle(p);
	await p.locator("#board").scrollIntoViewIfNeeded();
	const k10 = await p.evaluate(() => Q.ui.board.clientOf(9, 9, 0.2, 0));
	await p.touchscreen.tap(k10.x, k10.y);
	await settle(p);
	let dense = await state(p);
	assert(dense.w === 19 && dense.moves === 0, "a first tap on a phone's 19x19 plays nothing: " + dense.moves);
	const mark = await p.evaluate(() => [document.getElementById("board").dataset.marked,
		!!document.querySelector("#board .tap .tap-mark"), Q.ui.board.svg.getBoundingClientRect().width]);
	assert(mark[0] === "9,9" && mark[1], "the tapped point is marked: " + JSON.stringify(mark));
	await p.touchscreen.tap(k10.x, k10.y);
	await settle(p);
	dense = await state(p);
	assert(dense.black.includes("K10") && dense.moves === 2, "the second tap played K10: " + JSON.stringify(dense.black));
	const width = await p.evaluate(() => document.documentElement.scrollWidth);
	assert(width <= 390, "nothing wider than a phone's 390 px: " + width);
	await ctx.close();
}

/* Pickers mid-game: the level applies at once (the server's level
 * changes), a size or rules change is marked for the next game and
 * changes nothing now. */
async function testPickersMidGame() {
	await newGame("go", { opponent: "engine", "human-color": "black", level: "easy", size: "9", rules: "chinese" });
	assert(await page.isVisible("#level-field"), "a level picker against the computer");
	await page.selectOption("#level", "medium");
	await settle();
	const active = await page.evaluate(async () => Q.conn.lines(await Q.conn.ask("level")).find((l) => l.endsWith(" *")));
	assert(active === "medium *", "the level applied at once: " + active);
	assert(/medium/.test(await text("#message")), "the page says the level changed: " + await text("#message"));
	await page.selectOption("#size", "13");
	const marked = await page.evaluate(() => document.getElementById("size").closest("label").classList.contains("next-game"));
	assert(marked, "the size picker is marked for the next game");
	assert(await page.getAttribute("#board", "data-w") === "9", "the board is still 9x9");
	await page.selectOption("#size", "9");
	const cleared = await page.evaluate(() => !document.getElementById("size").closest("label").classList.contains("next-game"));
	assert(cleared, "back to the game's size: no mark");
	await page.selectOption("#level", "easy");
	await settle();
}

/* Leaving a counted game: after 4 of the player's moves against the
 * computer, New game asks for a second press and the left game is a loss
 * (Gomoku has no count, so whoever leads). */
async function testLeaveCounts() {
	await newGame("gomoku", { opponent: "engine", "human-color": "black", level: "easy", size: "15", rules: "freestyle" });
	for (const [x, y] of [[0, 0], [14, 0], [0, 14], [14, 14]]) {
		await clickPoint(x, y);
		assert(!(await state()).over, "the game goes on");
	}
	const table = () => page.$$eval("#stats tbody tr", (r) => r.map((e) => [...e.cells].map((c) => c.textContent).join(" ")));
	const before = await table();
	await page.click("#new-game");
	await settle();
	assert(/counts as a loss/.test(await text("#message")), "the page warns first: " + await text("#message"));
	assert((await state()).moves === 8, "the first press left the game as it was");
	await page.click("#new-game");
	await settle();
	assert((await state()).moves === 0, "the second press began a new game");
	const rows = await table();
	const losses = (rs) => Number((rs.find((r) => /^gomoku easy /.test(r)) || "gomoku easy 0 0 0").split(" ")[3]);
	assert(losses(rows) === losses(before) + 1, `the left game is a loss: ${before} -> ${rows}`);
}

/* ---- a lost connection ---- */
/* Stop the daemon and start it again on the same address (web.sh). */
function restartDaemon(config) {
	execFileSync(process.env.WEB_RESTART, config ? [config] : [], { stdio: ["ignore", "ignore", "inherit"] });
}
const conn = (p) => (p || page).evaluate(() => ({ state: Q.conn.state, reconnects: Q.conn.reconnects,
	attempts: Q.conn.attempts, message: document.getElementById("message").textContent }));
/* Wait until the page has restored n sessions since it loaded. */
async function reconnected(n, p) {
	await (p || page).waitForFunction((n) => Q.conn.reconnects >= n && Q.conn.state === "up", n, { timeout: WAIT });
	await settle(p);
}
const stones = (st) => JSON.stringify([st.black.slice().sort(), st.white.slice().sort()]);
const serverGame = (p) => (p || page).evaluate(() => Q.conn.ask("game"));
const saveNames = (p) => (p || page).evaluate(async () => Q.conn.lines(await Q.conn.ask("list_saves")).map((l) => l.split(" ")[0]));

/* Click the first free point of a lines board, and check the click played. */
async function clickFree(h) {
	const st = await state();
	const taken = new Set([...st.black, ...st.white]);
	for (let y = 0; y < h; y++)
		for (let x = 0; x < h; x++)
			if (!taken.has(GO_COLS[x] + (h - y))) {
				await clickPoint(x, y);
				const after = await state();
				assert(after.moves > st.moves, `the click on ${GO_COLS[x] + (h - y)} played: ${await text("#message")}`);
				return after;
			}
	throw new Error("no free point");
}

async function testRestartPlayer() {
	await newGame("gomoku", { opponent: "engine", "human-color": "black", level: "easy", size: "7", rules: "freestyle" });
	const before = await clickFree(7);
	assert(before.moves === 2, "the engine answered the first move");
	const n = (await conn()).reconnects;
	restartDaemon();
	await reconnected(n + 1);
	const c = await conn();
	assert(/reconnected/.test(c.message) && !/could not/.test(c.message), "the page says it reconnected: " + c.message);
	const restored = await state();
	assert(stones(restored) === stones(before), `the same stones after the restart: ${stones(restored)}, were ${stones(before)}`);
	const after = await clickFree(7);
	assert(after.moves === 4 && after.w === 7, "the click played on in the 7x7 game, the engine answered: " + JSON.stringify(after));
	assert(await serverGame() === "gomoku", "the session plays Gomoku");
	assert((await page.getAttribute("#who", "data-player")) === NAME, "still logged in as " + NAME + " (by token)");
	assert(await page.evaluate(() => Q.conn.ask("whoami")) === NAME, "the server's whoami is " + NAME);
	const saves = await saveNames();
	assert(!saves.some((s) => /^autosave-/.test(s)), "the autosave was resumed, not pushed aside: " + saves);
	assert(!/unknown command/.test(await text("#message")), "no command went to a wrong game");
}

async function testRestartGuest(browser) {
	const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
	const p = await ctx.newPage();
	p.on("pageerror", (e) => pageErrors.push(e.message));
	watchConsole(p);
	await p.goto(url + "/#mastermind");
	await p.waitForSelector("body[data-ready=yes]", { timeout: WAIT });
	await settle(p);
	assert((await p.getAttribute("#who", "data-player")) === "", "a new context is a guest");
	for (const [id, value] of Object.entries({ role: "maker-engine", level: "easy", variant: "digits" }))
		await p.selectOption("#" + id, value);
	await p.click("#new-game");
	await settle(p);
	const guess = async (code) => {
		for (const d of code)
			await p.click(`.peg-button[data-digit="${d}"]`);
		await p.click("#mm-submit");
		await settle(p);
		return state(p);
	};
	const first = await guess("1234");
	assert(first.tries.length === 1, "one try before the restart");
	const n = (await conn(p)).reconnects;
	restartDaemon();
	await reconnected(n + 1, p);
	const second = await guess("5678");
	assert(second.tries.length === 2, "the try after the restart is the game's second: " + JSON.stringify(second.tries));
	assert(second.tries[0].answer === first.tries[0].answer,
		`the same secret: the first try still answers ${first.tries[0].answer}, not ${second.tries[0].answer}`);
	assert(await serverGame(p) === "mastermind", "the session plays Mastermind");
	await ctx.close();
}

async function testIdleTimeout() {
	/* The guest's restart dropped this page too: let it come back first. */
	await page.waitForFunction(() => Q.conn.state === "up", null, { timeout: WAIT });
	await settle();
	const n = (await conn()).reconnects;
	restartDaemon(process.env.WEB_IDLE_CONFIG); /* a 2-second idle timeout */
	await reconnected(n + 1);
	const before = await state();
	await page.waitForFunction(() => Q.conn.state === "down", null, { timeout: WAIT });
	let c = await conn();
	assert(/idle/.test(c.message), "the page says the server closed the idle connection: " + c.message);
	assert(c.reconnects === n + 1, "an idle page does not reconnect by itself");
	const after = await clickFree(7);
	assert(after.moves === before.moves + 2, "the click after the timeout played on in the same game: " + JSON.stringify(after));
	c = await conn();
	assert(c.reconnects === n + 2 && c.state === "up", "the click reconnected: " + JSON.stringify(c));
	assert(await serverGame() === "gomoku" && (await page.getAttribute("#who", "data-player")) === NAME,
		"the same game, the same player");
	/* Back to no idle timeout; the page may be idle-closed again by now:
	 * a command brings it back either way. */
	restartDaemon();
	await page.evaluate(() => Q.conn.send("name"));
	await reconnected(n + 3);
}

async function main() {
	fs.mkdirSync(shots, { recursive: true });
	const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
	try {
		const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
		page = await ctx.newPage();
		page.on("pageerror", (e) => pageErrors.push(e.message));
		watchConsole(page);
		page.setDefaultTimeout(WAIT);
		await check("the page loads and lists the five games", async () => {
			await page.goto(url + "/");
			await page.waitForSelector("body[data-ready=yes]", { timeout: WAIT });
			const games = await page.$$eval("nav a", (a) => a.map((e) => e.dataset.game));
			assert(games.slice().sort().join() === "ataxx,flood,go,gomoku,mastermind", "games: " + games);
		});
		/* Each a link built from its module (games/NAME.js), in the
		 * server's order, read through the page's own connection. */
		await check("the nav lists exactly the games list_games names, in its order", async () => {
			const listed = await page.evaluate(async () => Q.conn.lines(await Q.conn.ask("list_games")));
			const links = await page.$$eval("nav a", (a) => a.map((e) =>
				[e.dataset.game, e.getAttribute("href"), e.textContent, Q.games[e.dataset.game].title]));
			assert(links.map((l) => l[0]).join() === listed.join(), `nav ${links.map((l) => l[0])}, list_games ${listed}`);
			for (const [game, href, label, title] of links)
				assert(href === "#" + game && label === title, `the ${game} link: ${href} "${label}", title "${title}"`);
		});
		await check("register", () => login(page, true));
		await check("each game's own page hooks (a new game, its first position)", testGameHooks);
		await check("Go 9x9 against easy, clicked to its end", testGo);
		await check("Go: the engine's thinking (candidates and win rates) while it moves at medium", testGoThinking);
		await check("pickers mid-game: the level at once, the size for the next game", testPickersMidGame);
		await check("Gomoku 7x7 against easy, clicked to its end", testGomoku);
		await check("Ataxx 5x5 against easy, a jump and clones to the end", testAtaxx);
		await check("Flood 5x5 against easy, colour buttons to the end", () => testFlood(5, 5));
		await check("Flood 7x4 (Width and Height pickers) against easy, to the end", testFloodRectangular);
		await check("Mastermind, the engine as codemaker, broken from the answers", testMastermindMaker);
		await check("Mastermind, the engine as codebreaker, answered with X/O/-", testMastermindBreaker);
		await check("Gomoku for two people on one page", testTwoPeople);
		await check("Mastermind for two people: a hidden secret, a try answered", testMastermindTwo);
		await check("statistics and the top three after the games", testStatsTop);
		await check("leaving a counted game: a second press, then a loss", testLeaveCounts);
		await check("the daemon restarted mid-game: the player's next click plays on in the same game", testRestartPlayer);
		await check("the daemon restarted in a guest's Mastermind: the same secret, the next try played", () => testRestartGuest(browser));
		await check("the idle timeout: the page says so, and the next click reconnects into the same game", testIdleTimeout);
		await check("save, then load and resume in a new browser context (a phone, by touch)", () => testSaveResume(browser));
		await check("no script error on the page, and nothing on its console (such as an invalid pattern)", async () => assert(!pageErrors.length, pageErrors.join("; ")));
	} finally {
		await browser.close();
	}
	console.log("1.." + results.length);
	results.forEach(([ok, name, why], i) => {
		console.log(`${ok ? "ok" : "not ok"} ${i + 1} - ${name}`);
		if (!ok)
			for (const l of why.split("\n").slice(0, 6))
				console.log("#   " + l);
	});
	process.exit(results.every((r) => r[0]) ? 0 : 1);
}

main().catch((e) => { console.log("Bail out! " + e); process.exit(1); });
