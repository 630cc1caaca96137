// Tests render game events in every language: each test file starts with all three
// languages' event texts loaded (the app loads one at a time, src/lib/i18n/event-texts.ts).
import { LOCALES } from '../../src/lib/i18n/events';
import { loadEventTexts } from '../../src/lib/i18n/event-texts';

await Promise.all(LOCALES.map((locale) => loadEventTexts(locale)));
