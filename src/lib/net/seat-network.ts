/**
 * What /join fetches by itself as soon as its form is shown, while the person types: the
 * network layer (PeerJS, the player's session, the protocol's schemas, the seat store), the
 * handshake's crypto and the seat's screen. The form is the phone's first chunk; this is not in
 * it (scripts/lib/route-js.js counts it with the route, after the first chunk).
 */
// The handshake's crypto (pin.ts): every join needs it, so it comes now rather than at the tap
// on Join (the session's own `import('./pin')` then finds it loaded).
import './pin';

export { SeatLink } from './seat.svelte';
export { default as SeatScreen } from '../components/net/SeatScreen.svelte';
