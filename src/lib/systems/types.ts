/**
 * A rule system's face outside the engine: what the editor offers for its plans, what the
 * play screens show and accept. One plain, engine-free object per system (`classic.ts`,
 * `topographic.ts`, `abandoned.ts`, `duel.ts`), chosen by one exhaustive switch
 * (`systemFace` in index.ts), as chessops keeps its board adapter in `compat.ts`. Only types
 * are imported here, and a face takes from the engine only its system's descriptor (plain data,
 * `engine/rules/<id>/kinds.ts`, where its kinds are): the phone's composer and status read a
 * face, and the rules stay off the phone's download.
 */
import type { GameSettings } from '../engine/game/settings';
import type { CellKind, RuleSystemId } from '../engine/plan/types';

/** The editor's tools (editor.ts works them; a face lists the ones its plans are drawn with). */
export const TOOLS = ['paint', 'walls', 'river', 'loop', 'portal', 'treasure', 'item', 'creature', 'shape', 'eraser', 'inspect'] as const;
export type ToolId = (typeof TOOLS)[number];
/** What the paint tool lays down: any kind but the river (rivers are drawn by their own tool: they need a flow). */
export type PaintableKind = Exclude<CellKind, 'river'>;

/** Which parts of the move composer a system offers (its `runMove` refuses the rest). */
export interface ComposerControls {
	/** "Stay" (a movement of its own, classic 2.2). */
	skip: boolean;
	/** Moving by the river's flow and along a pit loop (classic 4.4, 4.5). */
	flowLoop: boolean;
	/** Shooting a direction with the bullets (cartridges in topographic) of `me.bullets`. */
	shoot: boolean;
	/** At most this many shots before and after the movement each (topographic: one each; Infinity: no limit). */
	shotsEachSide: number;
	grenade: boolean;
	/** Leaving and throwing items, laying landmines (classic 5.2, 5.7). */
	items: boolean;
	/** Taking a treasure from the own cell (classic 3.3, the duel). */
	take: boolean;
	/** Conditional parts (6.5), when the setting is on. */
	conditions: boolean;
	/** Dark and semi-dark moves, "do not pick up" (6.7, 6.8, 5.1). */
	options: boolean;
	/** Using the held item: the rusty bullet towards a direction, the first aid kit, junk (abandoned 3.1). */
	held: boolean;
	/** Attacking an adventurer on the same tile (abandoned 3.2, 5). */
	attack: boolean;
}

/** What a player's status line tells: the classic standing, topographic cartridges, the abandoned survivor's lot. */
export type StatusKind = 'standing' | 'cartridges' | 'survivor';

export interface SystemFace {
	readonly id: RuleSystemId;

	// --- the editor ---------------------------------------------------------------------
	/** The tools its plans are drawn with: only what its plans hold. */
	readonly tools: readonly ToolId[];
	/** The kinds the paint tool lays down: the descriptor's kinds less the river (rivers have their tool). */
	readonly paints: readonly PaintableKind[];
	/** Its exits can be closed (the classic game's); elsewhere an exit is a gap, always open. */
	readonly closedExits: boolean;
	/** Where a drawn river ends: a delta (classic 4.4), a swamp (topographic 1.3), on against the wall (abandoned, seed 002). */
	readonly riverEnd: 'delta' | 'swamp' | 'wall';
	/** Its treasures: true and fake ones (classic, duel), the one true treasure (topographic), piles all true (abandoned). */
	readonly treasures: 'true_and_fake' | 'one_true' | 'piles';
	/** Pits and pit exits carry numbers (the duel, seeds 001/004 2d). */
	readonly numberedPits: boolean;
	/** The plan places the bear and draws the ghost's path (topographic, seed 003 2). */
	readonly creatures: boolean;
	/** Its own cells' signs on the board (the classic kinds have drawn glyphs, the board's own). */
	readonly kindSigns: Readonly<Partial<Record<PaintableKind, string>>>;
	/** The generator draws a field of the chosen size and shape, or the seed's own fixed field. */
	readonly generator: 'sized' | 'fixed';

	// --- play ---------------------------------------------------------------------------
	/** Played at a table (one device, or the master's console), or on the duel's own screen. */
	readonly screen: 'table' | 'duel';
	/** Plans a game takes: one the master drew, or one from each player (the duel). */
	readonly plans: 1 | 2;
	/** The composer's controls under the game's settings. */
	composer(settings: Pick<GameSettings, 'banSkip' | 'conditionalMoves'>): ComposerControls;
	/** The composer offers what the player heard he found where he stands (classic 5.2, 5.8). */
	readonly foundHere: boolean;
	/** A shot after the step is offered with no cartridge in hand: one may be found on the way (topographic's arsenal). */
	readonly shootOnTheWay: boolean;
	/** What the composer calls the shots in hand: bullets, or cartridges (topographic). */
	readonly ammo: 'bullets' | 'cartridges';
	readonly status: StatusKind;
	/** A player may reorder (6.2): the status tells how many reorders are left. */
	readonly reorders: boolean;
	/** The master counts the n-stop and grants breaks and time-outs (classic 6.6, 6.9). */
	readonly masterClock: boolean;
	/** What the master's map marks besides the plan: the creatures, the portals' sets. */
	readonly signs: { readonly creatures: boolean; readonly portals: boolean };
	/** A player's steps are told with their direction, so the sheet follows the others by it (false: spinners turn them). */
	readonly steered: boolean;
}
