/**
 * Test helper: the words of a Russian or Ukrainian line that would take its player's gender.
 * Past tenses and short participles agree with their subject ("Анна нашёл" is wrong for Anna,
 * "Анна нашла" for Boris), and a name says nothing sure of its bearer; so a line about a player
 * says what happens in the present ("находит", "знаходить") or as a noun ("ранение"). These are
 * the endings of those forms (and the short adjectives of a player's state: "здоров", "ранен"), less the words that end so and are something else: a noun
 * ("арсенал", "крокодила", "набоїв") or a verb whose subject the line names ("арбалет …
 * сработал", "стена устояла", "граната взорвалась").
 */
const GENDERED = {
	ru: {
		form: /^[а-яё]{2,}(л|ла|лся|лась)$|^(ранен|ранена|заражён|заражена|убит|убита|перенесён|перенесена|вылечен|вылечена|съеден|съедена|здоров|здорова|мёртв|мертва)$/u,
		others: ['арсенал', 'крокодил', 'крокодила', 'портал', 'выстрел', 'выстрела', 'сработал', 'устояла', 'взорвалась']
	},
	uk: {
		form: /^[а-яіїєґ’']{2,}(ов|ив|ав|ув|їв|ла|вся|лася)$|^(поранений|поранена|заражений|заражена|вбитий|вбита|перенесений|перенесена|здоровий|здорова|мертвий|мертва)$/u,
		others: ['набоїв', 'крокодила', 'спрацював', 'встояла', 'вибухнула']
	}
} as const;

/** The words of `text` (a line about a player, in `locale`) that agree with the player's gender. */
export function genderedWords(text: string, locale: keyof typeof GENDERED): string[] {
	const { form, others } = GENDERED[locale];
	const words = text.toLowerCase().match(/[а-яёіїєґ’']+/gu) ?? [];
	return words.filter((w) => form.test(w) && !(others as readonly string[]).includes(w));
}
