/**
 * The plan file: versioned JSON a person can read, cells named as paper
 * players name them ("b3": column b, row 3 from the top). Loading checks the
 * structure with a schema and reports every problem with where it is; whether
 * the labyrinth follows the rules is the validator's business, not the file's.
 */
import * as v from 'valibot';
import { cleanName, MAX_PLAN_NAME_LENGTH } from '../name';
import { type Result, err, ok } from '../result';
import { cellName, parseCellName } from './geometry';
import { CELL_KINDS, DIRECTIONS, RULE_SYSTEMS, type Cell, type Plan } from './types';

export const PLAN_FORMAT = 'labyrinth-plan';
export const PLAN_FORMAT_VERSION = 1;
/** Files larger than this (in UTF-8 bytes) are refused before parsing (a 100x100 plan is far smaller). */
export const MAX_PLAN_FILE_BYTES = 2_000_000;
/** The widest and tallest plan, in squares. */
export const MAX_PLAN_SIDE = 100;
/** The deepest nesting of lists and objects a plan file may have: a plan needs 4 (the file, its cells, a row, a cell). */
export const MAX_PLAN_DEPTH = 16;
/** The longest list in a plan file: every inner side of the largest plan a wall (2 x 100 x 100). */
export const MAX_PLAN_LIST = 20_000;
/** A refusal lists this many problems; the rest are counted in one last `more` issue ("and 4,980 more"). */
export const MAX_LISTED_ISSUES = 20;

export const FORMAT_ISSUE_CODES = [
	'too_large',
	'too_deep',
	'not_json',
	'not_a_plan',
	'unsupported_version',
	'invalid_value',
	'missing_value',
	'unknown_cell',
	'size_mismatch',
	'too_many_problems',
	'more'
] as const;
export type FormatIssueCode = (typeof FORMAT_ISSUE_CODES)[number];

export interface FormatIssue {
	code: FormatIssueCode;
	/**
	 * Where in the file: a JSON path such as `items[2].cell`, `line:column` for JSON that cannot be
	 * read, or a line number for the text picture.
	 */
	path: string;
	/** What the file holds there (shortened), when it helps; for `more`, how many problems were not listed. */
	found?: string;
	/** The limit a `too_large`, `too_deep` or `too_many_problems` issue broke. */
	limit?: number;
}

// Bidirectional controls are taken out of the name (it is shown to the table); anything else
// wrong with it (too long, two lines) refuses the file: nothing is guessed.
const Name = v.pipe(v.string(), v.maxLength(MAX_PLAN_NAME_LENGTH), v.regex(/^[^\n\r]*$/), v.transform((name) => cleanName(name, MAX_PLAN_NAME_LENGTH)));
const CellRef = v.pipe(v.string(), v.regex(/^[a-z]+[1-9][0-9]*$/));
const Dir = v.picklist(DIRECTIONS);
// The length is checked before the elements: a list of a million bad entries is one problem, not a million.
const List = <T extends v.GenericSchema>(item: T) => v.pipe(v.array(v.unknown()), v.maxLength(MAX_PLAN_LIST), v.array(item));
const Count = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999));

const CellEntry = v.union([
	v.null(),
	v.picklist(CELL_KINDS),
	v.strictObject({
		kind: v.picklist(CELL_KINDS),
		flow: v.optional(Dir),
		// topographic spinners: quarter turns; duel pits and pit exits: their number
		turn: v.optional(v.picklist([1, 2, 3])),
		number: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99)))
	})
]);

const FileSchema = v.strictObject({
	format: v.literal(PLAN_FORMAT),
	version: v.literal(PLAN_FORMAT_VERSION),
	rules: v.picklist(RULE_SYSTEMS),
	name: Name,
	width: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PLAN_SIDE)),
	height: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PLAN_SIDE)),
	cells: List(List(CellEntry)),
	walls: List(v.strictObject({ cell: CellRef, dir: v.picklist(['right', 'down']) })),
	exits: List(v.strictObject({ cell: CellRef, dir: Dir, open: v.boolean() })),
	pitLoops: List(List(CellRef)),
	/** Abandoned: portal sets. Topographic: the bear's cell and the ghost's path. */
	portals: v.optional(List(List(CellRef))),
	bear: v.optional(CellRef),
	ghost: v.optional(List(CellRef)),
	items: List(
		v.variant('kind', [
			v.strictObject({ cell: CellRef, kind: v.literal('treasure'), true: v.boolean() }),
			v.strictObject({ cell: CellRef, kind: v.picklist(['bullet', 'grenade', 'landmine']), count: Count })
		])
	)
});
type PlanFile = v.InferOutput<typeof FileSchema>;

