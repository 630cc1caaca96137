/**
 * What /join fetches by itself as soon as its form is shown, while the person types: the
 * network layer (PeerJS, the player's session, the protocol's schemas, the seat store) and the
 * seat's screen. The form is the phone's first chunk; this is not in it (scripts/lib/route-js.js
 * counts it with the route, after the first chunk).
 */
export { SeatLink } from './seat.svelte';
export { default as SeatScreen } from '../components/net/SeatScreen.svelte';
