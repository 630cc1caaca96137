/** Helpers of the bots' tests (the non-cheating properties of every system's computer). */
import { neighbour } from '../engine/plan/geometry';
import { DIRECTIONS, type Plan } from '../engine/plan/types';

/** The squares a bot game's players stood on or beside (nothing else can be told them). */
export function nearSeen(plan: Pick<Plan, 'width' | 'height' | 'cells'>, seen: Set<number>): Set<number> {
	const near = new Set<number>();
	for (const c of seen) {
		near.add(c);
		for (const d of DIRECTIONS) {
			const n = neighbour(plan, c, d);
			if (n !== null) near.add(n);
		}
	}
	return near;
}
