// The home screen's signposts (way-back.ts) are written when they change, not on every call: the
// phone's screen calls writeSeatNote on every change of its seat (each move, each heartbeat), and
// a localStorage write in that update cost the phone milliseconds per move (issue 35).
import { afterEach, beforeEach, expect, test } from 'vitest';
import fc from 'fast-check';
import { readSeatNote, readTableNote, writeSeatNote, writeTableNote, type SeatNote } from './way-back';

let writes = 0;
beforeEach(() => {
	const items = new Map<string, string>();
	writes = 0;
	globalThis.localStorage = {
		getItem: (key: string) => items.get(key) ?? null,
		setItem: (key: string, value: string) => (writes++, void items.set(key, value)),
		removeItem: (key: string) => (writes++, void items.delete(key)),
		clear: () => items.clear(),
		key: (i: number) => [...items.keys()][i] ?? null,
		get length() {
			return items.size;
		}
	} as Storage;
});
afterEach(() => {
	delete (globalThis as { localStorage?: Storage }).localStorage;
});

const seatNote = fc.record({ room: fc.stringMatching(/^[0-9A-Z]{6,12}$/), name: fc.string({ maxLength: 20 }) });

test('a seat note is written once however often the same note is given, again when it changes, and read back as the last one given', () => {
	fc.assert(
		fc.property(fc.array(fc.option(seatNote, { nil: null }), { minLength: 1, maxLength: 30 }), (notes: (SeatNote | null)[]) => {
			localStorage.clear();
			writes = 0;
			let changes = 0;
			// (nothing stored at first: a null then changes nothing)
			let last: string | null = null;
			for (const note of notes) {
				const text = note === null ? null : JSON.stringify(note);
				if (text !== last) changes++;
				last = text;
				writeSeatNote(note);
				writeSeatNote(note);
			}
			expect(writes).toBe(changes);
			expect(readSeatNote()).toEqual(notes.at(-1) ?? null);
		})
	);
});

test("the table's note: the same once, a new move written", () => {
	const note = { room: 'ABCDEF', plan: 'p', names: ['Ann'], moves: 3 };
	writeTableNote(note);
	writeTableNote({ ...note });
	expect(writes).toBe(1);
	writeTableNote({ ...note, moves: 4 });
	expect(writes).toBe(2);
	expect(readTableNote()?.moves).toBe(4);
});
