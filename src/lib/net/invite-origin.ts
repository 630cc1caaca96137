/**
 * The origin an invitation names, so that phones can open it. A page at a LAN or hosted
 * origin invites with itself. A page at `localhost` or `127.0.0.1` (the laptop's own browser)
 * would send phones to themselves: it invites with the addresses the server says phones reach
 * it at (`/api/addresses`, scripts/server.js), the secure ones first (a phone there installs
 * the app and uses its camera), and offers a choice when there are several.
 */

/** What the server answers at ADDRESSES_PATH: the origins phones reach it at. */
export interface ServedAddresses {
	http: string[];
	https: string[];
}

export const ADDRESSES_PATH = '/api/addresses';

export interface InviteOrigins {
	/** The origins to invite with, the first the default; never empty. */
	origins: string[];
	/** True when the only origin is this page's loopback one: no phone can open it. */
	unreachable: boolean;
}

/** Whether a host name is this device itself (no other device can open it). */
export function isLoopback(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
	return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1' || host === '0.0.0.0';
}

/** An http(s) origin, or null for anything else. */
function originOf(text: unknown): string | null {
	if (typeof text !== 'string') return null;
	try {
		const url = new URL(text);
		return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
	} catch {
		return null;
	}
}

/** The server's answer, checked: null when it is not one (a static host's 404 page, say). */
export function parseAddresses(body: unknown): ServedAddresses | null {
	if (typeof body !== 'object' || body === null) return null;
	const { http, https } = body as Record<string, unknown>;
	if (!Array.isArray(http) || !Array.isArray(https)) return null;
	const clean = (list: unknown[]) => list.map(originOf).filter((o): o is string => o !== null);
	return { http: clean(http), https: clean(https) };
}

/**
 * The origins to invite with from a page at `page` (an origin), given what the server said
 * (null: no answer, as on a static host).
 */
export function inviteOrigins(page: string, served: ServedAddresses | null): InviteOrigins {
	const here = new URL(page);
	if (!isLoopback(here.hostname)) return { origins: [here.origin], unreachable: false };
	const reachable = [...(served?.https ?? []), ...(served?.http ?? [])].filter((o) => !isLoopback(new URL(o).hostname));
	const origins = [...new Set(reachable)];
	return origins.length > 0 ? { origins, unreachable: false } : { origins: [here.origin], unreachable: true };
}

/** Asks this page's server where phones reach it (only a loopback page needs to); `base`: the app's base path, which the server's paths are under. */
export async function loadInviteOrigins(page: string = location.origin, fetcher: typeof fetch = fetch, base = ''): Promise<InviteOrigins> {
	if (!isLoopback(new URL(page).hostname)) return inviteOrigins(page, null);
	let served: ServedAddresses | null = null;
	try {
		const response = await fetcher(`${page}${base}${ADDRESSES_PATH}`, { cache: 'no-store', signal: AbortSignal.timeout(2500) });
		if (response.ok) served = parseAddresses(await response.json());
	} catch {
		// No server or no answer: this page's own origin, said unreachable.
	}
	return inviteOrigins(page, served);
}

const asked = new Map<string, Promise<InviteOrigins>>();

/**
 * The origin a code shown to phones names — an invitation's or a QR offer's (no server: the
 * phone's camera opens that address) — asked of the server once per page: at localhost, the
 * first LAN address phones reach; elsewhere this page's own origin.
 */
export function phoneOrigin(base: string, page: string = location.origin, fetcher: typeof fetch = fetch): Promise<string> {
	let answer = asked.get(page);
	if (!answer) asked.set(page, (answer = loadInviteOrigins(page, fetcher, base)));
	return answer.then((r) => r.origins[0]!);
}
