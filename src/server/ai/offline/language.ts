/**
 * "Is this English?", good enough to decline rather than answer nonsense: the built-in model reads
 * English only. Two signals, both linear in the text:
 * - letters outside ASCII (Arabic, CJK, Cyrillic, accented Latin): more than a quarter → not English;
 * - common function words: more of Spanish, French, German, Portuguese or Italian than of English → not
 *   English. A text with too few words to tell (a hashtag, a name) counts as English.
 */

const ENGLISH = new Set(
  'the a an and or but of to in on at for with from by is are was were be been it this that these those you your we our i my me he she they them his her their not no do does did have has had will would can could should just so if as all new now today more get how what when why who about up out'.split(
    ' ',
  ),
);
// Frequent words of the European languages most often mistaken for English; words they share with it
// ("a", "no", "in", "die") are left out.
const OTHERS = new Set(
  'el la los las un una unos y o pero de del que en con por para es son fue está están lo le les se su sus nuestro nuestra muy más hoy nuevo nueva gracias le la les des du et ou mais est sont avec pour dans sur une ce cette nous vous notre votre très aujourd nouveau nouvelle merci der das und oder aber ist sind mit für von zu auf ein eine einen dem den wir ihr unser unsere sehr heute neu neue danke nicht auch o os as um uma e é são com para em do da dos das nosso nossa muito hoje novo obrigado il lo gli e è sono con per di che nel della oggi nuova grazie'.split(
    ' ',
  ),
);

export interface LanguageGuess {
  english: boolean;
  /** Letters seen; 0 for a text with no letters at all (numbers, emoji). */
  letters: number;
}

export function guessEnglish(text: string): LanguageGuess {
  let letters = 0;
  let foreignLetters = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) letters += 1;
    else if (code > 127 && /\p{L}/u.test(char)) {
      letters += 1;
      foreignLetters += 1;
    }
  }
  if (letters > 0 && foreignLetters / letters > 0.25) return { english: false, letters };
  let english = 0;
  let other = 0;
  let start = -1;
  const lower = text.toLowerCase();
  // Words split by hand on anything that is not a letter or an apostrophe: no regular expression runs
  // over the whole text.
  for (let i = 0; i <= lower.length; i += 1) {
    const char = lower[i];
    const inWord = char !== undefined && (char === "'" || /\p{L}/u.test(char));
    if (inWord && start < 0) start = i;
    else if (!inWord && start >= 0) {
      const word = lower.slice(start, i);
      if (ENGLISH.has(word)) english += 1;
      else if (OTHERS.has(word)) other += 1;
      start = -1;
    }
  }
  return { english: !(other >= 2 && other > english), letters };
}
