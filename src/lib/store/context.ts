/**
 * The device's stores, handed to screens through Svelte context rather than each screen
 * opening the database itself: a route provides them once (`provideStores`), the screens
 * under it ask (`useStores`). Type-only imports: this module does not bring Dexie, so a
 * route that must stay light (the phone's /join) can provide a getter that loads it later.
 */
import { getContext, setContext } from 'svelte';
import type { GameStore } from './games';
import type { PlanLibrary } from './plans';
import type { SheetStore } from './sheets';

export interface Stores {
	plans: PlanLibrary;
	games: GameStore;
	sheets: SheetStore;
}

/** The stores, when a screen first needs them (a route may load the database on demand). */
export type StoresGetter = () => Promise<Stores>;

const KEY = Symbol('stores');

/** For a route: the stores its screens use, or how to load them (called at most once). */
export function provideStores(load: () => Stores | Promise<Stores>): void {
	let loading: Promise<Stores> | null = null;
	const get: StoresGetter = () => (loading ??= Promise.resolve().then(load));
	setContext(KEY, get);
}

/** For a screen, while it is created: the getter of the stores its route provided. */
export function useStores(): StoresGetter {
	const get = getContext<StoresGetter | undefined>(KEY);
	if (!get) throw new Error('no stores in context: the route must call provideStores()');
	return get;
}
