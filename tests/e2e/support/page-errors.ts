import type { Page } from 'playwright-core';

/**
 * A Svelte runtime warning as the production build prints it: `console.warn` of the warning's
 * page alone (`https://svelte.dev/e/derived_inert`); a dev build prints `[svelte] <code>` with
 * the same address. Either way the address is there.
 */
const SVELTE_WARNING = /svelte\.dev\/e\/|\[svelte\]/;

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
