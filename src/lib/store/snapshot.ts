/**
 * The one step everything passes through before it leaves the running page: written to
 * IndexedDB (every Dexie table through the database's middleware, db.ts; the phone's seats,
 * seat-store.ts) or kept apart from the screens' state (the sessions' own records, a composed
 * move). The link needs no copy of its own: a frame is text (JSON.stringify, channel.ts).
 *
 * Screens hold their data in Svelte state, and `$state` wraps objects and arrays in proxies,
 * which the structured clone of IndexedDB (and `structuredClone`) refuses with a
 * DataCloneError: a plan reached the library that way and no edit was ever saved. `snapshot`
 * reads through any proxy and builds plain data again, so what is written is what was seen.
 * Anything that is not plain data (a function, a class instance, a Map) is refused here, by
 * name and place, rather than later by the browser without either.
 */

/** Data that can be snapshotted: what the app stores and sends. */
export class NotPlainData extends Error {
	override readonly name = 'NotPlainData';
	constructor(readonly path: string, what: string) {
		super(`not plain data at ${path || 'the top'}: ${what}`);
	}
}

const plainProto = (value: object) => {
	const proto = Object.getPrototypeOf(value) as object | null;
	return proto === Object.prototype || proto === null;
};

function copy(value: unknown, path: string, seen: Set<object>): unknown {
	if (value === null || typeof value !== 'object') {
		if (typeof value === 'function' || typeof value === 'symbol') throw new NotPlainData(path, typeof value);
		return value;
	}
	if (seen.has(value)) throw new NotPlainData(path, 'a cycle');
	if (ArrayBuffer.isView(value)) return (value as unknown as { slice(): unknown }).slice();
	if (value instanceof Date) return new Date(value.getTime());
	seen.add(value);
	try {
		if (Array.isArray(value)) return value.map((item, i) => copy(item, `${path}[${i}]`, seen));
		if (!plainProto(value)) throw new NotPlainData(path, Object.prototype.toString.call(value));
		const out: Record<string, unknown> = {};
		for (const key of Object.keys(value)) {
			const item = copy((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, seen);
			// defined, not assigned: a key named "__proto__" (valid JSON, e.g. in a plan file) stays data
			Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
		}
		return out;
	} finally {
		seen.delete(value);
	}
}

/**
 * A deep copy of `value` as plain data (objects, arrays, primitives, dates, typed arrays),
 * with no proxy left anywhere in it; throws `NotPlainData` for anything else.
 */
export function snapshot<T>(value: T): T {
	return copy(value, '', new Set()) as T;
}
