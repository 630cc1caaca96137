/**
 * A link with no server at all: the tablet makes a WebRTC offer for one seat and shows it
 * as a QR code (compact, see sdp.ts); the phone scans it, answers, and shows its answer as a
 * QR code; the tablet scans that and the data channel opens. All candidates are gathered
 * before a code is made (there is nobody to trickle them through). Copy-and-paste of the
 * same text works where a camera is refused.
 */
import { BaseLink, type LinkDiagnostics } from './link';
import { rtcDiagnostics } from './diagnostics';
import { compact, expand, type SdpError } from './sdp';

/** No STUN or TURN: the devices share a network (a router or a phone's hotspot). */
export const OFFLINE_RTC: RTCConfiguration = { iceServers: [] };

export class ManualLink extends BaseLink {
	readonly kind = 'manual' as const;
	private channel: RTCDataChannel | null = null;

	constructor(
		readonly pc: RTCPeerConnection,
		peer: string
	) {
		super(peer);
		pc.addEventListener('iceconnectionstatechange', () => {
			if (pc.iceConnectionState === 'failed' || pc.iceConnectionState === 'closed') this.close();
		});
	}

	use(channel: RTCDataChannel): void {
		this.channel = channel;
		channel.addEventListener('open', () => this.setState('open'));
		channel.addEventListener('close', () => this.close());
		channel.addEventListener('message', (event: MessageEvent) => {
			if (typeof event.data === 'string') this.deliver(event.data);
		});
		if (channel.readyState === 'open') this.setState('open');
	}

	send(data: string): void {
		if (this.state !== 'open' || this.channel?.readyState !== 'open') return;
		try {
			this.channel.send(data);
		} catch {
			this.close();
		}
	}

	close(): void {
		if (this.state === 'closed') return;
		this.setState('closed');
		try {
			this.channel?.close();
			this.pc.close();
		} catch {
			// Already closed.
		}
	}

	diagnostics(): Promise<LinkDiagnostics> {
		return rtcDiagnostics(this.pc);
	}
}

function gathered(pc: RTCPeerConnection, timeoutMs: number): Promise<void> {
	if (pc.iceGatheringState === 'complete') return Promise.resolve();
	return new Promise((resolve) => {
		const done = () => {
			clearTimeout(timer);
			pc.removeEventListener('icegatheringstatechange', check);
			resolve();
		};
		const check = () => pc.iceGatheringState === 'complete' && done();
		// Some networks never report "complete": go with what was gathered by then.
		const timer = setTimeout(done, timeoutMs);
		pc.addEventListener('icegatheringstatechange', check);
	});
}

export class ManualError extends Error {
	constructor(readonly code: SdpError | 'wrong_kind') {
		super(code);
	}
}

/** The tablet's side: an offer for one seat; `accept` takes the phone's answer. */
export async function createOffer(config: RTCConfiguration = OFFLINE_RTC, gatherMs = 4000): Promise<{ code: string; link: ManualLink; accept(answer: string): Promise<ManualLink> }> {
	const pc = new RTCPeerConnection(config);
	const link = new ManualLink(pc, 'phone');
	link.use(pc.createDataChannel('labyrinth', { ordered: true }));
	await pc.setLocalDescription(await pc.createOffer());
	await gathered(pc, gatherMs);
	const code = compact('offer', pc.localDescription?.sdp ?? '');
	if (!code.ok) {
		link.close();
		throw new ManualError(code.error);
	}
	return {
		code: code.value,
		link,
		async accept(answer: string) {
			const description = expand(answer);
			if (!description.ok) throw new ManualError(description.error);
			if (description.value.type !== 'answer') throw new ManualError('wrong_kind');
			await pc.setRemoteDescription(description.value);
			return link;
		}
	};
}

/** The phone's side: takes the tablet's offer, returns its answer code and the link (open once the tablet has the answer). */
export async function answerOffer(offer: string, config: RTCConfiguration = OFFLINE_RTC, gatherMs = 4000): Promise<{ code: string; link: ManualLink }> {
	const description = expand(offer);
	if (!description.ok) throw new ManualError(description.error);
	if (description.value.type !== 'offer') throw new ManualError('wrong_kind');
	const pc = new RTCPeerConnection(config);
	const link = new ManualLink(pc, 'host');
	pc.addEventListener('datachannel', (event) => link.use(event.channel));
	await pc.setRemoteDescription(description.value);
	await pc.setLocalDescription(await pc.createAnswer());
	await gathered(pc, gatherMs);
	const code = compact('answer', pc.localDescription?.sdp ?? '');
	if (!code.ok) {
		link.close();
		throw new ManualError(code.error);
	}
	return { code: code.value, link };
}
