/**
 * Whether this page is not a secure context: opened over plain HTTP at a LAN address (what a
 * phone at the table opens), not https nor localhost. There the browser withholds the service
 * worker (install, offline), the camera and the wake lock; screens say so and offer what works.
 * False during prerendering (no window): ask after mount.
 */
export function insecureContext(): boolean {
	return typeof window !== 'undefined' && window.isSecureContext === false;
}
