/**
 * The service worker's life as reactive state, for the update toast.
 * Prompt mode: a new version installs in the background and waits; the player decides when
 * to reload (never in the middle of a game). The first install takes the page at once
 * (clientsClaim in vite.config.ts), so the app works offline after one visit.
 */
import { registerSW } from 'virtual:pwa-register';

/** How often an open app asks the server for a new version (only while online). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The version installed and waiting, if any (the same object each time for the same worker). */
async function waitingWorker(): Promise<ServiceWorker | null> {
	return (await navigator.serviceWorker.getRegistration())?.waiting ?? null;
}

class PwaStatus {
	#needRefresh = $state(false);
	#offlineReady = $state(false);
	#update: ((reloadPage?: boolean) => Promise<void>) | undefined;
	#started = false;
	/** The waiting version the player said "Later" to: not offered again until the next start. */
	#dismissed: ServiceWorker | null = null;

	/** A new version is installed and waiting for the player's go-ahead. */
	get needRefresh(): boolean {
		return this.#needRefresh;
	}

	/** The app has just been cached for offline use (first install). */
	get offlineReady(): boolean {
		return this.#offlineReady;
	}

	register(): void {
		if (this.#started || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
		this.#started = true;
		this.#update = registerSW({
			immediate: true,
			// workbox-window can announce one waiting version twice ("installed" by another tab,
			// then "waiting"): a version put off stays put off.
			onNeedRefresh: () => {
				void waitingWorker().then((waiting) => {
					if (!waiting || waiting !== this.#dismissed) this.#needRefresh = true;
				});
			},
			onOfflineReady: () => {
				this.#offlineReady = true;
			},
			onRegisteredSW: (_url, registration) => {
				if (!registration) return;
				setInterval(() => {
					if (navigator.onLine) void registration.update();
				}, UPDATE_CHECK_MS);
			}
		});
	}

	/** Activates the waiting version and reloads: only ever on the player's tap. */
	reload(): void {
		void this.#update?.(true);
	}

	dismissUpdate(): void {
		this.#needRefresh = false;
		void waitingWorker().then((waiting) => {
			this.#dismissed = waiting;
		});
	}

	dismissOfflineReady(): void {
		this.#offlineReady = false;
	}
}

export const pwa = new PwaStatus();
