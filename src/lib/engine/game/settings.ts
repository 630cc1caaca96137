/**
 * Game settings: every option of seed 000 section 7 and the numbers the master
 * announces (8.6), with the seed's defaults. The `SETTINGS` table drives both
 * validation and the host UI (`setting_<id>` / `setting_<id>_help` i18n keys).
 */
import type { Plan } from '../plan/types';
import { type Result, ok, err } from '../result';

/**
 * `section` is seed 000's section for the classic settings. Settings of another rule
 * system name their seed in `seed` and a section of that system's text in docs/rules.md
 * (heading number, then bullet).
 */
type BoolSpec = { readonly kind: 'boolean'; readonly default: boolean; readonly section: string; readonly seed?: string };
type IntSpec = {
	readonly kind: 'integer';
	readonly min: number;
	readonly max: number;
	/** `null` default means "derived from the plan/players" (see `defaultSettings`). */
	readonly default: number | null;
	/** When true, `null` is a legal value meaning "unlimited". */
	readonly nullable: boolean;
	readonly section: string;
	readonly seed?: string;
};
type ChoiceSpec = {
	readonly kind: 'choice';
	readonly options: readonly string[];
	readonly default: string;
	readonly section: string;
	readonly seed?: string;
};
export type SettingSpec = BoolSpec | IntSpec | ChoiceSpec;

export const SETTINGS = {
	/** 7.1 play with landmines; 5.3 each player starts with `landminesPerPlayer`. */
	landmines: { kind: 'boolean', default: true, section: '7.1' },
	landminesPerPlayer: { kind: 'integer', min: 0, max: 1, default: 1, nullable: false, section: '5.3' },
	/** 7.1 encephalitis cells act (off: they behave as land). */
	encephalitis: { kind: 'boolean', default: true, section: '7.1' },
	conditionalMoves: { kind: 'boolean', default: true, section: '7.1' },
	darkMoves: { kind: 'boolean', default: true, section: '7.1' },
	semiDarkMoves: { kind: 'boolean', default: true, section: '7.1' },
	throwing: { kind: 'boolean', default: true, section: '7.1' },
	mineOnNeighbour: { kind: 'boolean', default: true, section: '7.1' },
	/** 7.3 shooting range in cells beyond the shooter's own (null: unlimited). */
	shootingRange: { kind: 'integer', min: 1, max: 100, default: null, nullable: true, section: '7.3' },
	dampPowder: { kind: 'boolean', default: false, section: '7.3' },
	shootThroughBuildings: { kind: 'boolean', default: false, section: '7.3' },
	namedTarget: { kind: 'boolean', default: false, section: '7.3' },
	rivers: { kind: 'choice', options: ['normal', 'shallow', 'turbulent'], default: 'normal', section: '7.4' },
	noReorderAfterMine: { kind: 'boolean', default: false, section: '7.5' },
	commonStart: { kind: 'boolean', default: false, section: '7.6' },
	banSkip: { kind: 'boolean', default: false, section: '7.7' },
	banRepeat: { kind: 'boolean', default: false, section: '7.7' },
	/** 7.8: 'silent' says nothing about a grenade; 'tell' says whether a wall was blown / stood / was not there. */
	grenadeWording: { kind: 'choice', options: ['silent', 'tell'], default: 'silent', section: '7.8' },
	/** 7.9 the last survivor has K moves to carry out the true treasure (null: wins at once, 3.5). */
	lastSurvivorMoves: { kind: 'integer', min: 1, max: 1000, default: null, nullable: true, section: '7.9' },
	/** 3.6 / 8.6 rounds with no irreversible change before a draw (default: number of cells). */
	nStop: { kind: 'integer', min: 1, max: 100000, default: null, nullable: false, section: '3.6' },
	/** 4.7 / 8.6 successful moves an infected player has to reach a hospital (null: unlimited). */
	movesToHeal: { kind: 'integer', min: 1, max: 1000, default: 10, nullable: true, section: '4.7' },
	/** 5.5 cell re-orders per player (default N−1, N = number of players). */
	reorders: { kind: 'integer', min: 0, max: 100, default: null, nullable: false, section: '5.5' },
	/** 7.2 extra cell orders every player may use without being wounded (handicap). */
	handicapOrders: { kind: 'integer', min: 0, max: 100, default: 0, nullable: false, section: '7.2' },
	/** 7.2 cells whose kind every player may ask the master before choosing a start (handicap). */
	handicapQuestions: { kind: 'integer', min: 0, max: 100, default: 0, nullable: false, section: '7.2' },
	/** Rulings 2: an open exit refuses a player carrying no treasure ("found an exit"). */
	exitRefusesWithoutTreasure: { kind: 'boolean', default: false, section: '3.4' },
	/** 9: length of a thinking break in minutes (the host's timer). */
	breakMinutes: { kind: 'integer', min: 1, max: 60, default: 5, nullable: false, section: '9' },
	/** 9: seconds a timed player has to make his move before he loses (the host's timer). */
	moveTimeLimit: { kind: 'integer', min: 10, max: 3600, default: 60, nullable: false, section: '9' },
	maxBullets: { kind: 'integer', min: 0, max: 99, default: 3, nullable: false, section: '5.1' },
	maxGrenades: { kind: 'integer', min: 0, max: 99, default: 3, nullable: false, section: '5.1' },
	// ---- topographic (seed 003; sections are the seed's own paragraphs, see docs/rules.md)
	/** 003 river: cells a river carries a player downstream (or to the swamp if nearer). */
	riverCarry: { kind: 'integer', min: 1, max: 20, default: 3, nullable: false, section: '1.3', seed: '003' },
	/** 003 crocodile: full turns a shot crocodile sleeps. */
	crocodileSleep: { kind: 'integer', min: 1, max: 20, default: 3, nullable: false, section: '1.6', seed: '003' },
	/** 003 start: the app places every player on a random land or spinner cell (off: players choose, the master may move them). */
	randomStart: { kind: 'boolean', default: true, section: '3', seed: '003' },
	/** 003 spinner: the broken compass turns shots too, not only steps. */
	spinnerTurnsShots: { kind: 'boolean', default: true, section: '1.2', seed: '003' },
	/** 003 extra rule: a wall hit leaves the player on his cell and it acts again (arsenal, treasure); the swamp, pit and river do not. */
	wallCellActsAgain: { kind: 'boolean', default: true, section: '1', seed: '003' },
	// ---- abandoned (seed 002)
	/** 002 first aid kit: using it costs the next turn ("sacrifice one turn") instead of healing instantly. */
	firstAidCostsTurn: { kind: 'boolean', default: false, section: '3.1', seed: '002' },
	/** 002 river: the tile the river pushes one onto acts and is told (off: as the original program, only the flush). */
	riverLandingActs: { kind: 'boolean', default: true, section: '3.3', seed: '002' },
	// ---- duel (seeds 001/004)
	/** 001 play: an outer wall is told apart from an inner one. */
	duelOuterWallsTold: { kind: 'boolean', default: true, section: '3.2', seed: '001' },
	/** 001 exits: a grenade breaks an outer wall too (off: it is spent, the wall stands). */
	duelGrenadesBreakOuter: { kind: 'boolean', default: true, section: '3.5', seed: '001' },
	/** 001 re-entry: a player outside may come back through any exit (off: only the one he left by). */
	duelReentryAnyExit: { kind: 'boolean', default: false, section: '3.9', seed: '001' }
} as const satisfies Record<string, SettingSpec>;

