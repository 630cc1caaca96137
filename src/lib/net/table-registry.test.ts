// Issue 29: which table the tablet goes back to, what a stored table it cannot open looks like,
// and a table closed for a new one telling its phones so.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { LabyrinthDatabase } from '../store/db';
import { GameStore } from '../store/games';
import { HostSession } from './host';
import { deleteStoredTable, findOpenTable, markTableClosed, tableProblem, TABLE_SCHEMA } from './table-registry';
import { MemoryTable, newGame, onFakeClock, settled, until } from './testing';
import type { TableRecord } from '../store/records';

let db: LabyrinthDatabase | null = null;
afterEach(async () => {
	await db?.delete();
	db = null;
});

const table = (room: string, updatedAt: number, extra: Partial<TableRecord> = {}): TableRecord => ({ ...HostSession.newTable(room, 4, 1), updatedAt, ...extra });

describe('the table the tablet goes back to', () => {
	test('the newest table neither closed nor over; none when every table is closed or its game finished', async () => {
		db = new LabyrinthDatabase(`reg-${Math.random()}`);
		const games = new GameStore(db);
		await games.restore({ id: 'over', mode: 'host', names: ['', ''], game: newGame(2), createdAt: 1, updatedAt: 1, finished: 1 });
		await games.restore({ id: 'going', mode: 'host', names: ['', ''], game: newGame(2), createdAt: 1, updatedAt: 1, finished: 0 });
		await db.hostTables.bulkPut([
			table('AAAAAAAAAAAA', 10, { gameId: 'going' }),
			table('BBBBBBBBBBBB', 20),
			table('CCCCCCCCCCCC', 30, { gameId: 'over' }),
			table('DDDDDDDDDDDD', 40, { closedAt: 41 })
		]);
		expect(await findOpenTable(db)).toEqual({ table: expect.objectContaining({ room: 'BBBBBBBBBBBB' }) });
		await markTableClosed(db, 'BBBBBBBBBBBB');
		expect(await findOpenTable(db)).toEqual({ table: expect.objectContaining({ room: 'AAAAAAAAAAAA' }) });
		await markTableClosed(db, 'AAAAAAAAAAAA');
		expect(await findOpenTable(db)).toBeNull();
	});

	test('a damaged or newer table met first is shown as such (never passed over for a new one), and goes only when deleted', async () => {
		db = new LabyrinthDatabase(`reg-${Math.random()}`);
		await db.hostTables.bulkPut([table('AAAAAAAAAAAA', 10), table('BBBBBBBBBBBB', 20, { schema: TABLE_SCHEMA + 1 })]);
		const found = await findOpenTable(db);
		expect(found).toEqual({ damaged: expect.objectContaining({ key: 'BBBBBBBBBBBB', problem: 'newer' }) });
		await deleteStoredTable(db, 'BBBBBBBBBBBB');
		expect(await findOpenTable(db)).toEqual({ table: expect.objectContaining({ room: 'AAAAAAAAAAAA' }) });

		await db.hostTables.put({ ...table('CCCCCCCCCCCC', 30), seats: 'nope' } as unknown as TableRecord);
		expect(await findOpenTable(db)).toEqual({ damaged: expect.objectContaining({ key: 'CCCCCCCCCCCC', problem: 'damaged', detail: 'seats' }) });
		await deleteStoredTable(db, 'CCCCCCCCCCCC');
		expect((await db.hostTables.toArray()).map((t) => t.room)).toEqual(['AAAAAAAAAAAA']);
	});

	test('a table this version writes is never called damaged; any field broken is (property)', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 12 }), fc.array(fc.string(), { maxLength: 6 }), (capacity, names) => {
				const record = { ...HostSession.newTable('7K3Q9ZPMX2AB', capacity), seats: names.map((name) => ({ name, key: 'k', lastCmd: 0, lastResult: null })) };
				expect(tableProblem(record)).toBeNull();
				for (const [field, bad] of [
					['room', 'not a code'],
					['seats', [{ name: 1 }]],
					['capacity', 0],
					['gameId', 5],
					['updatedAt', 'x']
				] as const)
					expect(tableProblem({ ...record, [field]: bad })).toMatchObject({ problem: 'damaged' });
			})
		);
		for (const junk of [null, 5, 'x', []]) expect(tableProblem(junk)).toMatchObject({ problem: 'damaged' });
	});
});

describe('a table on the fake clock', () => {
	onFakeClock();
	test('a table closed for a new one tells its phones so: each ends its attempt with `closed`, its seat kept', async () => {
		const t = new MemoryTable();
		await t.openHost();
		await t.joinPhones(2);
		await settled(t.host.closeForGood(20));
		await until(() => t.phones.every((p) => p.status === 'refused'), 3000, 'phones told');
		expect(t.phones.map((p) => p.refusal)).toEqual(['closed', 'closed']);
		expect(t.phones.map((p) => p.seat)).toEqual([0, 1]);
		t.close();
	});
});
