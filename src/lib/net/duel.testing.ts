/**
 * Test helpers of the duel: a walker who knows the plan (the tests are omniscient, the phones
 * never are), heading for the true treasure, taking it, and leaving by the nearest exit; two
 * devices played by the owner's and the walker's rules with no link between them.
 */
import { DIR_INDEX } from '../engine/game/board';
import { SIDE_OPEN, SIDE_OPEN_EXIT, type Action, type GameState } from '../engine/game/types';
import { CELL_KINDS, DIRECTIONS, type Direction, type Plan } from '../engine/plan/types';
import { generateDuel } from '../engine/rules/duel/generate';
import type { DuelDevice, Player } from '../engine/rules/duel/match';
import type { DuelRecord } from '../store/records';
import { deviceOf, newDuelRecord } from './duel-record';
import { theirMove, theirStart, type Ruling } from './duel-owner';
import { commandRefused, moveAnswered, startAnswered } from './duel-walker';

const PIT = CELL_KINDS.indexOf('pit');

/** The test knows both plans: the walker's next action toward the true treasure, then out. */
export function nextAction(h: GameState): Action {
	const me = h.players[0]!;
	const carrying = me.carry?.k === 'treasure' && me.carry.id === h.trueTreasure;
	const trueHere = (c: number) => h.items[c]!.some((it) => it.k === 'treasure' && (it as { id: number }).id === h.trueTreasure);
	if (!carrying && trueHere(me.cell)) return { a: 'take', index: 0 };
	const goal = (c: number): Direction | null | true => {
		if (!carrying) return trueHere(c) ? true : null;
		return DIRECTIONS.find((d) => h.sides[c * 4 + DIR_INDEX[d]] === SIDE_OPEN_EXIT) ?? null;
	};
	for (const avoidPits of [true, false]) {
		const first = new Map<number, Direction | null>([[me.cell, null]]);
		const queue = [me.cell];
		while (queue.length) {
			const c = queue.shift()!;
			const g = goal(c);
			if (g !== null) {
				const dir = c === me.cell ? (g as Direction) : first.get(c)!;
				return { a: 'go', dir };
			}
			for (const d of DIRECTIONS) {
				if (h.sides[c * 4 + DIR_INDEX[d]] !== SIDE_OPEN) continue;
				const n = h.board.nb[c * 4 + DIR_INDEX[d]]!;
				if (n < 0 || first.has(n) || (avoidPits && h.board.kind[n] === PIT)) continue;
				first.set(n, first.get(c) ?? d);
				queue.push(n);
			}
		}
	}
	return { a: 'go', dir: 'up' };
}


/** A land cell of `plan` with nothing lying on it: a start that changes nothing. */
export const emptyCell = (plan: Plan) => plan.cells.findIndex((c, i) => c?.kind === 'land' && !plan.items.some((it) => it.cell === i));

/** Two devices' records and halves, played by the roles' own rules with no link between them (duel-owner.ts, duel-walker.ts). */
export interface Devices {
	records: [DuelRecord, DuelRecord];
	devices: [DuelDevice, DuelDevice];
}

/** A duel of `seed` set up on both devices (the settings and the seed known to both), neither start chosen. */
export function twoDevices(seed: number): Devices {
	const plans = [generateDuel(seed), generateDuel(seed + 1000)] as const;
	const records = ([0, 1] as const).map((me) => ({
		...newDuelRecord({ id: 'DUELAB', role: me === 0 ? 'opener' : 'joiner', name: `P${me}`, plan: plans[me], now: 0 }),
		settings: {},
		seed: `s${seed}`
	})) as [DuelRecord, DuelRecord];
	return { records, devices: [deviceOf(records[0])!, deviceOf(records[1])!] };
}

/**
 * `walker`'s command carried to the other device's owner and its ruling back, as the session
 * does it (kept, then refereed, kept, then answered): the devices after, and the ruling.
 */
export function exchange(d: Devices, walker: Player, command: { start: number } | { actions: Action[] }): { after: Devices; ruling: Ruling | { do: 'early' } } {
	const owner = (1 - walker) as Player;
	const records = d.records.slice() as Devices['records'];
	const devices = d.devices.slice() as Devices['devices'];
	const n = records[walker].exchanges.length;
	records[walker] = 'start' in command ? { ...records[walker], myStart: { cell: command.start, reply: null } } : { ...records[walker], pending: { n, actions: command.actions } };
	const ruling = 'start' in command ? theirStart(records[owner], devices[owner], command.start) : theirMove(records[owner], devices[owner], n, command.actions);
	if (ruling.do === 'accept') {
		records[owner] = ruling.record;
		devices[owner] = ruling.device;
		const answered = 'start' in command ? startAnswered(records[walker], devices[walker], ruling.reply) : moveAnswered(records[walker], devices[walker], n, ruling.reply);
		if (!answered?.device) throw new Error('an answer not awaited');
		records[walker] = answered.record;
		devices[walker] = answered.device;
	} else if (ruling.do === 'refuse') {
		const withdrawn = commandRefused(records[walker], 'start' in command ? 'start' : 'move', n);
		if (!withdrawn) throw new Error('a refusal not awaited');
		records[walker] = withdrawn.record;
	}
	return { after: { records, devices }, ruling };
}
