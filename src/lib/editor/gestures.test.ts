/**
 * The board's gestures without a screen: a screen of 10 pixels a board unit (the view drawn now
 * decides where a pixel lands, as an SVG's viewBox does).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BoardGestures, clamped, fitted, inSight, zoomed, type Finger, type Stroke, type View } from './gestures.svelte';

const PLAN = { width: 8, height: 6, margin: 0.7 };

function board(interactive = true) {
	const strokes: Parameters<Stroke>[0][] = [];
	const captured: number[] = [];
	// The screen reads the view the gestures keep (made just below; read only once a finger is down).
	const screen = {
		toBoard: (x: number, y: number) => ({ x: gestures.view.x + (x / 100) * gestures.view.w, y: gestures.view.y + (y / 100) * gestures.view.h }),
		size: () => ({ width: 100, height: 100 }),
		capture: (id: number) => void captured.push(id)
	};
	const gestures: BoardGestures = new BoardGestures(screen, () => PLAN, () => (interactive ? (e) => strokes.push(e) : undefined));
	return { gestures, strokes, captured };
}

const at = (pointerId: number, clientX: number, clientY: number, more: Partial<Finger> = {}): Finger => ({ pointerId, clientX, clientY, button: 0, type: 'pointermove', ...more });

describe('one finger', () => {
	test('strokes down, through every sample of a move, and up, in board units; the view stays', () => {
		const { gestures, strokes, captured } = board();
		const before = gestures.view;
		gestures.down(at(1, 0, 0, { type: 'pointerdown' }));
		gestures.move(at(1, 50, 50, { samples: [{ clientX: 25, clientY: 25 }, { clientX: 50, clientY: 50 }] }));
		gestures.up(at(1, 50, 50, { type: 'pointerup' }));
		expect(strokes.map((s) => s.type)).toEqual(['down', 'move', 'move', 'up']);
		expect(strokes[0]!.point).toEqual({ x: before.x, y: before.y });
		expect(strokes[3]!.point).toEqual({ x: before.x + before.w / 2, y: before.y + before.h / 2 });
		expect(captured).toEqual([1]);
		expect(gestures.view).toEqual(before);
	});

	test('a finger the browser takes away cancels the stroke; a picture board hears no finger', () => {
		const { gestures, strokes } = board();
		gestures.down(at(1, 10, 10));
		gestures.up(at(1, 10, 10, { type: 'pointercancel' }));
		expect(strokes.map((s) => s.type)).toEqual(['down', 'cancel']);
		const picture = board(false);
		picture.gestures.down(at(1, 10, 10));
		picture.gestures.up(at(1, 10, 10));
		expect(picture.strokes).toEqual([]);
		expect(picture.captured).toEqual([]);
		expect(picture.gestures.wheel({ deltaX: 0, deltaY: 100, shiftKey: false, ctrlKey: false, clientX: 0, clientY: 0 })).toBe(false);
	});
});

describe('two fingers', () => {
	test('a second finger cancels the stroke and pinches: apart zooms in, the midpoint moved pans; lifting them strokes nothing', () => {
		const { gestures, strokes } = board();
		const before = gestures.view;
		gestures.down(at(1, 40, 50));
		gestures.down(at(2, 60, 50));
		gestures.move(at(2, 80, 50));
		gestures.move(at(1, 20, 50));
		expect(strokes.map((s) => s.type)).toEqual(['down', 'cancel']);
		expect(gestures.view.w).toBeLessThan(before.w);
		gestures.up(at(1, 20, 50));
		gestures.up(at(2, 80, 50));
		gestures.down(at(3, 10, 10));
		expect(strokes.map((s) => s.type)).toEqual(['down', 'cancel', 'down']);
	});

	test('the middle or right button pans by the pixels moved, and strokes nothing', () => {
		const { gestures, strokes } = board();
		const before = gestures.view;
		gestures.down(at(1, 50, 50, { button: 2 }));
		gestures.move(at(1, 40, 50));
		// 10 px of a 100 px board showing `w` units: w/10 units, the other way.
		expect(gestures.view.x).toBeCloseTo(before.x + before.w / 10);
		gestures.up(at(1, 40, 50));
		expect(strokes).toEqual([]);
	});
});

describe('the view', () => {
	test('property: zooming keeps the point under the finger still, within 2.5 squares and 1.5 times the whole plan', () => {
		fc.assert(
			fc.property(fc.double({ min: 0.05, max: 20, noNaN: true }), fc.double({ min: -2, max: 10, noNaN: true }), fc.double({ min: -2, max: 8, noNaN: true }), (factor, ax, ay) => {
				const whole = fitted(PLAN.width, PLAN.height, PLAN.margin);
				const view = zoomed(whole, { x: ax, y: ay }, factor, whole);
				expect(view.w).toBeGreaterThanOrEqual(2.5 - 1e-9);
				expect(view.w).toBeLessThanOrEqual(whole.w * 1.5 + 1e-9);
				expect(view.w / view.h).toBeCloseTo(whole.w / whole.h);
				// The anchor is at the same fraction of the view before and after.
				expect((ax - view.x) / view.w).toBeCloseTo((ax - whole.x) / whole.w);
				expect((ay - view.y) / view.h).toBeCloseTo((ay - whole.y) / whole.h);
			})
		);
	});

	test('property: a view is always kept on the board (some of the plan in sight), and one on it is left as it is', () => {
		fc.assert(
			fc.property(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: 2.5, max: 15, noNaN: true }), (x, y, w) => {
				const v: View = clamped({ x, y, w, h: w }, PLAN.width, PLAN.height);
				expect(v.x + v.w).toBeGreaterThanOrEqual(1.5 - 1e-9);
				expect(v.x).toBeLessThanOrEqual(PLAN.width - 1.5);
				expect(v.y + v.h).toBeGreaterThanOrEqual(1.5 - 1e-9);
				expect(v.y).toBeLessThanOrEqual(PLAN.height - 1.5);
				expect(clamped(v, PLAN.width, PLAN.height)).toEqual(v);
			})
		);
	});

	test('the wheel zooms round the pointer, shift pans; a focus out of sight brings back the whole plan, one in sight keeps the view', () => {
		const { gestures } = board();
		const whole = gestures.whole();
		expect(gestures.wheel({ deltaX: 0, deltaY: -200, shiftKey: false, ctrlKey: false, clientX: 0, clientY: 0 })).toBe(true);
		expect(gestures.view.w).toBeLessThan(whole.w);
		const zoomedIn = gestures.view;
		// Zoomed in at the top-left: a1 (0) is in sight, the far corner is not.
		expect(inSight(zoomedIn, [0], PLAN.width)).toBe(true);
		gestures.bringIntoView([0]);
		expect(gestures.view).toEqual(zoomedIn);
		gestures.bringIntoView([PLAN.width * PLAN.height - 1]);
		expect(gestures.view).toEqual(whole);
		gestures.wheel({ deltaX: 0, deltaY: 30, shiftKey: true, ctrlKey: false, clientX: 0, clientY: 0 });
		// Shift and the wheel down: the view goes right (as a horizontal scroll).
		expect(gestures.view.x).toBeGreaterThan(whole.x);
		expect(gestures.view.w).toBe(whole.w);
		gestures.reset();
		expect(gestures.view).toEqual(whole);
	});
});
