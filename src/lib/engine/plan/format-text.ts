/**
 * The plan as a plain-text picture a person can read and type:
 *
 *     labyrinth-plan 1 classic
 *     name: Kitchen table
 *         a    b    c    d
 *       +----+----+----+----+
 *     1 | L    W    P1   P1 |
 *       +    +    +    +    +
 *     2 | R>   D    L    L$ |
 *       +----+    +    +    +
 *     3 | L    L?   L    H  |
 *       +~~~~+----+----+    +
 *     loop 1: c1 d1
 *     item d2: treasure true
 *     item b3: treasure
 *
 * Each square is four characters: the kind (L land, H hospital, W weaponry,
 * P pit, R river, D delta, E encephalitis), then an arrow for a river's flow
 * (^ > v <) or a pit's loop number, then a mark for what lies there ($ the
 * true treasure, ? a fake one, * other items). Four spaces: a square left out.
 * Sides: `----` and `|` walls, `~~~~` and `~` closed exits, spaces open (on
 * the outline: an open exit). Loops (in order) and items (bottom first) follow
 * the picture; the marks are only a reminder.
 */
import { type Result, err, ok } from '../result';
import { cleanName, MAX_PLAN_NAME_LENGTH } from '../name';
import type { FormatIssue } from './format-json';
import { bounded, MAX_PLAN_SIDE, PLAN_FORMAT, PLAN_FORMAT_VERSION, parsePlanJson, shorten, textTooLarge } from './format-json';
import { descriptorOf, kindLetters } from '../rules/index';
import { cellName, columnName, neighbour, parseCellName } from './geometry';
import { DIRECTIONS, RULE_SYSTEMS, type Cell, type CellKind, type Direction, type Exit, type InnerWall, type PlacedItem, type Plan, type RuleSystemId } from './types';

// Each system's kinds and their letters are its descriptor's (rules/<id>/kinds.ts); a kind has one letter wherever it is used.
const ARROW: Record<Direction, string> = { up: '^', right: '>', down: 'v', left: '<' };
const ARROW_DIR = Object.fromEntries(Object.entries(ARROW).map(([d, a]) => [a, d as Direction])) as Record<string, Direction>;

const CELL_WIDTH = 4;
const RENDER_MARGIN = 3; // room for row numbers up to 99

