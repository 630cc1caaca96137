// A seat nobody named ("Computer 2", sent in the tablet's words) reads in the phone's own
// language on the phone; a name a person typed stays as typed (issue 33's default names, at a
// table with phones).
import { afterEach, describe, expect, test } from 'vitest';
import { m } from '$lib/paraglide/messages.js';
import { getLocale, locales, overwriteGetLocale } from '$lib/paraglide/runtime.js';
import { APP_VERSION } from './connect';
import { hostPeerId } from './protocol';
import { MemoryPhoneStore } from './session-records';
import { SeatLink } from './seat.svelte';
import { MemoryTable, newGame, onFakeClock, until } from './testing';

const ownLocale = getLocale;
afterEach(() => overwriteGetLocale(ownLocale));

describe("the names on a phone's screen", () => {
	onFakeClock();

	test.each(locales)('a computer named by default on a tablet in %s reads in each phone language; typed names stay', async (tabletLocale) => {
		// the phone is the app's own (its version, heartbeat and patience), so is the tablet
		const t = new MemoryTable({});
		t.hostApp = APP_VERSION;
		await t.openHost(2);
		// a person who typed a name that only looks like a word of the app keeps it
		const typed = 'Игрок';
		const seat = await SeatLink.over('memory', t.room, typed, t.host.pin, () => t.network.open(hostPeerId(t.room)), true, new MemoryPhoneStore());
		try {
			await until(() => seat.session.status === 'joined', 3000, 'the phone seated');
			const computer = m.play_computer_name({ n: 2 }, { locale: tabletLocale });
			t.hostStore.games.set('g1', newGame(2));
			await t.host.start('g1', newGame(2), [{ name: computer, level: 'explorer' }]);
			await until(() => seat.session.names.length === 2, 3000, 'the table heard');
			// what came over the link is the tablet's words
			expect(seat.session.names).toEqual([typed, computer]);
			for (const phoneLocale of locales) {
				overwriteGetLocale(() => phoneLocale);
				expect(seat.names).toEqual([typed, m.play_computer_name({ n: 2 }, { locale: phoneLocale })]);
				// the same list while nothing changed (the screens redraw on a new one)
				expect(seat.names).toBe(seat.names);
			}
		} finally {
			seat.close();
			t.host.close();
		}
	});
});
