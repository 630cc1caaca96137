/** Gestures for the editor's unit tests: points at squares' centres, drags and taps. */
import type { EditorCore } from './editor';
import type { Point } from './hit';

/** The centre of square (x, y) in board units. */
export const at = (x: number, y: number): Point => ({ x: x + 0.5, y: y + 0.5 });

/** One finger down at the first point, through the others, and up. */
export function drag(editor: EditorCore, points: Point[]): void {
	editor.down(points[0]!);
	for (const p of points.slice(1)) editor.move(p);
	editor.up();
}

export const tap = (editor: EditorCore, p: Point): void => drag(editor, [p]);
