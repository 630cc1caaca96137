/**
 * The tablet's own cost of a move in pass-and-play and on the console without phones (issue 19),
 * as the game grows: a game on a generated 40x40 plan with six seats opened at 500 and 8,000
 * commands (`keep`, every seat's view made once, as the screens open), then each next command
 * taken as `LocalGame.submit` takes it (the engine, the record and the events grown; the store's
 * write is the store bench's) and what the screens read after it: the view of the seat to move
 * (the holder's screen, the console's composer) and the last 40 lines of what all heard (the
 * curtain's feed).
 * - play.move_us_<n>: the median of those moves, in microseconds; play.move_ratio_8000_500.
 */
import { apply, currentSeat } from '../src/lib/engine/game/apply';
import { rejected } from '../src/lib/engine/game/game';
import { grown, keep, keptView, type KeptGame } from '../src/lib/play/kept-game';
import { longGame } from './host.bench';

const SIZES = [500, 8000];
const TIMED = 300;
const FEED_LINES = 40;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** What a screen reads after a move; returns something of it so none of it is skipped. */
function screens(kept: KeptGame): number {
	const seat = currentSeat(kept.state);
	const view = seat === null ? null : keptView(kept, seat);
	const heard = kept.events.heardByAllRange();
	let lines = 0;
	for (let i = heard.length - 1; i >= 0 && lines < FEED_LINES; i--) if (heard.at(i)!.type !== 'turn') lines++;
	return (view?.events.length ?? 0) + lines;
}

export default async () => {
	const { game, log } = longGame(Math.max(...SIZES) + TIMED);
	const rows: { name: string; value: number; unit: string }[] = [];
	const perMove = new Map<number, number>();
	let sink = 0;
	// Three rounds, the median of each size's medians: the machine is shared.
	const rounds = new Map<number, number[]>(SIZES.map((size) => [size, []]));
	for (let round = 0; round < 3; round++)
		for (const size of SIZES) {
			let kept = keep({ ...game, log: log.slice(0, size) });
			for (let seat = 0; seat < game.seats; seat++) sink += keptView(kept, seat).events.length;
			const times: number[] = [];
			for (let i = size; i < size + TIMED; i++) {
				const command = log[i]!;
				const start = performance.now();
				const applied = apply(kept.state, command);
				if (rejected(applied)) throw new Error(`refused at ${i}`);
				kept = grown(kept, command, applied);
				sink += screens(kept);
				times.push((performance.now() - start) * 1000);
			}
			rounds.get(size)!.push(median(times));
		}
	for (const size of SIZES) {
		const us = median(rounds.get(size)!);
		perMove.set(size, us);
		console.error(`play bench: ${size} commands, ${us.toFixed(1)} µs a move`);
		rows.push({ name: `play.move_us_${size}`, value: Math.round(us * 10) / 10, unit: 'µs' });
	}
	rows.push({ name: 'play.move_ratio_8000_500', value: Math.round((perMove.get(8000)! / perMove.get(500)!) * 100) / 100, unit: '×' });
	if (sink < 0) console.error(sink);
	return rows;
};
