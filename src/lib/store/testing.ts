/**
 * Data as a Svelte screen holds it: `$state` wraps every object and array in a proxy, made as
 * it is read (plain objects and arrays only). Structured clone (IndexedDB's, `structuredClone`) refuses proxies with a
 * DataCloneError, as the browser refused the editor's plan (issue 16).
 */
export function stateLike<T>(value: T): T {
	// Like Svelte, only plain objects and arrays.
	if (value === null || typeof value !== 'object') return value;
	if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return value;
	return new Proxy(value as object, { get: (target, key, receiver) => stateLike(Reflect.get(target, key, receiver)) }) as T;
}
