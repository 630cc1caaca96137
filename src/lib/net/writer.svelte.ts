/** A screen's claim to be the one live writer of a table, duel or game (single-writer.ts), as state the screen can read. */
import { claimWriter, type SingleWriter, type WriterState } from './single-writer';

export class WriterClaim {
	state: WriterState = $state('claiming');
	readonly #writer: SingleWriter;
	readonly #stop: () => void;

	constructor(name: string) {
		this.#writer = claimWriter(name);
		this.#stop = this.#writer.subscribe((state) => (this.state = state));
	}

	/** *Use it here*: the other tab steps back. */
	useHere(): void {
		this.#writer.useHere();
	}

	close(): void {
		this.#stop();
		this.#writer.close();
	}
}
