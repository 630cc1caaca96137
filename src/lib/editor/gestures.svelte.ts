/**
 * The fingers on an interactive board (Board.svelte draws it): one finger strokes (reported in
 * board units), two fingers pinch and pan, the middle or right button pans, the wheel zooms
 * (shift: pans). What the board shows of the plan (`view`, its viewBox) follows them. The
 * screen is reached only through `Screen`, so the gestures are tested without one.
 */
import type { Point } from './hit';

/** The part of the board in sight, in board units (the SVG's viewBox). */
export interface View {
	x: number;
	y: number;
	w: number;
	h: number;
}

export type Stroke = (event: { type: 'down' | 'move' | 'up' | 'cancel'; point: Point }) => void;

/** A pointer as the board hears it (a PointerEvent's fields the gestures read). */
export interface Finger {
	pointerId: number;
	clientX: number;
	clientY: number;
	button: number;
	type: string;
	/** The samples a move carries (`getCoalescedEvents`), when the browser gives them. */
	samples?: readonly { clientX: number; clientY: number }[];
}

/** The board on the screen. */
export interface Screen {
	/** A point of the screen in board units (of the view drawn now). */
	toBoard(clientX: number, clientY: number): Point;
	/** The board's size on the screen in pixels, if it is drawn. */
	size(): { width: number; height: number } | null;
	/** Keeps a pointer's events on the board while it is down. */
	capture(pointerId: number): void;
}

/** The plan's size and the room round it: the view that shows it whole. */
export function fitted(width: number, height: number, margin: number): View {
	return { x: -margin, y: -margin, w: width + 2 * margin, h: height + 2 * margin };
}

/** Keeps some of the board in sight whatever the gesture. */
export function clamped(v: View, width: number, height: number): View {
	const x = Math.min(Math.max(v.x, -v.w + 1.5), width - 1.5);
	const y = Math.min(Math.max(v.y, -v.h + 1.5), height - 1.5);
	return { ...v, x, y };
}

/** The view zoomed by `factor` (< 1 zooms in) round `anchor` (a board point that stays still), within 2.5 squares and 1.5 times the whole. */
export function zoomed(view: View, anchor: Point, factor: number, whole: View): View {
	const w = Math.min(whole.w * 1.5, Math.max(2.5, view.w * factor));
	const scale = w / view.w;
	return { x: anchor.x - (anchor.x - view.x) * scale, y: anchor.y - (anchor.y - view.y) * scale, w, h: view.h * scale };
}

/** Whether the squares `cells` (row-major on a plan `width` wide) are all in sight. */
export function inSight(view: View, cells: readonly number[], width: number): boolean {
	const xs = cells.map((c) => c % width);
	const ys = cells.map((c) => Math.floor(c / width));
	return Math.min(...xs) >= view.x && Math.min(...ys) >= view.y && Math.max(...xs) + 1 <= view.x + view.w && Math.max(...ys) + 1 <= view.y + view.h;
}

export class BoardGestures {
	view = $state<View>({ x: 0, y: 0, w: 1, h: 1 });
	/** Fingers on the board: bookkeeping for gestures, nothing is drawn from it. */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity
	private readonly pointers = new Map<number, { x: number; y: number }>();
	private pinch: { distance: number; mid: { x: number; y: number }; view: View } | null = null;
	private panning: { from: { x: number; y: number }; view: View } | null = null;

	/** `plan`: the plan's size and margin now; `stroke`: where strokes go (none: the board is a picture). */
	constructor(
		private readonly screen: Screen,
		private readonly plan: () => { width: number; height: number; margin: number },
		private readonly stroke: () => Stroke | undefined
	) {
		this.view = this.whole();
	}

	/** The view that shows the plan whole. */
	whole(): View {
		const { width, height, margin } = this.plan();
		return fitted(width, height, margin);
	}

	reset(): void {
		this.view = this.whole();
	}

