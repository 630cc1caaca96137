type Random = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;
const systemRandom: Random = (b) => crypto.getRandomValues(b);
const hex = (bytes: Uint8Array) => [...bytes].map((x) => x.toString(16).padStart(2, '0')).join('');

/**
 * Identifiers of what the device keeps (plans, games): random, in the UUID v4 form the
 * library's addresses have always had. Made from `crypto.getRandomValues`, which every page
 * has: `crypto.randomUUID` exists only in a secure context, and a phone opening the table's
 * LAN address over plain HTTP is not one (the editor stayed blank there).
 */
export function newId(random: Random = systemRandom): string {
	const b = random(new Uint8Array(16));
	b[6] = (b[6]! & 0x0f) | 0x40; // version 4
	b[8] = (b[8]! & 0x3f) | 0x80; // the RFC 4122 variant
	const h = hex(b);
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A new seed for a generated plan or a game: 128 random bits in the engine's full-seed form
 * (engine/random.ts), so nobody can search the seeds for the hidden plan; a plan's name never
 * carries any of it (`nameNumber`).
 */
export function newSeed(random: Random = systemRandom): string {
	return 'x' + hex(random(new Uint8Array(16)));
}

/** A number to tell generated plans apart by name ("Surprise №417"), drawn apart from their seed. */
export function nameNumber(random: Random = systemRandom): number {
	const [high, low] = random(new Uint8Array(2));
	return 1 + ((high! * 256 + low!) % 999);
}
