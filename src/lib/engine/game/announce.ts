/**
 * The move as said aloud (seed 000 1.2, 2.1, 6.2): every player hears the whole request before
 * the master answers — a dark or semi-dark move's too, only its result is withheld (6.7, 6.8).
 * What is announced is what the player could say: the actions with their directions, items,
 * targets and conditions, nothing else a command may carry.
 */
import type { Action, Command, PublicMove, SaidMove } from './types';

/** One action with only the words a player says for it. */
export function sayable(a: Action): Action {
	switch (a.a) {
		case 'go':
			return { a: 'go', dir: a.dir };
		case 'flow':
		case 'loop':
		case 'skip':
			return { a: a.a };
		case 'shoot':
			return a.target === undefined ? { a: 'shoot', dir: a.dir } : { a: 'shoot', dir: a.dir, target: a.target };
		case 'grenade':
			return { a: 'grenade', dir: a.dir };
		case 'leave':
			return a.dir === undefined ? { a: 'leave', item: a.item } : { a: 'leave', item: a.item, dir: a.dir };
		case 'mine':
			return a.dir === undefined ? { a: 'mine' } : { a: 'mine', dir: a.dir };
		case 'take':
			return { a: 'take', index: a.index };
		case 'if':
			return { a: 'if', cond: a.cond, then: a.then.map(sayable) };
		case 'use':
			return a.dir === undefined ? { a: 'use', item: a.item } : { a: 'use', item: a.item, dir: a.dir };
		case 'attack':
			return a.bullet ? { a: 'attack', target: a.target, bullet: true } : { a: 'attack', target: a.target };
		case 'enter':
			return { a: 'enter', cell: a.cell, dir: a.dir };
	}
}

/** Whether the action is nothing but its words (`sayable` gives the same keys and values): it is said as it is. */
function saidAsIs(a: Action): boolean {
	// Every move says its movement: the common kinds, whose words are their own keys, are checked
	// without making the words.
	switch (a.a) {
		case 'go':
		case 'grenade':
		case 'shoot': // without a target
			if (directedKeys(a) === 2) return true;
			break;
		case 'mine': // its words name no direction when it has none
			if ((a.dir !== undefined && directedKeys(a) === 2) || bareKeys(a) === 1) return true;
			break;
		case 'flow':
		case 'loop':
		case 'skip':
			if (bareKeys(a) === 1) return true;
			break;
		case 'if': // its words are its condition and its actions, each said as it is
			if (conditionKeys(a) === 3 && allSaidAsIs(a.then)) return true;
			break;
	}
	return saidAsIsByWords(a);
}

// Each shape counts its keys in a function of its own: a `for…in` that meets one shape of object
// stays fast, one that meets every kind of action is several times slower.
/** How many keys the action has, when they are only `a` and `dir` (−1: another one). */
function directedKeys(a: object): number {
	let keys = 0;
	for (const key in a) {
		if (key !== 'a' && key !== 'dir') return -1;
		keys++;
	}
	return keys;
}
/** How many keys the action has, when they are only `a`, `cond` and `then` (−1: another one). */
function conditionKeys(a: object): number {
	let keys = 0;
	for (const key in a) {
		if (key !== 'a' && key !== 'cond' && key !== 'then') return -1;
		keys++;
	}
	return keys;
}
/** How many keys the action has, when it is only `a` (−1: another one). */
function bareKeys(a: object): number {
	let keys = 0;
	for (const key in a) {
		if (key !== 'a') return -1;
		keys++;
	}
	return keys;
}

/** `actions.every(saidAsIs)` without a callback per action (every move is said); a hole is skipped, as `every` skips it. */
function allSaidAsIs(actions: readonly Action[]): boolean {
	for (let i = 0; i < actions.length; i++) {
		const a = actions[i]!;
		if ((a !== undefined || i in actions) && !saidAsIs(a)) return false;
	}
	return true;
}

/** `saidAsIs`, by making the words and comparing. */
function saidAsIsByWords(a: Action): boolean {
	const words = sayable(a) as Record<string, unknown>;
	const own = a as Record<string, unknown>;
	let keys = 0;
	for (const key in own) {
		keys++;
		const same = key === 'then' && a.a === 'if' ? a.then.every(saidAsIs) : words[key] === own[key];
		if (!same) return false;
	}
	return keys === Object.keys(words).length;
}

/**
 * The move a (well-formed, accepted) move command announces. A command is not changed once
 * given, so actions that are their own words are shared with it rather than copied (a long game
 * keeps every announcement).
 */
export function saidMove(cmd: Extract<Command, { type: 'move' }>, same?: PublicMove | null): SaidMove {
	const actions = allSaidAsIs(cmd.actions) ? cmd.actions : cmd.actions.map(sayable);
	const dark = cmd.dark === true;
	const semiDark = cmd.semiDark === true;
	// `same`: a move already made of these words (the mover's `lastMove`, just recorded) is shared, not copied.
	// (An ordered cell's record has no `actions`: read as undefined, never these; no `in` test per move.)
	const said = same as SaidMove | null | undefined;
	// 6.2 "specifies his request in full": what he asked of the answer is said too (5.1, 4.3).
	const noPickup = cmd.noPickup === true;
	const noRestock = cmd.noRestock === true;
	if (said && said.actions === actions && said.dark === dark && said.semiDark === semiDark && (said.noPickup === true) === noPickup && (said.noRestock === true) === noRestock)
		return said;
	if (!noPickup && !noRestock) return { actions, dark, semiDark };
	return { actions, dark, semiDark, ...(noPickup ? { noPickup } : {}), ...(noRestock ? { noRestock } : {}) };
}