export type SettingId = keyof typeof SETTINGS;
export const SETTING_IDS = Object.keys(SETTINGS) as SettingId[];

/** Settings of the other rule systems (duel, topographic, abandoned): not the classic game's. */
export const TOPOGRAPHIC_SETTING_IDS = ['randomStart', 'riverCarry', 'crocodileSleep', 'spinnerTurnsShots', 'wallCellActsAgain'] as const satisfies readonly SettingId[];
export const ABANDONED_SETTING_IDS = ['firstAidCostsTurn', 'riverLandingActs'] as const satisfies readonly SettingId[];
export const DUEL_SETTING_IDS = ['duelOuterWallsTold', 'duelGrenadesBreakOuter', 'duelReentryAnyExit', 'grenadeWording'] as const satisfies readonly SettingId[];
const NOT_CLASSIC: ReadonlySet<string> = new Set([...TOPOGRAPHIC_SETTING_IDS, ...ABANDONED_SETTING_IDS, 'duelOuterWallsTold', 'duelGrenadesBreakOuter', 'duelReentryAnyExit']);
/** The classic game's settings (seed 000). */
export const CLASSIC_SETTING_IDS: readonly SettingId[] = SETTING_IDS.filter((id) => !NOT_CLASSIC.has(id));

type ValueOf<S> = S extends { kind: 'boolean' }
	? boolean
	: S extends { kind: 'integer'; nullable: true }
		? number | null
		: S extends { kind: 'integer' }
			? number
			: S extends { kind: 'choice'; options: readonly (infer O)[] }
				? O
				: never;

export type GameSettings = { -readonly [K in SettingId]: ValueOf<(typeof SETTINGS)[K]> };

export function countCells(plan: Pick<Plan, 'cells'>): number {
	let n = 0;
	for (const c of plan.cells) if (c) n++;
	return n;
}

/** The seed's defaults for this plan and number of players. */
export function defaultSettings(plan: Pick<Plan, 'cells'>, players: number): GameSettings {
	// Made whole at once, not a key at a time: an object given this many keys one by one is kept as a
	// hash table, and the engine reads its settings on every move (a table lookup each time).
	const out: Record<string, unknown> = Object.fromEntries(SETTING_IDS.map((id) => [id, SETTINGS[id].default]));
	out.nStop = Math.max(1, countCells(plan));
	out.reorders = Math.max(0, players - 1);
	return out as GameSettings;
}

export type SettingsError = { code: 'setting_unknown' | 'setting_invalid'; setting: string };

/** Fill missing settings with defaults and check every value; unknown keys are errors. */
export function resolveSettings(
	plan: Pick<Plan, 'cells'>,
	players: number,
	partial: unknown
): Result<GameSettings, SettingsError[]> {
	const base = defaultSettings(plan, players) as Record<string, unknown>;
	if (partial === undefined || partial === null) return ok(base as GameSettings);
	if (typeof partial !== 'object' || Array.isArray(partial))
		return err([{ code: 'setting_invalid', setting: '' }]);
	const errors: SettingsError[] = [];
	for (const [k, v] of Object.entries(partial as Record<string, unknown>)) {
		if (!Object.hasOwn(SETTINGS, k)) {
			errors.push({ code: 'setting_unknown', setting: k });
			continue;
		}
		const spec: SettingSpec = SETTINGS[k as SettingId];
		const good =
			spec.kind === 'boolean'
				? typeof v === 'boolean'
				: spec.kind === 'choice'
					? typeof v === 'string' && spec.options.includes(v)
					: (v === null && spec.nullable) ||
						(typeof v === 'number' && Number.isInteger(v) && v >= spec.min && v <= spec.max);
		if (good) base[k] = v;
		else errors.push({ code: 'setting_invalid', setting: k });
	}
	return errors.length ? err(errors) : ok(base as GameSettings);
}

/** The i18n key stem of a setting: `setting_<snake_id>` (and `…_help`). */
export function settingKey(id: SettingId): string {
	return 'setting_' + id.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}
