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
