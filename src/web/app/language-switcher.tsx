import { useDirection } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { directionOf, isLocale, LOCALES } from '../../shared/locales';
import { SelectBox } from '../components/select-box';
import { changeLocale, currentLocale } from '../i18n';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { setDirection } = useDirection();
  return (
    <SelectBox
      aria-label={t('language.label')}
      value={currentLocale()}
      start={<IconLanguage size={16} aria-hidden />}
      end={<IconChevronDown size={14} aria-hidden />}
      onChange={(event) => {
        const locale = event.currentTarget.value;
        if (!isLocale(locale)) return;
        void changeLocale(locale).then(() => setDirection(directionOf(locale)));
      }}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {t(`language.${locale}`)}
        </option>
      ))}
    </SelectBox>
  );
}
