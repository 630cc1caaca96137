/**
 * The plan file: versioned JSON a person can read, cells named as paper
 * players name them ("b3": column b, row 3 from the top). Loading checks the
 * structure with a schema and reports every problem with where it is; whether
 * the labyrinth follows the rules is the validator's business, not the file's.
 */
import * as v from 'valibot';
import { type Result, err, ok } from '../result';
import { cellName, parseCellName } from './geometry';
import { CELL_KINDS, DIRECTIONS, RULE_SYSTEMS, type Cell, type Plan } from './types';

export const PLAN_FORMAT = 'labyrinth-plan';
export const PLAN_FORMAT_VERSION = 1;
/** Files larger than this are refused before parsing (a 100x100 plan is far smaller). */
export const MAX_PLAN_FILE_BYTES = 2_000_000;

export const FORMAT_ISSUE_CODES = ['too_large', 'not_json', 'not_a_plan', 'unsupported_version', 'invalid_value', 'missing_value', 'unknown_cell', 'size_mismatch'] as const;
export type FormatIssueCode = (typeof FORMAT_ISSUE_CODES)[number];

export interface FormatIssue {
	code: FormatIssueCode;
	/** Where in the file: a JSON path such as `items[2].cell`, or a line number for the text picture. */
	path: string;
	/** What the file holds there (shortened), when it helps. */
	found?: string;
}

const Name = v.pipe(v.string(), v.maxLength(200), v.regex(/^[^\n\r]*$/));
const CellRef = v.pipe(v.string(), v.regex(/^[a-z]+[1-9][0-9]*$/));
const Dir = v.picklist(DIRECTIONS);
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
	width: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
	height: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
	cells: v.array(v.array(CellEntry)),
	walls: v.array(v.strictObject({ cell: CellRef, dir: v.picklist(['right', 'down']) })),
	exits: v.array(v.strictObject({ cell: CellRef, dir: Dir, open: v.boolean() })),
	pitLoops: v.array(v.array(CellRef)),
	/** Abandoned: portal sets. Topographic: the bear's cell and the ghost's path. */
	portals: v.optional(v.array(v.array(CellRef))),
	bear: v.optional(CellRef),
	ghost: v.optional(v.array(CellRef)),
	items: v.array(
		v.variant('kind', [
			v.strictObject({ cell: CellRef, kind: v.literal('treasure'), true: v.boolean() }),
			v.strictObject({ cell: CellRef, kind: v.picklist(['bullet', 'grenade', 'landmine']), count: Count })
		])
	)
});
type PlanFile = v.InferOutput<typeof FileSchema>;

function shorten(value: unknown): string {
	const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
	return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** Reads a plan file. Nothing is guessed: a file that is not exactly right is refused with every problem found. */
export function parsePlanJson(text: string): Result<Plan, FormatIssue[]> {
	if (text.length > MAX_PLAN_FILE_BYTES) return err([{ code: 'too_large', path: '', found: String(text.length) }]);
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch {
		return err([{ code: 'not_json', path: '' }]);
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
			parsed.issues.slice(0, 20).map((issue): FormatIssue => {
				const path = v.getDotPath(issue) ?? '';
				return issue.input === undefined ? { code: 'missing_value', path } : { code: 'invalid_value', path, found: shorten(issue.input) };
			})
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
	return issues.length ? err(issues) : ok(plan);
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
