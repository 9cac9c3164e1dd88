/* mastermind.js: Mastermind on the web page
 * (src/games/mastermind/mastermind.js, served as games/mastermind.js): the
 * adapter web/games.js describes, with no board. The codebreaker is black,
 * the only side that moves; the game's own controls are the tries with their
 * answers, the code row and the answer row. */
"use strict";

(function () {
	const { lines, resultOrNull } = Q.util;

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
		pickers: ["level", "variant", "role"], puzzle: true,
		howTo: "<p>The codemaker picks a secret code of coloured pegs; the codebreaker guesses"
			+ " it. Each guess is answered: <b>X</b> for a peg of the right colour in the right"
			+ " place, <b>O</b> for a right colour in a wrong place, <b>-</b> for the rest (the"
			+ " answer says how many, not which pegs). Variants that answer with counts give the two"
			+ " numbers instead: exact, then misplaced. The code is broken when every peg is an"
			+ " X; the variant sets how many tries you have.</p>"
			+ "<p>Play either side against the computer, or two people at one screen (the secret is"
			+ " typed hidden).</p>",
		turnText: (st) => (st.breaker === "engine" ? (st.awaiting ? "Your answer" : "The computer guesses")
			: "Codebreaker to guess"),
		resultText: (r) => (r.startsWith("B+") ? "Code broken: " : "Not broken: ") + r.replace(/^[BW]\+ ?/, ""),
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
		/* The engine's try in the page's record: its first one also
		 * makes it the codebreaker (`genmove b` then `undo`, as a save's
		 * setup does), then the try itself. */
		recordOf(cmd, mv, st) {
			return st.tries.length ? [`play b ${mv}`] : [cmd, "undo", `play b ${mv}`];
		},
		engineCommand(st, opts) {
			if (st.over || opts.role !== "breaker-engine" || st.awaiting)
				return null;
			if (st.breaker !== "engine" && st.tries.length > 0)
				return null;
			return "genmove b";
		},
	};

	Q.games.mastermind = mastermind;
})();