const SHORT = 40;

/** What a file holds at a place, in at most 40 characters; never more than 40 levels into a value, however deep it is. */
export function shorten(value: unknown): string {
	const text = preview(value, SHORT + 1);
	return text.length > SHORT ? `${text.slice(0, SHORT - 3)}…` : text;
}

// JSON-like text of `value`, stopping once `budget` characters are written (each level costs one).
function preview(value: unknown, budget: number): string {
	if (typeof value === 'string') return value.length > budget ? value.slice(0, budget) : value;
	if (typeof value !== 'object' || value === null) return String(value);
	if (budget <= 1) return Array.isArray(value) ? '[' : '{';
	let out = Array.isArray(value) ? '[' : '{';
	for (const [key, element] of Object.entries(value)) {
		if (out.length >= budget) break;
		if (out.length > 1) out += ',';
		if (!Array.isArray(value)) out += `${JSON.stringify(key.slice(0, budget))}:`;
		out += typeof element === 'string' ? JSON.stringify(element.slice(0, budget)) : preview(element, budget - out.length);
	}
	return out.length >= budget ? out.slice(0, budget) : out + (Array.isArray(value) ? ']' : '}');
}

/** The size of `text` in UTF-8 bytes, as it lies in a file, without making the bytes. */
export function utf8Length(text: string): number {
	let bytes = 0;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c < 0x80) bytes += 1;
		else if (c < 0x800) bytes += 2;
		else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
			bytes += 4;
			i++;
		} else bytes += 3;
	}
	return bytes;
}

/** The `too_large` refusal for text or a file of `bytes` bytes; null when it is small enough. */
export function tooLarge(bytes: number): FormatIssue | null {
	return bytes > MAX_PLAN_FILE_BYTES ? { code: 'too_large', path: '', found: String(bytes), limit: MAX_PLAN_FILE_BYTES } : null;
}

/** The same for text already read: counted without making the bytes (longer in UTF-16 units is surely longer in bytes). */
export function textTooLarge(text: string): FormatIssue | null {
	return tooLarge(text.length > MAX_PLAN_FILE_BYTES ? text.length : utf8Length(text));
}

/** `line:column` (from 1) of the character at `index`. */
export function lineColumn(text: string, index: number): string {
	let line = 1;
	let start = 0;
	for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
		line++;
		start = i + 1;
	}
	return `${line}:${index - start + 1}`;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERAL = /true|false|null/y;
const HEX4 = /[0-9a-fA-F]{4}/y;
const ESCAPED = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/**
 * Where JSON text first goes wrong, or null when it is sound: the index of the first character
 * that cannot be there (the text's length when it ends too soon), and whether the fault is
 * nesting deeper than `maxDepth`. One pass with an explicit stack: no text, however deep, can
 * exhaust the call stack, and JSON.parse is only asked about text known to be sound.
 */
