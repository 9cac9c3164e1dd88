/* board.js: an SVG board of W x H points, for every game with a board.
 *
 * Two kinds: "lines" (Go, Gomoku: stones on the intersections of W x H
 * lines) and "cells" (Ataxx, Flood: pieces or colours in W x H squares).
 * Points are (x, y), x from the left and y from the top, both 0-based; the
 * games turn them into their own names (D4, b2).
 *
 * Input: one pointer path for mouse, pen and touch. A press counts for the
 * nearest point when it lands within HIT (a third and a bit of the spacing)
 * of an intersection, or inside a square; anywhere else it is ignored, so a
 * press between two lines never plays the wrong one. A mouse hovering shows
 * the game's preview there; a touch shows it while the finger is down. Where
 * the points are closer than a fingertip (under TAP_MIN CSS pixels apart: a
 * 19x19 board on a phone) a tap only marks its point with an outline, and
 * a second tap there plays it (a tap elsewhere marks
 * that point instead), so that a finger never plays a neighbour. The
 * keyboard: the board is focusable, the arrow keys move a cursor and Enter
 * or Space presses the point under it.
 */
"use strict";
window.Q = window.Q || {};

Q.Board = (function () {
	const NS = "http://www.w3.org/2000/svg";
	const S = 40;        /* spacing in viewBox units */
	const HIT = 0.36;    /* hit radius on lines boards, in spacings */
	const TAP_MIN = 24;  /* the spacing, in CSS pixels, below which taps confirm */

	function el(name, attrs, parent) {
		const e = document.createElementNS(NS, name);
		for (const k in attrs)
			e.setAttribute(k, attrs[k]);
		if (parent)
			parent.appendChild(e);
		return e;
	}

	class Board {
		/* svg: the <svg> element; opts: {onPress(x, y), onHover(x, y) or
		 * onHover(null), label(x, y): the point's name for screen readers} */
		constructor(svg, opts) {
			this.svg = svg;
			this.opts = opts;
			this.kind = "lines";
			this.w = this.h = 0;
			this.cursor = null;
			this.hover = null;
			svg.setAttribute("tabindex", "0");
			/* One focusable widget that takes the arrow keys itself. */
			svg.setAttribute("role", "application");
			svg.setAttribute("aria-roledescription", "board");
			svg.addEventListener("pointermove", (e) => this.move(e));
			svg.addEventListener("pointerdown", (e) => this.down(e));
			svg.addEventListener("pointerup", (e) => this.up(e));
			svg.addEventListener("pointerleave", () => this.setHover(null));
			svg.addEventListener("pointercancel", () => this.setHover(null));
			svg.addEventListener("keydown", (e) => this.key(e));
			svg.addEventListener("blur", () => this.drawCursor());
			svg.addEventListener("focus", () => this.drawCursor());
		}

		/* A new, empty board of w x h points of kind "lines" or "cells". */
		reset(kind, w, h) {
			this.marked = null;
			this.kind = kind;
			this.w = w;
			this.h = h;
			if (!this.cursor || this.cursor.x >= w || this.cursor.y >= h)
				this.cursor = { x: Math.floor(w / 2), y: Math.floor(h / 2) };
			const svg = this.svg;
			while (svg.firstChild)
				svg.removeChild(svg.firstChild);
			const vw = (w + 1) * S, vh = (h + 1) * S;
			svg.setAttribute("viewBox", `0 0 ${vw} ${vh}`);
			svg.dataset.kind = kind;
			svg.dataset.w = w;
			svg.dataset.h = h;
			el("rect", { x: 0, y: 0, width: vw, height: vh, class: "board-bg" }, svg);
			this.under = el("g", { class: "under" }, svg);
			if (kind === "lines")
				this.drawLines();
			this.layer = el("g", { class: "pieces" }, svg);
			this.marks = el("g", { class: "marks" }, svg);
			this.preview = el("g", { class: "preview" }, svg);
			this.cursorLayer = el("g", { class: "cursor" }, svg);
			/* the marked tap: kept when the finger's hover ends */
			this.tapLayer = el("g", { class: "tap" }, svg);
			this.hover = null;
			this.drawCursor();
		}

		drawLines() {
			const g = el("g", { class: "grid" }, this.svg);
			for (let x = 0; x < this.w; x++)
				el("line", { x1: this.cx(x), y1: this.cy(0), x2: this.cx(x), y2: this.cy(this.h - 1) }, g);
			for (let y = 0; y < this.h; y++)
				el("line", { x1: this.cx(0), y1: this.cy(y), x2: this.cx(this.w - 1), y2: this.cy(y) }, g);
		}

		/* Centre of point (x, y) in viewBox units. */
		cx(x) { return (x + 1) * S; }
		cy(y) { return (y + 1) * S; }
		get spacing() { return S; }

		/* Labels along the edges: cols[x] above and below, rows[y] left. */
		labels(cols, rows) {
			const g = el("g", { class: "labels", "aria-hidden": "true" }, this.svg);
			for (let x = 0; x < this.w; x++)
				for (const y of [S * 0.32, (this.h + 1) * S - S * 0.12])
					el("text", { x: this.cx(x), y, "text-anchor": "middle" }, g).textContent = cols[x];
			for (let y = 0; y < this.h; y++) {
				el("text", { x: S * 0.3, y: this.cy(y) + 5, "text-anchor": "middle" }, g).textContent = rows[y];
				el("text", { x: (this.w + 1) * S - S * 0.3, y: this.cy(y) + 5, "text-anchor": "middle" }, g).textContent = rows[y];
			}
			this.svg.insertBefore(g, this.layer);
		}

		/* Drawing helpers for the games, into a layer (default: pieces). */
		circle(x, y, r, cls, layer) {
			return el("circle", { cx: this.cx(x), cy: this.cy(y), r: r * S, class: cls }, layer || this.layer);
		}
		square(x, y, inset, cls, layer) {
			const a = S * (0.5 - inset);
			return el("rect", { x: this.cx(x) - a, y: this.cy(y) - a, width: 2 * a, height: 2 * a, class: cls },
				  layer || this.layer);
		}
		/* A short text centred on point (x, y), size in spacings. */
		text(x, y, str, size, cls, layer) {
			const t = el("text", { x: this.cx(x), y: this.cy(y) + size * S * 0.35, "text-anchor": "middle",
				"font-size": size * S, class: cls }, layer || this.marks);
			t.textContent = str;
			return t;
		}
		clear(layer) {
			while (layer.firstChild)
				layer.removeChild(layer.firstChild);
		}

		/* The point under client coordinates, or null outside the hit area. */
		pointAt(clientX, clientY) {
			const m = this.svg.getScreenCTM();
			if (!m || !this.w)
				return null;
			const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
			const fx = p.x / S - 1, fy = p.y / S - 1;
			const x = Math.round(fx), y = Math.round(fy);
			if (x < 0 || y < 0 || x >= this.w || y >= this.h)
				return null;
			const dx = fx - x, dy = fy - y;
			if (this.kind === "lines" && Math.hypot(dx, dy) > HIT)
				return null;
			if (this.kind === "cells" && (Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5))
				return null;
			return { x, y };
		}

		/* Client coordinates of point (x, y) moved by (dx, dy) spacings:
		 * what a test clicks. */
		clientOf(x, y, dx, dy) {
			const m = this.svg.getScreenCTM();
			const p = new DOMPoint(this.cx(x + (dx || 0)), this.cy(y + (dy || 0))).matrixTransform(m);
			return { x: p.x, y: p.y };
		}

		setHover(pt) {
			const same = pt && this.hover && pt.x === this.hover.x && pt.y === this.hover.y;
			if (same || (!pt && !this.hover))
				return;
			this.hover = pt;
			this.clear(this.preview);
			if (this.opts.onHover)
				this.opts.onHover(pt);
		}

		move(e) {
			if (e.pointerType === "touch" && !this.touching)
				return;
			this.setHover(this.pointAt(e.clientX, e.clientY));
		}
		down(e) {
			if (e.button !== 0)
				return;
			this.touching = e.pointerType !== "mouse";
			this.pressed = this.pointAt(e.clientX, e.clientY);
			if (this.touching)
				this.setHover(this.pressed);
		}
		up(e) {
			if (e.button !== 0)
				return;
			const pt = this.pointAt(e.clientX, e.clientY);
			const touch = this.touching;
			this.touching = false;
			if (touch && pt && this.tapsConfirm() && !this.samePoint(pt, this.marked)) {
				this.markTap(pt);
				return;
			}
			this.markTap(null);
			if (touch)
				this.setHover(null);
			if (pt) {
				this.cursor = pt;
				this.drawCursor();
				this.opts.onPress(pt.x, pt.y);
			}
		}

		/* Points closer than a fingertip: a tap marks, a second plays. */
		tapsConfirm() {
			const r = this.svg.getBoundingClientRect();
			return r.width / (this.w + 1) < TAP_MIN;
		}
		samePoint(a, b) {
			return !!a && !!b && a.x === b.x && a.y === b.y;
		}
		markTap(pt) {
			this.marked = pt;
			this.svg.dataset.marked = pt ? `${pt.x},${pt.y}` : "";
			if (this.tapLayer)
				this.clear(this.tapLayer);
			if (pt)
				this.square(pt.x, pt.y, 0.02, "tap-mark", this.tapLayer);
		}

		key(e) {
			const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
			if (d) {
				const c = this.cursor;
				c.x = Math.min(this.w - 1, Math.max(0, c.x + d[0]));
				c.y = Math.min(this.h - 1, Math.max(0, c.y + d[1]));
				this.drawCursor();
				this.setHover({ x: c.x, y: c.y });
				e.preventDefault();
			} else if (e.key === "Enter" || e.key === " ") {
				this.opts.onPress(this.cursor.x, this.cursor.y);
				e.preventDefault();
			}
		}

		drawCursor() {
			if (!this.cursorLayer)
				return;
			this.clear(this.cursorLayer);
			/* The cursor is the keyboard's: shown on keyboard focus only. */
			if (!this.svg.matches(":focus-visible") || !this.cursor)
				return;
			const c = this.cursor;
			this.square(c.x, c.y, 0.04, "cursor-box", this.cursorLayer);
			if (this.opts.label)
				this.svg.setAttribute("aria-label", "board: arrow keys move, Enter plays; cursor on " +
						      this.opts.label(c.x, c.y));
		}
	}
	return Board;
})();
