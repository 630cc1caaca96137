// The page that offers `npm start`'s certificate authority to a phone (CA_PAGE_PATH): its SHA-256
// fingerprint, to compare with the one the terminal printed before trusting it (a download over
// plain HTTP can be swapped on the way), what trusting it means, and how to remove it. The server
// renders it (no app, no script), in the phone's language, from the app's own messages (ca_page_*).
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build.js';

const LOCALES = ['en', 'ru', 'uk'];

/** @type {Map<string, Record<string, string>>} */
const catalogues = new Map();

/** @param {string} locale */
function catalogue(locale) {
	let messages = catalogues.get(locale);
	if (!messages) {
		messages = /** @type {Record<string, string>} */ (JSON.parse(readFileSync(join(ROOT, 'messages', `${locale}.json`), 'utf8')));
		catalogues.set(locale, messages);
	}
	return messages;
}

/**
 * The first of the app's locales the phone asks for (Accept-Language), else English.
 * @param {string | undefined} accept
 */
export function pageLocale(accept = '') {
	const asked = accept
		.split(',')
		.map((part) => part.trim().split(';')[0]?.split('-')[0]?.toLowerCase() ?? '')
		.filter(Boolean);
	return asked.find((locale) => LOCALES.includes(locale)) ?? 'en';
}

/** @param {string} text */
const escape = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page, for the authority `caDer`, in the phone's language, linking its download at `download`.
 * @param {Buffer} caDer
 * @param {string | undefined} acceptLanguage
 * @param {string} download
 */
export function caPage(caDer, acceptLanguage, download) {
	const locale = pageLocale(acceptLanguage);
	const m = catalogue(locale);
	const text = (/** @type {string} */ key) => escape(m[key] ?? catalogue('en')[key] ?? key);
	const fingerprint = /** @type {string} */ (new X509Certificate(caDer).fingerprint256);
	// eight groups of four bytes a line: easier to compare on a phone
	const groups = fingerprint.split(':').reduce((/** @type {string[]} */ lines, byte, i) => {
		if (i % 4 === 0) lines.push(byte);
		else lines[lines.length - 1] += `:${byte}`;
		return lines;
	}, []);
	return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text('ca_page_title')}</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:1rem auto;padding:0 1rem}code{font-size:1.05rem;display:block;padding:.5rem;background:#eee;color:#111;word-break:break-all}a.get{display:inline-block;margin:1rem 0;padding:.75rem 1rem;background:#1d4a3e;color:#fff;border-radius:.5rem;text-decoration:none}</style>
</head>
<body>
<h1>${text('ca_page_title')}</h1>
<p>${text('ca_page_compare')}</p>
<p>${text('ca_page_fingerprint')}</p>
<code id="fingerprint">${groups.join('<br>')}</code>
<a class="get" href="${escape(download)}" download="labyrinth-ca.crt">${text('ca_page_download')}</a>
<p>${text('ca_page_meaning')}</p>
<p>${text('ca_page_remove')}</p>
</body>
</html>
`;
}