	/** Brings the squares into view (zoomed out to the whole plan) unless they are in sight. */
	bringIntoView(cells: readonly number[]): void {
		if (cells.length > 0 && !inSight(this.view, cells, this.plan().width)) this.reset();
	}

	down(finger: Finger): void {
		const onstroke = this.stroke();
		if (!onstroke) return;
		this.screen.capture(finger.pointerId);
		this.pointers.set(finger.pointerId, { x: finger.clientX, y: finger.clientY });
		if (finger.button === 1 || finger.button === 2) {
			this.panning = { from: { x: finger.clientX, y: finger.clientY }, view: { ...this.view } };
			return;
		}
		if (this.pointers.size === 2) {
			// A second finger: the stroke was the start of a pinch, not a stroke.
			onstroke({ type: 'cancel', point: { x: 0, y: 0 } });
			const [a, b] = [...this.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
			this.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, view: { ...this.view } };
			return;
		}
		if (this.pointers.size === 1) onstroke({ type: 'down', point: this.screen.toBoard(finger.clientX, finger.clientY) });
	}

	move(finger: Finger): void {
		const onstroke = this.stroke();
		if (!onstroke || !this.pointers.has(finger.pointerId)) return;
		this.pointers.set(finger.pointerId, { x: finger.clientX, y: finger.clientY });
		if (this.panning) return this.panBy(this.panning.view, finger.clientX - this.panning.from.x, finger.clientY - this.panning.from.y);
		if (this.pinch && this.pointers.size >= 2) {
			const [a, b] = [...this.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
			const distance = Math.hypot(a.x - b.x, a.y - b.y);
			const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
			this.panBy(this.pinch.view, mid.x - this.pinch.mid.x, mid.y - this.pinch.mid.y);
			this.zoomAt(this.pinch.distance / Math.max(distance, 1), mid.x, mid.y);
			return;
		}
		if (!this.pinch && this.pointers.size === 1) for (const e of finger.samples ?? [finger]) onstroke({ type: 'move', point: this.screen.toBoard(e.clientX, e.clientY) });
	}

	/** A finger lifted, or taken away by the browser (`pointercancel`: the stroke is cancelled). */
	up(finger: Finger): void {
		const onstroke = this.stroke();
		if (!onstroke || !this.pointers.has(finger.pointerId)) return;
		this.pointers.delete(finger.pointerId);
		if (this.panning) {
			this.panning = null;
			return;
		}
		if (this.pinch) {
			if (this.pointers.size === 0) this.pinch = null;
			return;
		}
		onstroke({ type: finger.type === 'pointercancel' ? 'cancel' : 'up', point: this.screen.toBoard(finger.clientX, finger.clientY) });
	}

	/** The wheel zooms round the pointer (faster with ctrl: a touchpad's pinch); with shift it pans. Whether it was the board's. */
	wheel(event: { deltaX: number; deltaY: number; shiftKey: boolean; ctrlKey: boolean; clientX: number; clientY: number }): boolean {
		if (!this.stroke()) return false;
		if (event.shiftKey && !event.ctrlKey) this.panBy(this.view, -event.deltaY, -event.deltaX);
		else this.zoomAt(Math.exp(event.deltaY * (event.ctrlKey ? 0.01 : 0.0015)), event.clientX, event.clientY);
		return true;
	}

	private panBy(from: View, dxPx: number, dyPx: number): void {
		const size = this.screen.size();
		if (!size) return;
		const unit = Math.max(from.w / size.width, from.h / size.height);
		const { width, height } = this.plan();
		this.view = clamped({ ...this.view, x: from.x - dxPx * unit, y: from.y - dyPx * unit }, width, height);
	}

	/** Zooms by `factor` (< 1 zooms in) keeping the board point under the client point still. */
	private zoomAt(factor: number, clientX: number, clientY: number): void {
		const { width, height } = this.plan();
		this.view = clamped(zoomed(this.view, this.screen.toBoard(clientX, clientY), factor, this.whole()), width, height);
	}
}
