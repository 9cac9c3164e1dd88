/* tests/integration/sabaki.js ENGINE: a Sabaki-style client, the npm
 * package @sabaki/gtp (its Controller: the engine as a child process, a
 * command's response lines handed to a subscriber as they arrive), runs
 * quintet's analysis and parses the candidates as Sabaki does (a line split
 * at "info ", key-value pairs, pv taking the rest). Prints TAP; every wait
 * is bounded. */
"use strict";
const { Controller } = require("@sabaki/gtp");

const engine = process.argv[2];
const WAIT = 30000;
const results = [];
const VERTEX = /^([A-HJ-T](1[0-9]|[1-9])|pass)$/;

function assert(cond, why) {
	if (!cond)
		throw new Error(why);
}

function bounded(promise, what) {
	let timer;
	const timeout = new Promise((_, reject) => {
		timer = setTimeout(() => reject(new Error(`no answer within ${WAIT / 1000} s: ${what}`)), WAIT);
	});
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/* Sabaki's reading of an analysis line: the candidates, and the ownership
 * numbers when the line carries them. */
function parseAnalysis(line) {
	let ownership = null;
	const at = line.indexOf("ownership ");
	if (at >= 0) {
		ownership = line.slice(at + "ownership ".length).trim().split(/\s+/).map(Number);
		line = line.slice(0, at);
	}
	const candidates = line.split(/\s*info\s+/).slice(1).map((part) => {
		const words = part.trim().split(/\s+/);
		const c = {};
		for (let i = 0; i < words.length; i += 2) {
			if (words[i] === "pv") {
				c.pv = words.slice(i + 1);
				break;
			}
			c[words[i]] = /^-?[\d.]+$/.test(words[i + 1]) ? Number(words[i + 1]) : words[i + 1];
		}
		return c;
	});
	return { candidates, ownership };
}

function checkCandidates(cands, scale, occupied) {
	assert(cands.length > 0, "no candidate");
	cands.forEach((c, i) => {
		assert(c.order === i, `order ${c.order} at ${i}`);
		assert(VERTEX.test(c.move) && c.move !== occupied, `move ${c.move}`);
		assert(c.visits >= 0 && (i === 0 || c.visits <= cands[i - 1].visits), "visits out of order");
		for (const k of ["winrate", "prior", "lcb"])
			assert(c[k] >= 0 && c[k] <= scale, `${k} ${c[k]} out of 0..${scale}`);
		assert(Array.isArray(c.pv) && c.pv[0] === c.move, `pv of ${c.move}: ${c.pv}`);
	});
}

/* Start an analysis, collect n streamed lines, then send the next command
 * (as Sabaki does when the user moves on); the analysis's response must
 * end and the next command be answered. */
async function analyse(controller, command, n) {
	const lines = [];
	let enough;
	const got = new Promise((resolve) => { enough = resolve; });
	const done = controller.sendCommand(command, ({ line }) => {
		if (line.startsWith("info ") || line.startsWith("ownership ")) {
			lines.push(line);
			if (lines.length === n)
				enough();
		}
	});
	await bounded(got, `${n} lines of ${command.name}`);
	const next = controller.sendCommand({ name: "name" });
	const response = await bounded(done, `the end of ${command.name}`);
	assert(!response.error, `${command.name} answered an error: ${response.content}`);
	const name = await bounded(next, "name after the analysis");
	assert(!name.error && name.content === "quintet", `name answered ${JSON.stringify(name.content)}`);
	return lines.slice(0, n);
}

async function check(name, fn) {
	try {
		await fn();
		results.push([true, name, ""]);
	} catch (e) {
		results.push([false, name, e.stack || String(e)]);
	}
}

async function main() {
	const controller = new Controller(engine, []);
	let exitCode = null;
	const stderr = [];
	controller.on("stopped", ({ signal }) => { exitCode = signal; });
	controller.on("stderr", ({ content }) => stderr.push(content));
	controller.start();
	await check("boardsize 9, clear_board, play B E5", async () => {
		for (const c of [{ name: "boardsize", args: ["9"] }, { name: "clear_board" },
			{ name: "play", args: ["B", "E5"] }]) {
			const r = await bounded(controller.sendCommand(c), c.name);
			assert(!r.error, `${c.name}: ${r.content}`);
		}
	});
	await check("lz-analyze W 10: candidates Sabaki parses, stopped by the next command", async () => {
		const lines = await analyse(controller, { name: "lz-analyze", args: ["W", "10"] }, 3);
		for (const l of lines)
			checkCandidates(parseAnalysis(l).candidates, 10000, "E5");
	});
	await check("kata-analyze B 10 ownership true: 81 ownership numbers in [-1, 1]", async () => {
		const lines = await analyse(controller, { name: "kata-analyze", args: ["B", "10", "ownership", "true"] }, 3);
		for (const l of lines) {
			const { candidates, ownership } = parseAnalysis(l);
			checkCandidates(candidates, 1, "E5");
			assert(ownership && ownership.length === 81, `ownership of ${ownership && ownership.length} points`);
			assert(ownership.every((v) => v >= -1 && v <= 1), "ownership out of [-1, 1]");
		}
	});
	await check("the engine stops cleanly and exits 0", async () => {
		await bounded(controller.stop(), "stop");
		for (let i = 0; i < 100 && exitCode === null; i++)
			await new Promise((r) => setTimeout(r, 50));
		assert(exitCode === 0, `exit ${exitCode}`);
		assert(!stderr.some((l) => /Sanitizer|runtime error/.test(l)),
			"sanitizer report: " + stderr.slice(-5).join(" | "));
	});
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
