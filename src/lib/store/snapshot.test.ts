import fc from 'fast-check';
import { types } from 'node:util';
import { describe, expect, test } from 'vitest';
import { generatePlan } from '../engine/plan/generate';
import { NotPlainData, snapshot } from './snapshot';
import { stateLike } from './testing';

/** True if a proxy is anywhere in `value`. */
function hasProxy(value: unknown): boolean {
	if (value === null || typeof value !== 'object') return false;
	if (types.isProxy(value)) return true;
	return Object.values(value).some(hasProxy);
}

const plainData = fc.jsonValue().map((v) => ({ v, list: [v, { at: 1, none: undefined, when: new Date(5) }], bytes: new Uint8Array([1, 2, 3]) }));

describe('snapshot: plain data out of whatever a screen holds (issue 16)', () => {
	test('a proxied value comes out equal, with no proxy left, and structured clone takes it', () => {
		fc.assert(
			fc.property(plainData, (data) => {
				const proxied = stateLike(data);
				expect(hasProxy(proxied)).toBe(true);
				expect(() => structuredClone(proxied)).toThrow(/could not be cloned/);
				const out = snapshot(proxied);
				expect(hasProxy(out)).toBe(false);
				expect(out).toEqual(data);
				expect(structuredClone(out)).toEqual(data);
			})
		);
	});

	test('a plan as the editor held it (a $state object) is copied whole', () => {
		const plan = generatePlan({ width: 6, height: 5, seed: 3 });
		const out = snapshot(stateLike(plan));
		expect(out).toEqual(plan);
		expect(out.cells).not.toBe(plan.cells);
	});

	test('what is not plain data is refused by name and place, not later by the browser', () => {
		expect(() => snapshot({ a: [{ f: () => 1 }] })).toThrow(new NotPlainData('a[0].f', 'function'));
		expect(() => snapshot({ m: new Map() })).toThrow(NotPlainData);
		class Thing {}
		expect(() => snapshot([new Thing()])).toThrow(/\[0\]/);
		const cycle: Record<string, unknown> = {};
		cycle.self = cycle;
		expect(() => snapshot(cycle)).toThrow(/cycle/);
	});

	test('a key named __proto__ stays an own data key (found by the property above)', () => {
		const data = JSON.parse('{"__proto__":{"x":1},"y":[{"__proto__":2}]}') as object;
		const out = snapshot(stateLike(data));
		expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
		expect(Object.keys(out)).toEqual(['__proto__', 'y']);
		expect(out).toEqual(data);
	});

	test('the same object twice (not a cycle) is copied twice', () => {
		const shared = { x: 1 };
		expect(snapshot({ a: shared, b: [shared] })).toEqual({ a: { x: 1 }, b: [{ x: 1 }] });
	});
});
