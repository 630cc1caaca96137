/**
 * The sentence a phone shows when the host refused its command: the connection layer's own
 * reasons (not its seat, the game not begun, not joined, still sending) or the engine's
 * (out of turn and the rest, rendered as the engine's `rejected` event).
 */
import { m } from '$lib/paraglide/messages.js';
import { eventLocale } from '$lib/i18n/event-locale.svelte';
import { renderEvent } from '$lib/i18n/events';
import { REJECT_REASONS, type RejectReason } from '$lib/engine/game/types';

export function commandRefusal(reason: string, command = ''): string {
	switch (reason) {
		case 'not_your_seat':
			return m.net_command_refused({ reason: m.net_reason_not_your_seat() });
		case 'not_started':
			return m.net_command_refused({ reason: m.net_reason_not_started() });
		case 'not_joined':
			return m.net_command_refused({ reason: m.net_reason_not_joined() });
		case 'busy':
			return m.net_command_refused({ reason: m.net_reason_busy() });
		case 'asked_too_often':
			return m.net_command_refused({ reason: m.net_reason_asked_too_often() });
		case 'not_saved':
			return m.net_command_refused({ reason: m.net_reason_not_saved() });
	}
	if ((REJECT_REASONS as readonly string[]).includes(reason))
		return renderEvent({ type: 'rejected', reason: reason as RejectReason, command, audience: { to: 'master' } }, eventLocale());
	return m.net_command_refused({ reason });
}
