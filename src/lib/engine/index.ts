/** The engine's public API. Pure TypeScript: no svelte, DOM, storage or network. */
export * from './plan/types';
export { cellIndex, cellXY, cellName, parseCellName, neighbour, OPPOSITE } from './plan/geometry';
export { validatePlan, isValid, PROBLEM_CODES, type Problem, type ProblemCode, type ValidationReport, type ValidateOptions } from './plan/validate';
export { type Result, ok, err } from './result';
export { createRng, seedState, type Rng, type RngState } from './random';

export {
	SETTINGS,
	SETTING_IDS,
	defaultSettings,
	resolveSettings,
	settingKey,
	type GameSettings,
	type SettingId,
	type SettingSpec,
	type SettingsError
} from './game/settings';
export * from './game/types';
export { apply, applyWith, currentSeat } from './game/apply';
export { createGame, initialState, replay, play, eventLog, MIN_SEATS, MAX_SEATS, type Game, type GameSetupError, type Handicaps } from './game/game';
export { viewFor, masterView, visibleTo, type SeatView } from './game/view';
export { randomLegalCommand, type RandomCommandOptions } from './game/random-command';
export { compileBoard, kindOf, type Board } from './game/board';
export { ruleSystem, classic, type RuleSystem, type MoveOutcome } from './rules/index';

// The other rule systems (issue 9): their own state, helpers and generators.
export { topographic, abandoned, duel } from './rules/index';
export { topoExt, ghostCell, turned, TOPOGRAPHIC_KINDS, type TopoExt } from './rules/topographic';
export { generateTopographic, TOPOGRAPHIC_DEFAULTS } from './rules/topographic-generate';
export { abandonedExt, heldItem, ABANDONED_KINDS, BULLET_RANGE, type AbandonedExt } from './rules/abandoned';
export { generateAbandoned } from './rules/abandoned-generate';
export { ABANDONED_DEFAULTS } from './rules/abandoned-plan';
export { duelExt, duelCost, DUEL_KINDS, DUEL_GRENADES, type DuelExt, type DuelCost } from './rules/duel';
export { generateDuel } from './rules/duel-generate';
export { enclosed } from './rules/duel-plan';
export {
	actionsPerTurn,
	afterMove,
	announcements,
	asPlayer,
	createDuel,
	createDuelDevice,
	duelCommand,
	firstPlayer,
	mayAct,
	mayISend,
	ownMoveAnswered,
	refereeOpponent,
	startTurns,
	type DuelDevice,
	type DuelMatch,
	type DuelStep,
	type DuelTurns,
	type Player
} from './rules/duel-match';