export function renderPlanText(plan: Plan): string {
	const letterOf = kindLetters();
	const { width, height } = plan;
	const exits = new Map(plan.exits.map((e) => [`${e.cell}:${e.dir}`, e.open]));
	const walls = new Set(plan.walls.map((w) => `${w.cell}:${w.dir}`));
	const loopOf = new Map<number, number>();
	plan.pitLoops.forEach((loop, i) => loop.forEach((c) => loopOf.set(c, i + 1)));
	const portalSetOf = new Map<number, number>();
	(plan.portals ?? []).forEach((set, i) => set.forEach((c) => portalSetOf.set(c, i + 1)));
	const marks = new Map<number, string>();
	for (const item of plan.items) {
		const mark = item.kind === 'treasure' ? (item.true ? '$' : '?') : '*';
		const before = marks.get(item.cell);
		if (!before || '$?*'.indexOf(mark) < '$?*'.indexOf(before)) marks.set(item.cell, mark);
	}
	const present = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && plan.cells[y * width + x] != null;

	/** The side between (x, y) and its neighbour in `dir`, drawn as `solid`, `closed` or `open`. */
	const side = (x: number, y: number, dir: 'right' | 'down'): 'wall' | 'closed' | 'open' | 'none' => {
		const nx = dir === 'right' ? x + 1 : x;
		const ny = dir === 'down' ? y + 1 : y;
		const a = present(x, y);
		const b = present(nx, ny);
		if (!a && !b) return 'none';
		if (a && b) return walls.has(`${y * width + x}:${dir}`) ? 'wall' : 'open';
		const cell = a ? y * width + x : ny * width + nx;
		const outward: Direction = a ? dir : dir === 'right' ? 'left' : 'up';
		const exit = exits.get(`${cell}:${outward}`);
		return exit === undefined ? 'wall' : exit ? 'open' : 'closed';
	};
	const horizontal = { wall: '----', closed: '~~~~', open: '    ', none: '    ' };
	const vertical = { wall: '|', closed: '~', open: ' ', none: ' ' };

	const lines = [`${PLAN_FORMAT} ${PLAN_FORMAT_VERSION} ${plan.rules}`, `name: ${plan.name}`];
	lines.push((' '.repeat(RENDER_MARGIN + 1) + Array.from({ length: width }, (_, x) => columnName(x).padEnd(CELL_WIDTH + 1)).join('')).trimEnd());
	for (let y = -1; y < height; y++) {
		let border = ' '.repeat(RENDER_MARGIN) + '+';
		for (let x = 0; x < width; x++) border += horizontal[side(x, y, 'down')] + '+';
		lines.push(border);
		if (y === height - 1) break;
		let row = String(y + 2).padStart(RENDER_MARGIN - 1) + ' ' + vertical[side(-1, y + 1, 'right')];
		for (let x = 0; x < width; x++) {
			const index = (y + 1) * width + x;
			const cell = plan.cells[index];
			let content = '    ';
			if (cell) {
				const arg =
					cell.kind === 'river' && cell.flow
						? ARROW[cell.flow]
						: cell.number !== undefined && (cell.kind === 'pit' || cell.kind === 'pit_exit')
							? String(cell.number)
							: cell.kind === 'pit' && loopOf.has(index)
								? String(loopOf.get(index))
								: cell.kind === 'spinner' && cell.turn
									? String(cell.turn)
									: cell.kind === 'portal' && portalSetOf.has(index)
										? String(portalSetOf.get(index))
										: '';
				content = (letterOf[cell.kind]! + arg + (marks.get(index) ?? '')).padEnd(CELL_WIDTH);
			}
			row += content + vertical[side(x, y + 1, 'right')];
		}
		lines.push(row.trimEnd());
	}
	plan.pitLoops.forEach((loop, i) => lines.push(`loop ${i + 1}: ${loop.map((c) => cellName(c, width)).join(' ')}`));
	(plan.portals ?? []).forEach((set, i) => lines.push(`portals ${i + 1}: ${set.map((c) => cellName(c, width)).join(' ')}`));
	if (plan.bear !== undefined) lines.push(`bear: ${cellName(plan.bear, width)}`);
	if (plan.ghost !== undefined) lines.push(`ghost: ${plan.ghost.map((c) => cellName(c, width)).join(' ')}`);
	for (const item of plan.items) {
		const where = cellName(item.cell, width);
		lines.push(item.kind === 'treasure' ? `item ${where}: treasure${item.true ? ' true' : ''}` : `item ${where}: ${item.kind} ${item.count}`);
	}
	return lines.join('\n') + '\n';
}

