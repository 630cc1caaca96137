import type { Page } from 'playwright-core';

/**
 * A Svelte runtime warning as the production build prints it: `console.warn` of the warning's
 * page alone (`https://svelte.dev/e/derived_inert`); a dev build prints `[svelte] <code>` with
 * the same address. Either way the address is there.
 */
const SVELTE_WARNING = /svelte\.dev\/e\/|\[svelte\]/;

/**
 * What a link between devices logs as an error on its own and recovers from (a signalling socket
 * that drops and reconnects, a refused resource while it does): not the app's fault, and on a busy
 * machine a matter of timing. Tests of tables and duels filter it with `withoutLinkNoise`.
 */
const LINK_NOISE = /peerjs|WebSocket|ERR_/i;

export const withoutLinkNoise = (errors: string[]): string[] => errors.filter((e) => !LINK_NOISE.test(e));

/**
 * Records what the page threw, logged as an error, or what Svelte warned of at run time (a
 * warning is a bug a person hits without seeing it: stale values, lost updates), labelled with
 * `label` when given, to assert empty and show with a failure.
 */
export function watchErrors(page: Page, label = ''): string[] {
	const errors: string[] = [];
	const prefix = label ? `${label}: ` : '';
	page.on('pageerror', (e) => errors.push(`${prefix}pageerror: ${e.message}`));
	page.on('console', (m) => {
		if (m.type() === 'error') errors.push(`${prefix}console: ${m.text()}`);
		else if (SVELTE_WARNING.test(m.text())) errors.push(`${prefix}svelte ${m.type()}: ${m.text()}`);
	});
	return errors;
}
