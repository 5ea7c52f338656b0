import type { Sentence, Slot, Word } from './step-sentence.ts';

/** A noun phrase of the step: the words that name an element, a value or a page. */
export interface Phrase {
  /** The words as written, without leading determiners and role words: "Trail Backpack", "email". */
  text: string;
  words: Word[];
  /** Set when the phrase is one quoted value or number. */
  slot?: Slot;
  /** Roles named by the phrase ("the Cart link" -> link). */
  roleHint?: string[];
  /** Says "page" or "screen": a place rather than an element. */
  page?: boolean;
}

const FIELD = ['textbox', 'searchbox', 'combobox', 'spinbutton'];
/** Words that name the kind of element rather than the element itself. */
const ROLE_WORDS: Record<string, string[]> = {
  button: ['button'],
  link: ['link'],
  field: FIELD,
  input: FIELD,
  textbox: ['textbox'],
  box: FIELD,
  area: ['textbox'],
  searchbox: ['searchbox'],
  checkbox: ['checkbox'],
  tickbox: ['checkbox'],
  radio: ['radio'],
  dropdown: ['combobox', 'listbox'],
  combobox: ['combobox'],
  selector: ['combobox', 'listbox'],
  picker: ['combobox', 'listbox'],
  menu: ['combobox', 'menu', 'listbox'],
  option: ['option', 'radio'],
  tab: ['tab'],
  heading: ['heading'],
  header: ['heading'],
  headline: ['heading'],
  image: ['img'],
  picture: ['img'],
  icon: ['img'],
  logo: ['img'],
  message: ['alert', 'status', 'text'],
  error: ['alert', 'status', 'text'],
  warning: ['alert', 'status', 'text'],
  notification: ['alert', 'status', 'text'],
  toast: ['alert', 'status', 'text'],
  status: ['status', 'text'],
  text: ['text'],
  label: ['text'],
  notice: ['text'],
  table: ['table'],
  row: ['row'],
  list: ['list'],
  form: ['form'],
};
/** Two words that make one role word: "search box", "radio button", "drop down". */
const ROLE_PAIRS: Record<string, string[]> = {
  'search box': ['searchbox'],
  'search field': ['searchbox'],
  'search bar': ['searchbox'],
  'radio button': ['radio'],
  'check box': ['checkbox'],
  'drop down': ['combobox', 'listbox'],
  'text field': ['textbox'],
  'text box': ['textbox'],
};
const DETERMINERS = new Set(['the', 'a', 'an', 'my', 'your', 'our', 'their', 'his', 'her', 'its', 'this', 'that', 'some']);
const PLACE_WORDS = new Set(['page', 'screen', 'view', 'site', 'website', 'tab']);

/** The phrase a run of words makes. */
export function phraseOf(sentence: Sentence, words: Word[]): Phrase {
  let content = words.filter((w) => w.slot || (w.normal !== '' && !DETERMINERS.has(w.normal)));
  const slots = [...new Set(content.map((w) => w.slot).filter((s): s is Slot => Boolean(s)))];
  let roleHint: string[] | undefined;
  let page = false;
  const plain = content.filter((w) => !w.slot);
  for (let i = 0; i < plain.length; i++) {
    const pair = i + 1 < plain.length ? ROLE_PAIRS[`${plain[i].normal} ${plain[i + 1].normal}`] : undefined;
    if (pair) {
      roleHint = pair;
      // "search box": the first word still names the element.
      content = content.filter((w) => w !== plain[i + 1]);
      if (pair[0] !== 'searchbox') content = content.filter((w) => w !== plain[i]);
      break;
    }
  }
  if (!roleHint) {
    for (const w of [...plain].reverse()) {
      if (PLACE_WORDS.has(w.normal) && w === plain[plain.length - 1]) {
        page = true;
        if (content.length > 1) content = content.filter((c) => c !== w);
        break;
      }
      const roles = ROLE_WORDS[w.normal];
      if (roles && (content.length > 1 || slots.length > 0)) {
        roleHint = roles;
        content = content.filter((c) => c !== w);
        break;
      }
    }
  }
  const onlySlot = slots.length === 1 && content.every((w) => w.slot === slots[0]) ? slots[0] : undefined;
  const text = onlySlot ? onlySlot.value : spanText(sentence, content);
  return { text, words: content, slot: onlySlot, roleHint, page };
}

/** The original text from the first to the last word, quotes and all. */
export function spanText(sentence: Sentence, words: Word[]): string {
  if (words.length === 0) return '';
  const first = words[0];
  const last = words[words.length - 1];
  const start = first.slot ? Math.min(first.slot.start, first.start) : first.start;
  const end = last.slot ? Math.max(last.slot.end, last.end) : last.end;
  return sentence.text.slice(start, end).trim();
}

/** A quoted value or number as a phrase of its own. */
export function slotPhrase(sentence: Sentence, slot: Slot): Phrase {
  return { text: slot.value, words: sentence.words.filter((w) => w.slot === slot), slot };
}

/** Everything after the verb as one phrase: "Add to cart button" rather than "Add" | "to cart button". */
export function restPhrase(sentence: Sentence): Phrase | null {
  const words = sentence.segments.flatMap((s) => (s.prepWord ? [s.prepWord, ...s.words] : s.words));
  return words.length > 0 ? phraseOf(sentence, words) : null;
}

/** A phrase after the verb with the preposition that introduced it: "into | the email field". */
export interface Part {
  prep: string | null;
  phrase: Phrase;
}

/** The phrases after the verb, each with its preposition. */
export function partsOf(sentence: Sentence): Part[] {
  return sentence.segments
    .map((s) => ({ prep: s.prep, phrase: phraseOf(sentence, s.words) }))
    .filter((p) => p.phrase.words.length > 0);
}
