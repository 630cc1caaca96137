/**
 * The connection layer (issue 6). Screens use the reactive wrappers in `table.svelte.ts` (the
 * tablet) and `seat.svelte.ts` (a phone: without the host's session and the rule engine):
 *
 *   // the tablet (load it with a dynamic import: it brings PeerJS and Dexie)
 *   const table = await HostTable.open({ room, gameId, via });   // listens at once
 *   table.presence / table.state / table.online / table.refused / table.waiting / table.problem   // reactive
 *   await table.admit(id) / await table.turnAway(id)   // the master lets a waiting phone in, or not
 *   await table.begin(game)          // the lobby's seats play `game` (kept in the games table)
 *   await table.master(command)      // on disk, then announced to every phone (viewFor per seat)
 *   table.inviteUrl() / table.offerSeat() / table.diagnostics() / table.close()
 *
 *   // a phone
 *   const seat = await SeatLink.join({ room, name, via });      // rejoins by itself
 *   seat.status / seat.seat / seat.names / seat.here / seat.view / seat.events / seat.trouble   // reactive
 *   const result = await seat.send(command)   // { ok } or { ok: false, reason } → commandRefusal()
 *
 * Underneath, all plain TypeScript tested in Node: `Link` (link.ts) with PeerJS (peer.ts), QR
 * codes (manual.ts, sdp.ts) and memory (memory.ts) behind it; `Channel` (order, exactly once,
 * acknowledgements, resends, heartbeat); `HostSession` and `PlayerSession`; their stores.
 */
export { Channel, percentiles, type ChannelOptions, type ChannelStats } from './channel';
export { HostSession, MAX_WAITING, MAX_ASKS, type HostOptions, type Presence, type TableSubmitted, type Waiting } from './host';
export { PlayerSession, type PlayerOptions, type PlayerStatus, type PlayerTrouble } from './player';
export { BaseLink, whenOpen, TRANSPORT_KINDS, type Link, type Listener, type Transport, type TransportKind, type LinkState } from './link';
export { memoryPair, MemoryNetwork, type Faults } from './memory';
export * from './protocol';
export type { HostStore, PhoneStore } from './session-records';
export { MemoryHostStore, MemoryPhoneStore } from './session-records';
