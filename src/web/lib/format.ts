import i18n from 'i18next';

/** Dates in the reader's language, e.g. "Jan 5, 2025" or "5 janv. 2025". */
export const formatDate = (iso: string, withTime = false) =>
  new Intl.DateTimeFormat(
    i18n.language,
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(new Date(iso));