export function jsonFault(text: string, maxDepth: number = MAX_PLAN_DEPTH): { at: number; deep: boolean } | null {
	const n = text.length;
	const open: number[] = []; // the brackets still open, `[` or `{`
	let i = 0;
	let want: 'value' | 'key' | 'next' = 'value';
	const space = () => {
		while (i < n && ' \t\n\r'.includes(text[i]!)) i++;
	};
	// From the opening quote to after the closing one; false with `i` at the first wrong character.
	const string = (): boolean => {
		for (i++; i < n; ) {
			const c = text.charCodeAt(i);
			if (c === 0x22) {
				i++;
				return true;
			}
			if (c < 0x20) return false;
			if (c !== 0x5c) {
				i++;
				continue;
			}
			const escape = text[i + 1] ?? '';
			if (escape === 'u') {
				HEX4.lastIndex = i + 2;
				if (!HEX4.test(text)) {
					i += 2;
					return false;
				}
				i += 6;
			} else if (ESCAPED.has(escape)) i += 2;
			else {
				i++;
				return false;
			}
		}
		return false;
	};
	const fault = (deep = false) => ({ at: Math.min(i, n), deep });
	for (;;) {
		space();
		if (want === 'key') {
			if (text.charCodeAt(i) !== 0x22 || !string()) return fault();
			space();
			if (text.charCodeAt(i) !== 0x3a) return fault();
			i++;
			want = 'value';
		} else if (want === 'value') {
			const c = text.charCodeAt(i);
			if (c === 0x5b || c === 0x7b) {
				if (open.length >= maxDepth) return fault(true);
				open.push(c);
				i++;
				space();
				if (text.charCodeAt(i) === c + 2) {
					open.pop();
					i++;
					want = 'next';
				} else want = c === 0x7b ? 'key' : 'value';
			} else if (c === 0x22) {
				if (!string()) return fault();
				want = 'next';
			} else {
				NUMBER.lastIndex = LITERAL.lastIndex = i;
				if (NUMBER.test(text)) i = NUMBER.lastIndex;
				else if (LITERAL.test(text)) i = LITERAL.lastIndex;
				else return fault();
				want = 'next';
			}
		} else {
			const top = open.at(-1);
			if (top === undefined) return i < n ? fault() : null;
			const c = text.charCodeAt(i);
			if (c === 0x2c) {
				i++;
				want = top === 0x7b ? 'key' : 'value';
			} else if (c === top + 2) {
				open.pop();
				i++;
			} else return fault();
		}
	}
}

/** At most `MAX_LISTED_ISSUES` issues, and a `more` issue counting the rest. */
export function bounded(issues: FormatIssue[]): FormatIssue[] {
	if (issues.length <= MAX_LISTED_ISSUES) return issues;
	return [...issues.slice(0, MAX_LISTED_ISSUES), { code: 'more', path: '', found: String(issues.length - MAX_LISTED_ISSUES) }];
}

/**
 * Reads a plan file. Nothing is guessed: a file that is not exactly right is refused with the
 * problems found, each with where it is (at most `MAX_LISTED_ISSUES`, the rest counted). Never
 * throws, whatever the text: too large, too deep or not JSON, it says so and where.
 */
export function parsePlanJson(file: string): Result<Plan, FormatIssue[]> {
	const large = textTooLarge(file);
	if (large) return err([large]);
	// A byte order mark (some editors write one) is not part of the JSON.
	const text = file.charCodeAt(0) === 0xfeff ? file.slice(1) : file;
	const fault = jsonFault(text);
	if (fault) return err([fault.deep ? { code: 'too_deep', path: lineColumn(text, fault.at), limit: MAX_PLAN_DEPTH } : { code: 'not_json', path: lineColumn(text, fault.at) }]);
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		return err([{ code: 'not_json', path: lineColumn(text, text.length) }]);
	}
	return planFromData(data);
}

/** The same for data already parsed (an imported object, a message from a peer). */
export function planFromData(data: unknown): Result<Plan, FormatIssue[]> {
	if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== PLAN_FORMAT) {
		return err([{ code: 'not_a_plan', path: 'format', found: shorten((data as { format?: unknown } | null)?.format) }]);
	}
	if ((data as { version?: unknown }).version !== PLAN_FORMAT_VERSION) {
		return err([{ code: 'unsupported_version', path: 'version', found: shorten((data as { version?: unknown }).version) }]);
	}
	const parsed = v.safeParse(FileSchema, data);
	if (!parsed.success) {
		return err(
			bounded(
				parsed.issues.map((issue): FormatIssue => {
					const path = v.getDotPath(issue) ?? '';
					return issue.input === undefined ? { code: 'missing_value', path } : { code: 'invalid_value', path, found: shorten(issue.input) };
				})
			)
		);
	}
	return fromFile(parsed.output);
}