export function parsePlanText(text: string): Result<Plan, FormatIssue[]> {
	const large = textTooLarge(text);
	if (large) return err([large]);
	const lines = text.replace(/\r\n?/g, '\n').split('\n');
	const issues: FormatIssue[] = [];
	const line = (n: number) => `line ${n + 1}`;
	const header = /^labyrinth-plan (\d+) ([a-z]+)\s*$/.exec(lines[0] ?? '');
	if (!header) return err([{ code: 'not_a_plan', path: line(0), found: (lines[0] ?? '').slice(0, 40) }]);
	if (Number(header[1]) !== PLAN_FORMAT_VERSION) return err([{ code: 'unsupported_version', path: line(0), found: header[1] }]);
	if (!(RULE_SYSTEMS as readonly string[]).includes(header[2]!)) return err([{ code: 'invalid_value', path: line(0), found: header[2] }]);
	const rules = header[2] as RuleSystemId;
	// Only the letters of this system's kinds (a letter of another system is refused).
	const kindOfLetter = new Map(Object.entries(descriptorOf(rules).letters).map(([kind, letter]) => [letter, kind as CellKind]));
	const nameLine = /^name: ?(.*)$/.exec(lines[1] ?? '');
	if (!nameLine) return err([{ code: 'invalid_value', path: line(1), found: (lines[1] ?? '').slice(0, 40) }]);
	if (nameLine[1]!.trimEnd().length > MAX_PLAN_NAME_LENGTH) return err([{ code: 'invalid_value', path: line(1), found: shorten(nameLine[1]) }]);
	const name = cleanName(nameLine[1]!, MAX_PLAN_NAME_LENGTH);

	// The picture: border lines start with `+` after the margin, rows with a number.
	const first = lines.findIndex((l, i) => i >= 2 && l.trimStart().startsWith('+'));
	if (first < 0) return err([{ code: 'invalid_value', path: line(2), found: 'no picture' }]);
	// The margin for row numbers is however wide the typist made it.
	const MARGIN = lines[first]!.indexOf('+');
	const borderWidth = lines[first]!.trimEnd().length - MARGIN;
	const width = (borderWidth - 1) / (CELL_WIDTH + 1);
	if (!Number.isInteger(width) || width < 1 || width > MAX_PLAN_SIDE) return err([{ code: 'size_mismatch', path: line(first) }]);
	let height = 0;
	while (lines[first + 2 * height + 2]?.slice(MARGIN).startsWith('+')) height++;
	if (height < 1 || height > MAX_PLAN_SIDE) return err([{ code: 'size_mismatch', path: line(first) }]);
	const padded = (n: number) => (lines[n] ?? '').padEnd(MARGIN + borderWidth);

	const cells: (Cell | null)[] = [];
	for (let y = 0; y < height; y++) {
		const rowLine = padded(first + 2 * y + 1);
		for (let x = 0; x < width; x++) {
			const content = rowLine.slice(MARGIN + 1 + x * (CELL_WIDTH + 1), MARGIN + 1 + x * (CELL_WIDTH + 1) + CELL_WIDTH);
			const parsed = /^([A-Z])([\^>v<]|[0-9]{1,2})?([$?*])? *$/.exec(content);
			if (content.trim() === '') cells.push(null);
			else if (!parsed || !kindOfLetter.has(parsed[1]!)) {
				issues.push({ code: 'invalid_value', path: `${line(first + 2 * y + 1)}, ${cellName(y * width + x, width)}`, found: content.trim() });
				cells.push(null);
			} else {
				const kind = kindOfLetter.get(parsed[1]!)!;
				const flow = kind === 'river' && parsed[2] ? ARROW_DIR[parsed[2]] : undefined;
				const digit = parsed[2] && /^[0-9]+$/.test(parsed[2]) ? Number(parsed[2]) : undefined;
				if (flow) cells.push({ kind, flow });
				else if (kind === 'spinner' && (digit === 1 || digit === 2 || digit === 3)) cells.push({ kind, turn: digit });
				else if (digit !== undefined && (kind === 'pit_exit' || (kind === 'pit' && rules === 'duel'))) cells.push({ kind, number: digit });
				else cells.push({ kind });
			}
		}
	}
	const plan: Plan = { rules, name, width, height, cells, walls: [], exits: [], pitLoops: [], items: [] };
	const symbol = (n: number, column: number) => padded(n)[MARGIN + column];
	const hSide = (n: number, x: number) => padded(n).slice(MARGIN + 1 + x * (CELL_WIDTH + 1), MARGIN + 1 + x * (CELL_WIDTH + 1) + CELL_WIDTH);
	const outer: Exit[] = [];
	const read = (cell: number, dir: Direction, drawn: string, where: string) => {
		const kind = drawn === '----' || drawn === '|' ? 'wall' : drawn === '~~~~' || drawn === '~' ? 'closed' : drawn.trim() === '' ? 'open' : null;
		if (kind === null) {
			issues.push({ code: 'invalid_value', path: where, found: drawn });
			return;
		}
		const other = neighbour(plan, cell, dir);
		if (other !== null) {
			if (kind === 'wall' && (dir === 'right' || dir === 'down')) plan.walls.push({ cell, dir } as InnerWall);
			else if (kind === 'closed') issues.push({ code: 'invalid_value', path: where, found: drawn });
		} else if (kind !== 'wall') outer.push({ cell, dir, open: kind === 'open' });
	};
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) {
			const cell = y * width + x;
			if (!cells[cell]) continue;
			const top = first + 2 * y;
			read(cell, 'up', hSide(top, x), line(top));
			read(cell, 'down', hSide(top + 2, x), line(top + 2));
			read(cell, 'left', symbol(top + 1, x * (CELL_WIDTH + 1)) ?? ' ', line(top + 1));
			read(cell, 'right', symbol(top + 1, (x + 1) * (CELL_WIDTH + 1)) ?? ' ', line(top + 1));
		}
	plan.exits = outer;
	Object.assign(plan, canonicalOrder(plan));

	const cellAt = (name: string, where: string): number => {
		const cell = parseCellName(name, width, height);
		if (cell === null) issues.push({ code: 'unknown_cell', path: where, found: name });
		return cell ?? -1;
	};
	for (let n = first + 2 * height + 1; n < lines.length; n++) {
		const text = lines[n]!.trim();
		if (text === '' || text.startsWith('#')) continue;
		const loop = /^loop (\d+): *(.*)$/.exec(text);
		const portals = /^portals (\d+): *(.*)$/.exec(text);
		const bear = /^bear: *([a-z]+[0-9]+)$/.exec(text);
		const ghost = /^ghost: *(.*)$/.exec(text);
		const item = /^item ([a-z]+[0-9]+): (treasure(?: true)?|(bullet|grenade|landmine) (\d+))$/.exec(text);
		if (loop) plan.pitLoops.push(loop[2]!.split(/\s+/).filter(Boolean).map((c) => cellAt(c, line(n))));
		else if (portals) (plan.portals ??= []).push(portals[2]!.split(/\s+/).filter(Boolean).map((c) => cellAt(c, line(n))));
		else if (bear) plan.bear = cellAt(bear[1]!, line(n));
		else if (ghost) plan.ghost = ghost[1]!.split(/\s+/).filter(Boolean).map((c) => cellAt(c, line(n)));
		else if (item) {
			const cell = cellAt(item[1]!, line(n));
			const placed: PlacedItem = item[3]
				? { cell, kind: item[3] as 'bullet' | 'grenade' | 'landmine', count: Number(item[4]) }
				: { cell, kind: 'treasure', true: item[2] === 'treasure true' };
			plan.items.push(placed);
		} else issues.push({ code: 'invalid_value', path: line(n), found: shorten(text) });
	}
	return issues.length ? err(bounded(issues)) : ok(plan);
}

/** Either format, told apart by the first character. */
export function parsePlanAny(text: string): Result<Plan, FormatIssue[]> {
	return text.trimStart().startsWith('{') ? parsePlanJson(text) : parsePlanText(text);
}

/** Walls and exits are sets: this puts them in the order the text picture reads them (by cell, then side). */
export function canonicalOrder(plan: Plan): Plan {
	return {
		...plan,
		walls: [...plan.walls].sort((a, b) => a.cell - b.cell || (a.dir === b.dir ? 0 : a.dir === 'right' ? -1 : 1)),
		exits: [...plan.exits].sort((a, b) => a.cell - b.cell || DIRECTIONS.indexOf(a.dir) - DIRECTIONS.indexOf(b.dir))
	};
}
