/**
 * What a device listening for strangers (the tablet, the duel's opener) allows one link, so that
 * nothing a hostile device sends grows its memory or its work without bound: a flood is dropped,
 * refusals are answered at a bounded rate, hellos (each answered with a signature) are few, and
 * a link that proves nothing is let go.
 */

/** A token bucket: `burst` at once, then `perSecond`. */
export class Allowance {
	private tokens: number;
	private at: number;

	constructor(
		private readonly burst: number,
		private readonly perSecond: number,
		private readonly now: () => number = Date.now
	) {
		this.tokens = burst;
		this.at = now();
	}

	/** Takes one if there is one now. */
	take(): boolean {
		const now = this.now();
		this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) * this.perSecond) / 1000);
		this.at = now;
		if (this.tokens < 1) return false;
		this.tokens--;
		return true;
	}
}

/**
 * The frames a phone may send (ChannelOptions.rate): an honest one sends a heartbeat and its
 * answer per period and an acknowledgement per burst it hears, commands now and then, and a
 * few frames more as it joins; the allowance is several times that.
 */
export function phoneRate(pingMs = 1000): { burst: number; perSecond: number } {
	const perSecond = 20 + (8 * 1000) / pingMs;
	return { burst: 4 * perSecond, perSecond };
}

/** Refusals answered per link: a burst of 5, then one every 2 s. */
export const refusalAllowance = () => new Allowance(5, 0.5);
/** A link that sent this many refused frames is closed. */
export const MAX_REFUSED_FRAMES = 1000;
/** Hellos a link may send in all (each is answered with a signature, the costliest thing a stranger can ask for). */
export const MAX_HELLOS = 6;
/** Links still in their handshake (no seat, not waiting for the master) at once: one more lets the oldest go. */
export const MAX_HANDSHAKES = 16;
/** A link that has proved nothing this long after it came is let go. */
export const HANDSHAKE_MS = 20_000;
/** Early frames a link may have held back (a phone has a command or two in flight). */
export const MAX_HELD = 32;