function fromFile(file: PlanFile): Result<Plan, FormatIssue[]> {
	const { width, height } = file;
	const issues: FormatIssue[] = [];
	if (file.cells.length !== height || file.cells.some((row) => row.length !== width)) {
		issues.push({ code: 'size_mismatch', path: 'cells', found: `${file.cells.map((r) => r.length).join(',')}` });
		return err(issues);
	}
	const at = (name: string, path: string): number => {
		const cell = parseCellName(name, width, height);
		if (cell === null) {
			issues.push({ code: 'unknown_cell', path, found: name });
			return -1;
		}
		return cell;
	};
	const cells: (Cell | null)[] = file.cells.flat().map((entry) => (entry === null ? null : typeof entry === 'string' ? { kind: entry } : { ...entry }));
	const plan: Plan = {
		rules: file.rules,
		name: file.name,
		width,
		height,
		cells,
		walls: file.walls.map((w, i) => ({ cell: at(w.cell, `walls[${i}].cell`), dir: w.dir })),
		exits: file.exits.map((e, i) => ({ cell: at(e.cell, `exits[${i}].cell`), dir: e.dir, open: e.open })),
		pitLoops: file.pitLoops.map((loop, i) => loop.map((c, j) => at(c, `pitLoops[${i}][${j}]`))),
		...(file.portals ? { portals: file.portals.map((set, i) => set.map((c, j) => at(c, `portals[${i}][${j}]`))) } : {}),
		...(file.bear !== undefined ? { bear: at(file.bear, 'bear') } : {}),
		...(file.ghost ? { ghost: file.ghost.map((c, j) => at(c, `ghost[${j}]`)) } : {}),
		items: file.items.map((item, i) =>
			item.kind === 'treasure'
				? { cell: at(item.cell, `items[${i}].cell`), kind: 'treasure' as const, true: item.true }
				: { cell: at(item.cell, `items[${i}].cell`), kind: item.kind, count: item.count }
		)
	};
	return issues.length ? err(bounded(issues)) : ok(plan);
}

/** Writes a plan file: stable key order, one row of cells a line, so diffs of two plans read well. */
export function serializePlan(plan: Plan): string {
	const name = (cell: number) => cellName(cell, plan.width);
	const rows: unknown[][] = [];
	for (let y = 0; y < plan.height; y++) {
		rows.push(
			plan.cells
				.slice(y * plan.width, (y + 1) * plan.width)
				.map((c) =>
					c === null
						? null
						: c.flow
							? { kind: c.kind, flow: c.flow }
							: c.turn !== undefined
								? { kind: c.kind, turn: c.turn }
								: c.number !== undefined
									? { kind: c.kind, number: c.number }
									: c.kind
				)
		);
	}
	const file: PlanFile = {
		format: PLAN_FORMAT,
		version: PLAN_FORMAT_VERSION,
		rules: plan.rules,
		name: plan.name,
		width: plan.width,
		height: plan.height,
		cells: rows as PlanFile['cells'],
		walls: plan.walls.map((w) => ({ cell: name(w.cell), dir: w.dir })),
		exits: plan.exits.map((e) => ({ cell: name(e.cell), dir: e.dir, open: e.open })),
		pitLoops: plan.pitLoops.map((loop) => loop.map(name)),
		...(plan.portals ? { portals: plan.portals.map((set) => set.map(name)) } : {}),
		...(plan.bear !== undefined ? { bear: name(plan.bear) } : {}),
		...(plan.ghost ? { ghost: plan.ghost.map(name) } : {}),
		items: plan.items.map((item) =>
			item.kind === 'treasure' ? { cell: name(item.cell), kind: 'treasure' as const, true: item.true } : { cell: name(item.cell), kind: item.kind, count: item.count }
		)
	};
	// One field a line, one element of a list a line: the plan's rows show as a grid.
	const fields = Object.entries(file).map(([key, value]) =>
		Array.isArray(value)
			? value.length === 0
				? `\t${JSON.stringify(key)}: []`
				: `\t${JSON.stringify(key)}: [\n${value.map((element) => `\t\t${JSON.stringify(element)}`).join(',\n')}\n\t]`
			: `\t${JSON.stringify(key)}: ${JSON.stringify(value)}`
	);
	return `{\n${fields.join(',\n')}\n}\n`;
}
