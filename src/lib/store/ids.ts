/**
 * Identifiers of what the device keeps (plans, games): random, in the UUID v4 form the
 * library's addresses have always had. Made from `crypto.getRandomValues`, which every page
 * has: `crypto.randomUUID` exists only in a secure context, and a phone opening the table's
 * LAN address over plain HTTP is not one (the editor stayed blank there).
 */
export function newId(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
	const b = random(new Uint8Array(16));
	b[6] = (b[6]! & 0x0f) | 0x40; // version 4
	b[8] = (b[8]! & 0x3f) | 0x80; // the RFC 4122 variant
	const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
