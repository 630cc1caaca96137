// Tests render game events in every language: each test file starts with all three
// languages' event texts loaded (the app loads one at a time, src/lib/i18n/events.ts).
import { LOCALES, loadEventTexts } from '../../src/lib/i18n/events';

await Promise.all(LOCALES.map((locale) => loadEventTexts(locale)));
