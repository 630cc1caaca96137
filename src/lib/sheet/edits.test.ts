import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { SheetData } from '../store/records';
import { SheetEdits } from './edits.svelte';
import { mark, newSheet } from './sheet';

const blank = () => newSheet(4, 3, Array(12).fill(true));

/** The saver's backoff never fires by itself: a retry here is the player's tap (`retry`). */
const NO_BACKOFF = { set: () => null, clear: () => {} };

/** Edits whose writes are kept, in order (a write may be made to fail). */
function editing() {
	const written: SheetData[] = [];
	const disk = { full: false };
	const edits = new SheetEdits(blank(), async (data) => {
		if (disk.full) throw new DOMException('full', 'QuotaExceededError');
		written.push(data);
	}, NO_BACKOFF);
	return { edits, written, disk };
}

/** Lets the writes of the saver (promises, no clock) run. */
const writes = async () => {
	for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('the sheet being edited', () => {
	test('property: undo and redo walk the changes as a stack, a change forgets what was undone, and what may be undone or redone is said', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(fc.oneof(fc.nat(11).map((cell) => ({ op: 'change' as const, cell })), fc.constant({ op: 'undo' as const }), fc.constant({ op: 'redo' as const })), { maxLength: 30 }), async (ops) => {
				const { edits, written } = editing();
				// The model: the sheets one may go back to, and forward to.
				let now = edits.sheet;
				const back: SheetData[] = [];
				let forward: SheetData[] = [];
				for (const o of ops) {
					if (o.op === 'change') {
						const next = mark(now, 0, 20 + o.cell, { t: 'question' });
						edits.change(next);
						back.push(now);
						forward = [];
						now = next;
					} else if (o.op === 'undo' && back.length > 0) {
						forward.push(now);
						now = back.pop()!;
						edits.undo();
					} else if (o.op === 'redo' && forward.length > 0) {
						back.push(now);
						now = forward.pop()!;
						edits.redo();
					} else if (o.op === 'undo') edits.undo();
					else edits.redo();
					expect(edits.sheet).toEqual(now);
					expect(edits.canUndo).toBe(back.length > 0);
					expect(edits.canRedo).toBe(forward.length > 0);
				}
				await writes();
				// Whatever is shown is what is on the device (nothing written when nothing changed).
				if (written.length > 0) expect(written.at(-1)).toEqual(now);
				else expect(now).toEqual(blank());
			}),
			{ numRuns: 40 }
		);
	});

	test('the same sheet again is no change: nothing to undo, nothing written', async () => {
		const { edits, written } = editing();
		edits.change(edits.sheet);
		await writes();
		expect(edits.canUndo).toBe(false);
		expect(written).toEqual([]);
	});

	test('the sheet kept on the device is taken when it fits the contour; one made before the sheet was first opened is not', () => {
		const kept = mark(blank(), 0, 21, { t: 'question' });
		const { edits } = editing();
		expect(edits.loaded).toBe(false);
		edits.load(kept);
		expect(edits.sheet).toEqual(kept);
		expect(edits.loaded).toBe(true);
		const other = editing().edits;
		other.load({ ...kept, width: 9 });
		expect(other.sheet).toEqual(blank());
		expect(other.loaded).toBe(true);
		const none = editing().edits;
		none.load(undefined);
		expect(none.loaded).toBe(true);
	});

	test('a refused write keeps the sheet on screen and says why; tried again once the device takes it, the sheet as it is now is written', async () => {
		const { edits, written, disk } = editing();
		disk.full = true;
		const first = mark(blank(), 0, 21, { t: 'question' });
		edits.change(first);
		await writes();
		expect(edits.sheet).toEqual(first);
		expect(edits.saveStatus).toMatchObject({ state: 'failed', problem: 'quota' });
		const second = mark(first, 0, 22, { t: 'question' });
		edits.change(second);
		await writes();
		expect(edits.saveStatus.state).toBe('failed');
		disk.full = false;
		edits.retry();
		await writes();
		expect(edits.saveStatus).toEqual({ state: 'saved' });
		expect(written.at(-1)).toEqual(second);
	});
});
