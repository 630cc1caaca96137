// See https://svelte.dev/docs/kit/types#app.d.ts
/// <reference types="vite-plugin-pwa/vanillajs" />
declare global {
	namespace App {}
}

export {};
