/**
 * The assistant fed from what a phone has: its feed (the events its seat was told, in order)
 * and its own commands, each with the length the feed had when it was sent. The events after
 * that point that concern the player, up to the next turn, are the answer to the command.
 */
import type { Command, GameEvent, Seat } from '../engine/game/types';
import { Assistant, type AssistantOptions, type Contour } from './assistant';

export interface OwnCommand {
	command: Command;
	at: number;
}

const FOLLOWED = new Set<Command['type']>(['move', 'choose_start', 'order_cell']);

export function runAssistant(contour: Contour, seat: Seat, options: AssistantOptions, own: readonly OwnCommand[], events: readonly GameEvent[]): Assistant {
	const assistant = new Assistant(contour, seat, options);
	// Questions (status, recall) change nothing the assistant follows.
	const queue = own.filter((o) => FOLLOWED.has(o.command.type)).sort((a, b) => a.at - b.at);
	let i = 0;
	while (i < events.length || queue.length) {
		const next = queue[0];
		if (next && next.at <= i) {
			queue.shift();
			const answer: GameEvent[] = [];
			// The answer runs to the next turn, or to where the player's next command was sent.
			const stop = queue[0]?.at ?? Infinity;
			while (i < events.length && i < stop && events[i]!.type !== 'turn') answer.push(events[i++]!);
			// Start choices and cell orders are answered without a turn after them: take what concerns them.
			assistant.observeOwn(next.command, answer);
			continue;
		}
		if (i >= events.length) break;
		assistant.observeOther([events[i++]!]);
	}
	return assistant;
}

/**
 * Which of the player's own moves an entry of the feed answered (1 for the first move, as the
 * assistant counts them in its reasons), or null: not an answer to this player's own move.
 */
export function ownMoveOf(own: readonly OwnCommand[], events: readonly GameEvent[], seat: Seat, entry: number): number | null {
	const e = events[entry];
	if (!e || e.type === 'turn' || !('seat' in e) || e.seat !== seat) return null;
	const moves = own.filter((o) => o.command.type === 'move').sort((a, b) => a.at - b.at);
	let found: number | null = null;
	for (const [i, o] of moves.entries()) if (o.at <= entry) found = i + 1;
	if (found === null) return null;
	// The answer runs to the next turn: an entry after it belongs to no move of this player's.
	for (let i = moves[found - 1]!.at; i < entry; i++) if (events[i]!.type === 'turn') return null;
	return found;
}
