import { Input, useDirection } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { directionOf, isLocale, LOCALES } from '../../shared/locales';
import { changeLocale, currentLocale } from '../i18n';

/** A native <select>: the lightest accessible control, and it opens the platform's own picker on phones. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { setDirection } = useDirection();
  return (
    <Input
      component="select"
      aria-label={t('language.label')}
      value={currentLocale()}
      leftSection={<IconLanguage size={16} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      rightSectionPointerEvents="none"
      onChange={(event) => {
        const locale = event.currentTarget.value;
        if (!isLocale(locale)) return;
        void changeLocale(locale).then(() => setDirection(directionOf(locale)));
      }}
      w={150}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {t(`language.${locale}`)}
        </option>
      ))}
    </Input>
  );
}
