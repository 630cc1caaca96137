/**
 * What the diagnostics panel shows: how the link is carried (transport, ICE state, the kinds
 * and addresses of the candidates in use), the heartbeat's round trip, the last message.
 * What a person needs when the hotspot is the problem.
 */
import { percentiles, type ChannelStats } from './channel';
import type { LinkDiagnostics, TransportKind } from './link';

export interface Diagnostics extends LinkDiagnostics {
	transport: TransportKind;
	/** Heartbeat round trip (ms): the last one, the median and 95th percentile of the recent ones. */
	rtt: number | null;
	rttMedian: number | null;
	rttP95: number | null;
	lastMessageAt: number | null;
	lastMessageType: string | null;
	sent: number;
	received: number;
	resent: number;
	duplicates: number;
	refused: number;
}

/** One link's figures, put together from its channel's counters and the browser's stats. */
export async function diagnose(transport: TransportKind, stats: ChannelStats, link: { diagnostics?(): Promise<LinkDiagnostics> }): Promise<Diagnostics> {
	const rtc = (await link.diagnostics?.().catch(() => null)) ?? { ice: null, local: null, remote: null, localAddress: null, remoteAddress: null, iceRtt: null };
	const p = percentiles(stats.rtts);
	return {
		...rtc,
		transport,
		rtt: stats.rtts.length > 0 ? stats.rtts[stats.rtts.length - 1]! : null,
		rttMedian: p?.median ?? null,
		rttP95: p?.p95 ?? null,
		lastMessageAt: stats.lastMessageAt,
		lastMessageType: stats.lastMessageType,
		sent: stats.sent,
		received: stats.received,
		resent: stats.resent,
		duplicates: stats.duplicates,
		refused: stats.refused
	};
}

/** What the browser says of a peer connection: ICE state, the candidate pair in use. */
export async function rtcDiagnostics(pc: RTCPeerConnection | null | undefined): Promise<LinkDiagnostics> {
	const out: LinkDiagnostics = { ice: pc?.iceConnectionState ?? null, local: null, remote: null, localAddress: null, remoteAddress: null, iceRtt: null };
	if (!pc) return out;
	const stats = await pc.getStats();
	type Entry = Record<string, unknown> & { type: string; id: string };
	const all = new Map<string, Entry>();
	stats.forEach((s: Entry) => all.set(s.id, s));
	let pair: Entry | undefined;
	for (const s of all.values()) if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') pair = all.get(s.selectedCandidatePairId);
	pair ??= [...all.values()].find((s) => s.type === 'candidate-pair' && s.state === 'succeeded' && s.nominated === true);
	if (!pair) return out;
	const describe = (id: unknown): [string | null, string | null] => {
		const c = typeof id === 'string' ? all.get(id) : undefined;
		if (!c) return [null, null];
		return [`${String(c.candidateType)}/${String(c.protocol)}`, `${String(c.address ?? c.ip ?? '?')}:${String(c.port)}`];
	};
	[out.local, out.localAddress] = describe(pair.localCandidateId);
	[out.remote, out.remoteAddress] = describe(pair.remoteCandidateId);
	if (typeof pair.currentRoundTripTime === 'number') out.iceRtt = Math.round(pair.currentRoundTripTime * 1000);
	return out;
}

